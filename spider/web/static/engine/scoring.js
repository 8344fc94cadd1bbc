// Scoring profiles (spider/engine/scoring.py, docs/RULES.md "Scoring profiles"): each fixes how
// points move and the undo limit. The engine has no clock: the timed profile is told the time.
import { EngineError } from "./errors.js";

export const PROFILES = Object.freeze(["standard", "timed", "moves"]);

/**
 * Python's float floor division a // b (for the clock's periods and the win bonus), its rounding
 * included: fmod is exact, and so is JavaScript's %.
 * @param {number} a @param {number} b
 */
export function floorDiv(a, b) {
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod && b < 0 !== mod < 0) {
    mod += b;
    div -= 1;
  }
  if (!div) return 0;
  let floored = Math.floor(div);
  if (div - floored > 0.5) floored += 1;
  return floored;
}

/**
 * @typedef {object} Profile
 * @property {string} name
 * @property {number | null} undoLimit null: back to the start
 * @property {number} start
 * @property {boolean} showsScore
 * @property {boolean} restoresOnUndo timed undo is scored; the others restore the earlier score
 */

/** @type {Record<string, Profile>} */
const TABLE = {
  standard: { name: "standard", undoLimit: 100, start: 500, showsScore: true, restoresOnUndo: true },
  timed: { name: "timed", undoLimit: null, start: 0, showsScore: true, restoresOnUndo: false },
  moves: { name: "moves", undoLimit: null, start: 0, showsScore: false, restoresOnUndo: true },
};

/** @param {unknown} [name] */
export function profile(name = "standard") {
  if (typeof name === "string" && Object.prototype.hasOwnProperty.call(TABLE, name)) return TABLE[name];
  throw new EngineError("bad_profile", "Unknown scoring profile {profile!r}: choose standard, timed or moves",
    { profile: name });
}

/**
 * The score after a move or deal that completed `completed` sequences.
 * @param {Profile} p @param {number} score @param {number} completed @param {boolean} floor
 */
export function afterAction(p, score, completed, floor) {
  if (p.name === "standard") {
    score -= 1;
    if (floor && score < 0) score = 0;
    return score + 100 * completed;
  }
  if (p.name === "timed") return score + 10 + 10 * completed;
  return score;
}

/** Timed only: undo takes back what the undone action earned and earns +10 itself. @param {number} score @param {number} completed */
export const afterUndo = (score, completed) => Math.max(0, score - 10 - 10 * completed) + 10;

/**
 * Timed only: −30 for every full 30 s crossed, never below 0.
 * @param {Profile} p @param {number} score @param {number} before @param {number} after
 */
export function afterTime(p, score, before, after) {
  if (p.name !== "timed") return score;
  const periods = floorDiv(after, 30) - floorDiv(before, 30);
  return periods > 0 ? Math.max(0, score - 30 * periods) : score;
}

/** @param {Profile} p @param {number} elapsed */
export function winBonus(p, elapsed) {
  return p.name === "timed" ? floorDiv(600000, Math.max(1, elapsed)) : 0;
}
