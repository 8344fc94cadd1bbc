// Where a group can go (spider/engine/targets.py, docs/RULES.md "The best column"): everything
// derives from Position.legalMoves, the same legality the Python engine and its solver use.
import { suitOf } from "./cards.js";
import { illegal } from "./errors.js";

/** @typedef {import("./position.js").Position} Position */
/** @typedef {{src: number, count: number, targets: number[]}} Group columns from 0 */

/**
 * Each movable group, ordered by source column then card count, with the columns that accept it,
 * leftmost first.
 * @param {Position} position
 * @returns {Group[]}
 */
export function groups(position) {
  /** @type {Map<string, Group>} */
  const found = new Map();
  for (const step of position.legalMoves(false)) {
    if (step === "deal") continue;
    const key = `${step.src}:${step.count}`;
    const group = found.get(key) ?? { src: step.src, count: step.count, targets: [] };
    group.targets.push(step.dst);
    found.set(key, group);
  }
  return [...found.values()]
    .sort((a, b) => a.src - b.src || a.count - b.count)
    .map((g) => ({ ...g, targets: g.targets.sort((a, b) => a - b) }));
}

/**
 * Same suit one rank higher; else one rank higher; else an empty column (never moving a whole
 * column into an empty one); ties go to the leftmost. Refused ("no_target") if none fits.
 * @param {Position} position @param {number} src @param {number} count
 * @param {number[]} [fits] the group's targets when the caller has them already
 */
export function bestColumn(position, src, count, fits) {
  position.checkPick(src, count);
  const cols = position.cols;
  const source = cols[src];
  const suit = suitOf(source[source.length - count]);
  const targets = fits ?? groups(position).find((g) => g.src === src && g.count === count)?.targets ?? [];
  const filled = targets.filter((d) => cols[d].length);
  const same = filled.find((d) => suitOf(cols[d][cols[d].length - 1]) === suit);
  if (same !== undefined) return same;
  if (filled.length) return filled[0];
  const empties = targets.filter((d) => !cols[d].length);
  if (empties.length && count !== source.length) return empties[0];
  throw illegal("no_target");
}
