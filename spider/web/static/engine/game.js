// A game in play (spider/engine/game.py): made from a code, a deck or a record, changed only by
// `apply`, each action checked by the rules and kept in the game's record. Refusals throw
// EngineError and change nothing.
import { cardText } from "./cards.js";
import { formatCode, parseCode, shuffledDeck } from "./codes.js";
import { parseDeck } from "./deck.js";
import { EngineError, illegal } from "./errors.js";
import { formatMove, parseAction } from "./notation.js";
import { playEvents, undoEvents } from "./outcome.js";
import { Position, sameAction } from "./position.js";
import { played, readRecord } from "./records.js";
import { profile as scoringProfile } from "./scoring.js";
import { bestColumn, groups } from "./targets.js";
import { variant } from "./variants.js";
import { publicView } from "./view.js";

/** @typedef {import("./variants.js").Variant} Variant */
/** @typedef {import("./position.js").RawAction} RawAction */
/** @typedef {import("./outcome.js").Events} Events */
/** @typedef {import("./notation.js").Action} Action */
/** @typedef {string | {best: {column: number, count: number}}} PlayerAction */

const BAD_ACTION = "An action must be text such as '3>7', 'deal' or 'undo', not {action}";

/** @param {RawAction} step */
const notation = (step) => (step === "deal" ? "deal" : formatMove(step.src, step.dst, step.count));

export class Game {
  /** Use the static constructors. @param {Position} position @param {number[]} deck @param {number | null} dealNumber */
  constructor(position, deck, dealNumber) {
    this.position = position;
    this.deck = deck;
    this.dealNumber = dealNumber;
    /** @type {string[]} */
    this.actionList = [];
    /** @type {number[]} */
    this.timeList = [];
    // What undo took back since the last new action, the next to redo last. An action equal to
    // the next redo is that redo, so this follows from the action list alone.
    /** @type {RawAction[]} */
    this.undone = [];
  }

  /** The deal a game code names, at its start. @param {unknown} code @param {unknown} [profile] */
  static fromCode(code, profile = "standard") {
    const scoring = scoringProfile(profile);
    const parsed = parseCode(code);
    const deck = shuffledDeck(parsed.variant, parsed.deal);
    return new Game(new Position(parsed.variant, deck, scoring), deck, parsed.deal);
  }

  /**
   * A deal from a deck of a level in deal order ("10S", "qh"…).
   * @param {{game: string, suits: number, rules: string}} level a variant, or any object naming one
   * @param {unknown} deck @param {unknown} [profile]
   */
  static fromDeck(level, deck, profile = "standard") {
    const scoring = scoringProfile(profile);
    const v = variant(level.game, level.suits, level.rules);
    const cards = parseDeck(v, deck);
    return new Game(new Position(v, cards, scoring), cards, null);
  }

  /**
   * A game from its record (an object or JSON text), its actions replayed: a refused action throws
   * the refusal's reason with params {index, action, error}, its message "action i ('…'): why".
   * @param {unknown} data
   */
  static fromRecord(data) {
    const start = readRecord(data);
    scoringProfile(start.profile); // the profile is checked before the code or deck
    let game;
    if (start.code !== null) {
      game = Game.fromCode(start.code, start.profile);
      if (start.variant !== null && start.variant.key !== game.variant.key) {
        throw new EngineError("bad_record", "The code {code} is for {code_level}, not {level}",
          { code: start.code, code_level: game.variant.key, level: start.variant.key });
      }
    } else {
      game = Game.fromDeck(/** @type {Variant} */ (start.variant), start.deck, start.profile);
    }
    const { actions, times } = played(start);
    actions.forEach((action, index) => {
      try {
        game.apply(/** @type {PlayerAction} */ (action), times && times.length ? times[index] : undefined);
      } catch (e) {
        if (!(e instanceof EngineError)) throw e;
        const error = new EngineError(e.reason, "action {index} ({action!r}): {error}", { index, action, error: e.message });
        error.cause = e;
        throw error;
      }
    });
    return game;
  }

  /** An independent copy, record and redo included. */
  copy() {
    const twin = new Game(this.position.clone(), this.deck, this.dealNumber);
    twin.actionList = [...this.actionList];
    twin.timeList = [...this.timeList];
    twin.undone = [...this.undone];
    return twin;
  }

  /**
   * Play one action: notation ("3>7", "3>7:2", "deal", "undo", "redo") or {best: {column, count}}
   * (columns from 1: that group to its best column), at `elapsed` seconds of play if given.
   * @param {PlayerAction} action @param {number} [elapsed]
   * @returns {Events} as the Python engine's Outcome.events()
   */
  apply(action, elapsed) {
    const { step, text } = this.checked(action);
    if (elapsed !== undefined && elapsed !== null) this.position.advanceClock(elapsed);
    const events = this.described(step, text);
    this.actionList.push(text);
    if ((elapsed !== undefined && elapsed !== null) || this.timeList.length) {
      // one time per action: those before the first time given count as 0 s; the game's clock is kept
      while (this.timeList.length < this.actionList.length - 1) this.timeList.push(0);
      this.timeList.push(this.position.elapsed);
    }
    return events;
  }

