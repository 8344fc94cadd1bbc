// The table the player sees while actions await the server's answer. A move that the view's
// groups allow is shown at once (the view names each group's legal targets, so the page needs no
// rule of its own); the server's answer then confirms it or puts the cards back. Pure: no DOM.

/** @import { Column, GameView, MoveEvents } from "../api" */
/** An action to send: its notation ({action: "3>7:2", "deal"…}) or the best move of a group.
 * @typedef {{action?: string, best?: {column: number, count: number}}} Payload */
/** A move: `count` cards from column `from` to column `to`.
 * @typedef {{from: number, to: number, count: number}} Move */
/** An action queued: what was asked, the move shown at once (or null), the columns it may change
 * (null: any) and what the page shows of it.
 * @typedef {{payload: Payload, move: Move | null, touched: number[] | null, events: MoveEvents | null}} Entry */

const MOVE = /^(\d+)>(\d+):(\d+)$/;

/** The group of `count` cards at the end of column `column`, as the view lists it, or null.
 * @param {GameView} view @param {number} column @param {number} count */
function groupOf(view, column, count) {
  return (view.groups || []).find((g) => g.column === column && g.count === count) || null;
}

/** The move {from, to, count} of an action ({action: "3>7:2"} or {best}) that `view` says is
 * legal and whose cards it shows, or null: the server decides that one first.
 * @param {GameView | null} view @param {Payload | null | undefined} payload @returns {Move | null} */
export function plannedMove(view, payload) {
  if (!view || view.status !== "active" || view.won || !payload) return null;
  /** @type {number} */
  let from;
  /** @type {number} */
  let to;
  /** @type {number} */
  let count;
  if (payload.best) {
    ({ column: from, count } = payload.best);
    const group = groupOf(view, from, count);
    if (!group || group.best === null || group.best === undefined) return null;
    to = group.best;
  } else {
    const parts = MOVE.exec(payload.action || "");
    if (!parts) return null;
    [from, to, count] = parts.slice(1).map(Number);
  }
  const group = groupOf(view, from, count);
  return group && group.targets.includes(to) ? { from, to, count } : null;
}

/** The action text of a move, in the notation of docs/FORMATS.md. */
export const moveAction = (/** @type {Move} */ move) => `${move.from}>${move.to}:${move.count}`;

/** The columns an action may change: a move's two, or null for every column (a deal, an undo, a
 * redo, or a best move whose column the view does not know).
 * @param {Payload | null | undefined} payload @param {Move | null} [move] */
export function touchedBy(payload, move = null) {
  if (move) return [move.from, move.to];
  const parts = MOVE.exec((payload && payload.action) || "");
  return parts ? [Number(parts[1]), Number(parts[2])] : null;
}

/** What a shown move does, as the server's "events" say it, without what only the server knows
 * (a card turned up, a sequence completed, a win).
 * @param {GameView} view @param {Move} move @returns {MoveEvents} */
export function moveEvents(view, move) {
  const from = view.columns[move.from - 1].up;
  const onto = view.columns[move.to - 1].up;
  return {
    kind: "move", action: moveAction(move), from: move.from, to: move.to,
    cards: from.slice(from.length - move.count), onto: onto.length ? onto[onto.length - 1] : null,
    revealed: [], completed: [], hidden: 0, won: false, redone: false,
  };
}

/** The columns after the cards of `move` went from its column to the end of another. A column
 * left with face-down cards only shows them until the server says which card turned up.
 * @param {Column[]} columns @param {Move} move */
export function movedColumns(columns, move) {
  const out = columns.slice();
  const from = columns[move.from - 1];
  const cards = from.up.slice(from.up.length - move.count);
  out[move.from - 1] = { ...from, up: from.up.slice(0, from.up.length - move.count) };
  const to = columns[move.to - 1];
  out[move.to - 1] = { ...to, up: [...to.up, ...cards] };
  return out;
}

/** The server's last view (`base`) and the actions sent or queued after it, in order. */
export class Outbox {
  /** @param {GameView | null} [view] */
  constructor(view = null) {
    this.base = view;
    /** @type {Entry[]} */
    this.entries = [];
  }

  /** A new table (a new game, a refusal's fresh view): whatever was queued is dropped. */
  /** @param {GameView | null} view */
  reset(view) {
    this.base = view;
    this.entries = [];
  }

  /** @param {Entry} entry */
  holds(entry) {
    return this.entries.includes(entry);
  }

  get pending() {
    return this.entries.length;
  }

  /** Queue an action; a move the shown table allows is shown at once (`entry.move` is set, and
   * `entry.events` says what the page shows of it).
   * @param {Payload} payload @returns {Entry} */
  add(payload) {
    const shown = this.view;
    const move = plannedMove(shown, payload);
    const entry = { payload, move, touched: touchedBy(payload, move), events: move ? moveEvents(/** @type {GameView} */ (shown), move) : null };
    this.entries.push(entry);
    return entry;
  }

  /** The body to send for an entry, with the version of the server's last view.
   * @param {Entry} entry */
  body(entry) {
    const action = entry.move ? { action: moveAction(entry.move) } : entry.payload;
    return { ...action, version: /** @type {GameView} */ (this.base).version };
  }

  /** The server played the entry: its answer is the new base. */
  /** @param {Entry} entry @param {GameView} view */
  settle(entry, view) {
    this.base = view;
    this.drop(entry);
  }

  /** The server refused the entry and changed nothing. */
  /** @param {Entry} entry */
  drop(entry) {
    this.entries = this.entries.filter((e) => e !== entry);
  }

  /** The table to show: the server's view with every queued move the page showed played on it.
   * While actions are on their way, a group keeps only the targets no queued action touches (a
   * move's legality depends on its own two columns), and its best column is the server's to say.
   * @returns {(GameView & {pending?: number}) | null} */
  get view() {
    if (!this.base || !this.entries.length) return this.base;
    let columns = this.base.columns;
    /** @type {Set<number>} */
    const touched = new Set();
    let everything = false;
    for (const entry of this.entries) {
      if (entry.move) columns = movedColumns(columns, entry.move);
      if (entry.touched) for (const c of entry.touched) touched.add(c);
      else everything = true;
    }
    const groups = everything ? [] : (this.base.groups || [])
      .filter((g) => !touched.has(g.column))
      .map((g) => ({ ...g, targets: g.targets.filter((c) => !touched.has(c)), best: null }));
    return { ...this.base, columns, groups, pending: this.entries.length };
  }
}
