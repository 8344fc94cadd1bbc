// The position (spider/engine/position.py): the cards where they lie, the rules that change them,
// and undo. Unchecked, like Python's: `Game` checks every action first. Kept plain rather than
// fast (the solver is not here): a column's movable run is worked out when asked.
import { accepts, continues, rankOf, suitOf } from "./cards.js";
import { illegal, EngineError, pyRepr } from "./errors.js";
import { layout } from "./deck.js";
import { afterAction, afterTime, afterUndo, winBonus } from "./scoring.js";

/** @typedef {import("./variants.js").Variant} Variant */
/** @typedef {import("./scoring.js").Profile} Profile */
/** @typedef {{src: number, dst: number, count: number}} RawMove a move with its card count, columns from 0 */
/** @typedef {RawMove | "deal"} RawAction */
/** @typedef {{column: number, suit: number, flipped: boolean}} Removal */
/**
 * What undo needs to take an action back.
 * @typedef {{action: RawAction, flipped: boolean, removals: Removal[], score: number}} UndoEntry
 */

/** @param {RawAction} a @param {RawAction} b */
export const sameAction = (a, b) => a === b || (a !== "deal" && b !== "deal" && a.src === b.src && a.dst === b.dst && a.count === b.count);

export class Position {
  /** @param {Variant} v @param {number[]} deck in deal order @param {Profile} scoring */
  constructor(v, deck, scoring) {
    const { columns, stock } = layout(v, deck);
    this.variant = v;
    this.profile = scoring;
    this.floor = v.game === "spider"; // the standard profile never scores below 0 in Spider
    this.cols = columns;
    this.down = columns.map((c) => c.length - 1);
    this.stock = stock;
    this.dealsDone = 0;
    /** @type {number[]} */
    this.removedSuits = [];
    this.moves = 0;
    this.score = scoring.start;
    this.elapsed = 0;
    /** @type {UndoEntry[]} */
    this.history = [];
  }

  clone() {
    const twin = Object.create(Position.prototype);
    Object.assign(twin, this, {
      cols: this.cols.map((c) => [...c]), down: [...this.down], removedSuits: [...this.removedSuits],
      history: [...this.history],
    });
    return /** @type {Position} */ (twin);
  }

  get dealsLeft() { return this.variant.deals.length - this.dealsDone; }
  get stockCount() { return this.stock.length - this.variant.deals.slice(0, this.dealsDone).reduce((a, b) => a + b, 0); }
  get removed() { return this.removedSuits.length; }
  get won() { return this.removedSuits.length === this.variant.sequences; }

  /** @param {number} col */
  faceUp(col) { return this.cols[col].slice(this.down[col]); }

  /** Length of the movable group at the end of `col`. @param {number} col */
  run(col) {
    const cards = this.cols[col];
    const down = this.down[col];
    let i = cards.length - 1;
    if (i < down) return 0;
    while (i > down && continues(cards[i - 1], cards[i], this.variant.relaxed)) i--;
    return cards.length - i;
  }

  /** Why the rules refuse a deal now ("" when they allow it). */
  dealRefusal() {
    if (this.dealsDone >= this.variant.deals.length) return "no_deals_left";
    return this.cols.some((c) => !c.length) ? "deal_with_empty_column" : "";
  }

  get canDeal() { return !this.dealRefusal(); }

  /**
   * Every distinct legal action, in the Python engine's order: by source; within a source the
   * moves onto cards by target, then every count from 1 up into each empty column; then "deal".
   * @param {boolean} [withDeal]
   */
  legalMoves(withDeal = true) {
    const tops = this.cols.map((c) => (c.length ? c[c.length - 1] % 13 : -1));
    const empties = tops.flatMap((top, i) => (top < 0 ? [i] : []));
    /** @type {RawAction[]} */
    const out = [];
    this.cols.forEach((cards, src) => {
      const run = this.run(src);
      if (!run) return;
      const base = cards[cards.length - 1] % 13;
      const most = Math.min(run, 12 - base);
      tops.forEach((top, dst) => {
        const k = top - base;
        if (k > 0 && k <= most) out.push({ src, dst, count: k });
      });
      for (const dst of empties) for (let k = 1; k <= run; k++) out.push({ src, dst, count: k });
    });
    if (withDeal && !empties.length && !this.dealRefusal()) out.push("deal");
    return out;
  }

  /** Refuse unless the top `count` cards of `src` may be picked up. @param {number} src @param {number} count */
  checkPick(src, count) {
    if (!(src >= 0 && src < this.cols.length)) throw illegal("no_such_column", { column: src + 1 });
    if (this.won) throw illegal("game_over");
    if (!this.cols[src].length) throw illegal("empty_source");
    this.checkGroup(src, count);
  }

  /** @param {number} src @param {number} count */
  checkGroup(src, count) {
    if (!(count > 0 && count <= this.cols[src].length - this.down[src])) throw illegal("bad_count", { count });
    if (count > this.run(src)) throw illegal(this.variant.relaxed ? "not_a_descending_run" : "not_a_run");
  }

