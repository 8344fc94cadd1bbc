// What an action did, as the web API's `events` (spider/engine/actions.py Outcome.events): they
// name only cards that are face up after the action; a card an undo turns face down is only counted.
import { SUITS, cardText } from "./cards.js";

/** @typedef {import("./position.js").Position} Position */
/** @typedef {import("./position.js").RawAction} RawAction */
/** @typedef {import("./position.js").UndoEntry} UndoEntry */

/**
 * @typedef {object} Events
 * @property {"move" | "deal" | "undo"} kind
 * @property {string} action the action as the record keeps it
 * @property {number} [from] @property {number} [to] columns from 1 (an undo's: where the cards go back from and to)
 * @property {string[]} [cards] @property {string | null} [onto]
 * @property {"move" | "deal"} [undone] @property {number} [restored]
 * @property {{column: number, card: string}[]} revealed
 * @property {{column: number, suit: string}[]} completed
 * @property {number} hidden @property {boolean} won @property {boolean} redone
 */

/**
 * The events of an undo, from the entry it took back.
 * @param {UndoEntry} entry @param {string} text
 * @returns {Events}
 */
export function undoEvents(entry, text) {
  const undone = entry.action;
  /** @type {Events} */
  const out = {
    kind: "undo", undone: undone === "deal" ? "deal" : "move",
    hidden: Number(entry.flipped) + entry.removals.filter((r) => r.flipped).length,
    restored: entry.removals.length,
    action: text, revealed: [], completed: [], won: false, redone: false,
  };
  if (undone !== "deal") Object.assign(out, { from: undone.dst + 1, to: undone.src + 1 });
  return out;
}

/**
 * The events of a move or deal just played: `cards` and `onto` as they were before it.
 * @param {Position} position after the action
 * @param {RawAction} step @param {number[]} cards @param {number | null} onto @param {boolean} redone @param {string} text
 * @returns {Events}
 */
export function playEvents(position, step, cards, onto, redone, text) {
  const entry = position.history[position.history.length - 1];
  const revealed = [...(entry.flipped && step !== "deal" ? [step.src] : []),
    ...entry.removals.filter((r) => r.flipped).map((r) => r.column)];
  /** @type {Events} */
  const out = step === "deal"
    ? { kind: "deal", cards: cards.map(cardText), action: text, revealed: [], completed: [], hidden: 0, won: false, redone }
    : {
      kind: "move", from: step.src + 1, to: step.dst + 1, cards: cards.map(cardText),
      onto: onto === null ? null : cardText(onto), action: text, revealed: [], completed: [], hidden: 0, won: false, redone,
    };
  out.revealed = revealed.map((col) => ({ column: col + 1, card: cardText(position.cols[col][position.down[col]]) }));
  out.completed = entry.removals.map((r) => ({ column: r.column + 1, suit: SUITS[r.suit] }));
  out.won = entry.removals.length > 0 && position.won;
  return out;
}
