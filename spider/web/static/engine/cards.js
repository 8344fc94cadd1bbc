// Cards as small integers inside the engine, strings such as "10S" at every boundary
// (spider/engine/cards.py): a card is suit * 13 + rank - 1, rank 1 (ace) … 13 (king), suit 0–3 in S H D C.
import { EngineError, pyRepr, pyStrip } from "./errors.js";

export const SUITS = "SHDC";
export const RANKS = Object.freeze(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]);

/** @type {Record<string, number>} */
const RANK_INPUT = Object.fromEntries([...RANKS.map((name, i) => [name, i + 1]), ["T", 10]]);
const TEXT = [...SUITS].flatMap((s) => RANKS.map((r) => r + s));
const PARSE = new Map(TEXT.map((text, i) => [text, i]));

/** @param {number} rank @param {number} suit */
export const make = (rank, suit) => suit * 13 + rank - 1;
/** @param {number} card */
export const rankOf = (card) => (card % 13) + 1;
/** @param {number} card */
export const suitOf = (card) => Math.floor(card / 13);

/**
 * Whether `above` extends a movable run ending in `below`: one rank lower and of the same suit
 * (any suit under relaxed rules).
 * @param {number} below @param {number} above @param {boolean} relaxed
 */
export function continues(below, above, relaxed) {
  return below % 13 === (above % 13) + 1 && (relaxed || suitOf(below) === suitOf(above));
}

/**
 * Whether a group whose first card is `first` may be put on `column`: an empty column takes any
 * group, otherwise its last card must be one rank higher (of any suit).
 * @param {number[]} column @param {number} first
 */
export function accepts(column, first) {
  return !column.length || column[column.length - 1] % 13 === (first % 13) + 1;
}

/** @param {number} card */
export const cardText = (card) => TEXT[card];

/**
 * Parse "10S", "ts", "qh"…; EngineError "bad_card" naming the bad card.
 * @param {unknown} text
 */
export function parseCard(text) {
  if (typeof text !== "string") {
    throw new EngineError("bad_card", "A card must be a string such as '10S', not {card}", { card: pyRepr(text) });
  }
  const cleaned = pyStrip(text).toUpperCase();
  const card = PARSE.get(cleaned);
  if (card !== undefined) return card;
  const chars = [...cleaned];
  const head = chars.slice(0, -1).join("");
  const rank = Object.prototype.hasOwnProperty.call(RANK_INPUT, head) ? RANK_INPUT[head] : undefined;
  const last = chars.length ? chars[chars.length - 1] : "";
  const suit = last.length === 1 ? SUITS.indexOf(last) : -1;
  if (rank === undefined || suit < 0) {
    throw new EngineError(
      "bad_card", "Unknown card {card!r}: expected a rank A 2-10 J Q K (or T) and a suit S H D C", { card: text });
  }
  return make(rank, suit);
}