  /**
   * The card count of a legal move, or the refusal naming the rule that stops it.
   * @param {number} src @param {number} dst @param {number | null} count null: the part that fits
   */
  checkMove(src, dst, count) {
    for (const col of [src, dst]) {
      if (!(col >= 0 && col < this.cols.length)) throw illegal("no_such_column", { column: col + 1 });
    }
    if (this.won) throw illegal("game_over");
    if (src === dst) throw illegal("same_column");
    const source = this.cols[src];
    const target = this.cols[dst];
    if (!source.length) throw illegal("empty_source");
    if (count === null) {
      if (!target.length) return this.run(src);
      const top = rankOf(target[target.length - 1]);
      if (top === 1) throw illegal("onto_ace");
      count = top - rankOf(source[source.length - 1]);
      if (!(count > 0 && count <= source.length - this.down[src]) || rankOf(source[source.length - count]) !== top - 1) {
        throw illegal("not_one_higher");
      }
    }
    this.checkGroup(src, count);
    if (!accepts(target, source[source.length - count])) {
      throw illegal(rankOf(target[target.length - 1]) === 1 ? "onto_ace" : "not_one_higher");
    }
    return count;
  }

  checkDeal() {
    if (this.won) throw illegal("game_over");
    const refusal = this.dealRefusal();
    if (refusal) throw illegal(/** @type {"no_deals_left" | "deal_with_empty_column"} */ (refusal));
  }

  checkUndo() {
    if (!this.history.length) {
      if (this.moves && this.profile.undoLimit !== null) throw illegal("undo_limit", { limit: this.profile.undoLimit });
      throw illegal("nothing_to_undo");
    }
    if (this.won) throw illegal("game_over");
  }

  /** The cards the next deal puts on the columns, first column first. */
  nextDeal() {
    if (this.dealsDone >= this.variant.deals.length) return [];
    const start = this.variant.deals.slice(0, this.dealsDone).reduce((a, b) => a + b, 0);
    return this.stock.slice(start, start + this.variant.deals[this.dealsDone]);
  }

  /** Play a checked move or deal; the sequences it completed. @param {RawAction} action */
  play(action) {
    /** @type {Removal[]} */
    let removals = [];
    let flipped = false;
    const before = this.score;
    if (action === "deal") {
      const dealt = this.nextDeal();
      dealt.forEach((card, col) => this.cols[col].push(card));
      this.dealsDone += 1;
      for (let col = 0; col < dealt.length; col++) removals.push(...this.removeCompleted(col));
    } else {
      const { src, dst, count } = action;
      const source = this.cols[src];
      this.cols[dst].push(...source.splice(source.length - count, count));
      if (source.length && source.length === this.down[src]) {
        this.down[src] -= 1;
        flipped = true;
      }
      removals = this.removeCompleted(dst);
    }
    this.history.push({ action, flipped, removals, score: before });
    if (this.profile.undoLimit !== null && this.history.length > this.profile.undoLimit) this.history.shift();
    this.moves += 1;
    this.score = afterAction(this.profile, this.score, removals.length, this.floor);
    if (removals.length && this.won) this.score += winBonus(this.profile, this.elapsed);
    return removals.length;
  }

  /** Remove a king-to-ace run of one suit ending `col`, if there is one. @param {number} col @returns {Removal[]} */
  removeCompleted(col) {
    const cards = this.cols[col];
    if (this.run(col) < 13) return [];
    const last = cards[cards.length - 1];
    const suit = suitOf(last);
    if (rankOf(last) !== 1 || cards.slice(-13).some((c) => suitOf(c) !== suit)) return [];
    cards.length -= 13;
    const flipped = cards.length === this.down[col] && this.down[col] > 0;
    if (flipped) this.down[col] -= 1;
    this.removedSuits.push(suit);
    return [{ column: col, suit, flipped }];
  }

  /** Take back the last action exactly (checkUndo first). */
  undo() {
    const entry = /** @type {UndoEntry} */ (this.history.pop());
    for (const { column, suit, flipped } of [...entry.removals].reverse()) {
      if (flipped) this.down[column] += 1;
      for (let rank = 13; rank >= 1; rank--) this.cols[column].push(suit * 13 + rank - 1);
      this.removedSuits.pop();
    }
    const action = entry.action;
    if (action === "deal") {
      for (const column of this.cols.slice(0, this.variant.deals[this.dealsDone - 1])) column.pop();
      this.dealsDone -= 1;
    } else {
      if (entry.flipped) this.down[action.src] += 1;
      const target = this.cols[action.dst];
      this.cols[action.src].push(...target.splice(target.length - action.count, action.count));
    }
    if (this.profile.restoresOnUndo) {
      this.score = entry.score;
      this.moves -= 1;
    } else {
      this.score = afterUndo(this.score, entry.removals.length);
      this.moves += 1;
    }
  }

  /** How many seconds of unpaused play have passed (the timed profile scores them). @param {unknown} elapsed */
  advanceClock(elapsed) {
    if (typeof elapsed !== "number" || !Number.isFinite(elapsed)) {
      throw new EngineError("bad_time", "Elapsed time must be a finite number of seconds, not {elapsed!r}",
        { elapsed: typeof elapsed === "number" ? elapsed : pyRepr(elapsed) });
    }
    if (elapsed > this.elapsed) {
      if (!this.won) this.score = afterTime(this.profile, this.score, this.elapsed, elapsed);
      this.elapsed = elapsed;
    }
  }
}