  /**
   * The action as it would be played and its notation as the record keeps it, or the refusal.
   * @param {unknown} action
   * @returns {{step: RawAction | "undo", text: string}}
   */
  checked(action) {
    /** @type {Action} */
    let parsed;
    if (typeof action === "object" && action !== null && "best" in action) {
      const best = /** @type {{best: any}} */ (action).best;
      if (!best || !Number.isInteger(best.column) || !Number.isInteger(best.count)) {
        throw new EngineError("bad_action", BAD_ACTION, { action: JSON.stringify(action) });
      }
      const src = best.column - 1;
      parsed = { src, dst: bestColumn(this.position, src, best.count), size: best.count };
    } else {
      parsed = parseAction(action);
    }
    /** @type {RawAction | "undo"} */
    let step;
    if (parsed === "redo") {
      if (this.position.won) throw illegal("game_over");
      if (!this.undone.length) throw illegal("nothing_to_redo");
      step = this.undone[this.undone.length - 1];
    } else if (parsed === "deal") {
      this.position.checkDeal();
      step = "deal";
    } else if (parsed === "undo") {
      this.position.checkUndo();
      step = "undo";
    } else {
      step = { src: parsed.src, dst: parsed.dst, count: this.position.checkMove(parsed.src, parsed.dst, parsed.size) };
      if (parsed.size === null) return { step, text: formatMove(parsed.src, parsed.dst) }; // the implied form stays implied
    }
    return { step, text: step === "undo" ? "undo" : notation(step) };
  }

  /** Play a checked action and say what it did. @param {RawAction | "undo"} step @param {string} text */
  described(step, text) {
    const position = this.position;
    if (step === "undo") {
      const entry = position.history[position.history.length - 1];
      this.undone.push(entry.action);
      position.undo();
      return undoEvents(entry, text);
    }
    const cards = step === "deal" ? position.nextDeal() : position.cols[step.src].slice(-step.count);
    const target = step === "deal" ? [] : position.cols[step.dst];
    const onto = target.length ? target[target.length - 1] : null;
    let redone = false;
    if (this.undone.length) { // the next redo pops, any other action ends redo
      redone = sameAction(this.undone[this.undone.length - 1], step);
      if (redone) this.undone.pop();
      else this.undone = [];
    }
    position.play(step);
    return playEvents(position, step, cards, onto, redone, text);
  }

  /** Seconds of unpaused play so far (the timed profile scores them); never goes back. @param {number} elapsed */
  advanceClock(elapsed) {
    this.position.advanceClock(elapsed);
  }

  get variant() { return this.position.variant; }
  get profile() { return this.position.profile; }
  /** The game's code, null when it was made from a deck. */
  get code() { return this.dealNumber === null ? null : formatCode(this.variant, this.dealNumber); }
  get actions() { return [...this.actionList]; }
  get times() { return [...this.timeList]; }
  get moves() { return this.position.moves; }
  get score() { return this.position.score; }
  get elapsed() { return this.position.elapsed; }
  get won() { return this.position.won; }
  get dealsLeft() { return this.position.dealsLeft; }
  get canDeal() { return this.position.canDeal; }
  get canUndo() { return this.position.history.length > 0 && !this.won; }
  get canRedo() { return this.undone.length > 0 && !this.won; }

  /** Every distinct legal move (with its count) then "deal", as notation. */
  legalActions() {
    return this.position.legalMoves().map(notation);
  }

  /** Each movable group with the columns that take it (columns from 0). */
  groups() {
    return groups(this.position);
  }

  /** Where the top `count` cards of `src` go as the best column (columns from 0). @param {number} src @param {number} count */
  bestColumn(src, count) {
    return bestColumn(this.position, src, count);
  }

  /** The engine's part of the web API's GameView: face-down cards and the stock only as counts. */
  view() {
    return publicView(this);
  }

  /** The game's record (docs/FORMATS.md): fromRecord of it gives this game again. */
  record() {
    const v = this.variant;
    /** @type {Record<string, unknown>} */
    const out = { game: v.game, suits: v.suits, rules: v.rules };
    if (this.dealNumber !== null) out.code = this.code;
    else out.deck = this.deck.map(cardText);
    out.actions = this.actions;
    out.profile = this.profile.name;
    if (this.timeList.length) out.times = this.times;
    return out;
  }
}
