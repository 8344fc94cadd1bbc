// Actions. A practice game the page plays itself (play/local.js) applies each move, deal, undo and
// redo at once through the browser engine, kept on the device and sent in batches (play/sync.js); a
// refusal by the engine puts the cards back as the server's would. A daily deal's actions (and a
// practice game's until the page holds it) go to the server one at a time, and the view that comes
// back is adopted (animated, sounded and announced): a move the view says is legal is shown at once
// (play/optimism.js) and the answer confirms it, turns up the card it uncovered and brings the
// score and counters; a refusal puts the cards back. Deals, undos and redos, and moves the view
// cannot vouch for, wait for the answer. A won game is handed to the onWon() hooks, so the table
// knows nothing of the dialog that shows the result.
import { api, ApiError } from "../core/api.js";
import { $ } from "../core/dom.js";
import { tenths } from "../core/format.js";
import { hookList } from "../core/hooks.js";
import { t } from "../core/i18n.js";
import { connectionLost } from "../core/offline.js";
import { play } from "../core/sound.js";
import { state, subscribe, update } from "../core/state.js";
import { EngineError } from "../engine/index.js";
import { clockFromView, elapsed, syncClock } from "../table/clock.js";
import { applyRovingFocus, buttonAt } from "../table/focus.js";
import { cardRects, flip, flyCompleted, returnCards, shakeElement } from "../table/motion.js";
import { announce, announceMore, clearReminder, describeEvents, describeOutcome, remind } from "../table/speech.js";
import { playedHere, playHere } from "./local.js";
import { Outbox } from "./optimism.js";
import { playedOnPage } from "./sync.js";
import { takeOnPage } from "./take.js";
/** @import { GameView, MoveEvents } from "../api" */
/** @import { Entry, Move, Payload } from "./optimism.js" */ /** @import { Events } from "../table/motion.js" */
/** What an action came with: the dragged cards' items (`lis`) or the stock it was dealt from.
 * @typedef {{lis?: HTMLElement[], stock?: boolean}} Context */
/** A place in the tableau: column `col`, card `idx`.
 * @typedef {{col: number, idx: number}} Spot */

/** @type {ReturnType<typeof hookList<(view: GameView) => unknown>>} */
const wonHooks = hookList();

/** `hook(view)` runs once a won game's last cards have flown (app.js shows the result and its
 *  celebration); each hook is awaited in turn. Returns the function that removes it.
 * @param {(view: GameView) => unknown} hook */
export function onWon(hook) {
  return wonHooks.add(hook);
}

// The server's last view and the actions after it; state.shown is the view this module last put
// on the table. Any other view put there (a new game, a reconnection) is a new table: the actions
// still queued were aimed at the old one and are dropped.
const outbox = new Outbox();
subscribe((changed) => {
  if (changed.has("view") && state.view !== state.shown) {
    outbox.reset(state.view);
    takeOnPage(state.view, () => outbox.pending > 0);
  }
});

// One request at a time (state.sent): each is sent with the version the previous answer left.
/** @param {() => Promise<unknown>} task */
function enqueue(task) {
  const sent = state.sent.then(task).catch((error) => {
    console.error(error); // eslint-disable-line no-console
  });
  update({ sent });
  return sent;
}

/** Resolves once every action played so far has its answer (the table is the server's again). */
export function settled() {
  return state.sent;
}

/** Play an action ({action} or {best}); ctx.lis are dragged cards, ctx.stock a deal's origin.
 * Resolves once the server has answered it.
 * @param {Payload} payload @param {Context} [ctx] */
export function act(payload, ctx = {}) {
  if (!state.view || state.paused) {
    if (ctx.lis) returnCards(ctx.lis, false);
    return state.sent;
  }
  if (playedHere(state.view) && !outbox.pending) return actHere(payload, ctx);
  const entry = outbox.add(payload);
  if (entry.move) showMove(entry);
  return enqueue(() => transmit(entry, ctx));
}

/** An action of the game the page plays: the engine plays it at once (or refuses it, as the server
 * would), the device keeps it, and a batch takes it to the server later.
 * @param {Payload} payload @param {Context} ctx */
async function actHere(payload, ctx) {
  let played;
  try {
    played = playHere(payload, tenths(elapsed()));
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    refusedHere(error, ctx);
    return;
  }
  outbox.reset(played.view);
  playedOnPage();
  const { events } = played; // a move changes its two columns alone: only they are measured and drawn
  await adopt(events, ctx, events && events.kind === "move" ? [events.from, events.to] : null);
}

/** The engine refused an action: the cards go back and a reminder says why, as for the server's 4xx.
 * @param {EngineError} error @param {Context} ctx */
function refusedHere(error, ctx) {
  play("refuse");
  if (ctx.lis) returnCards(ctx.lis, true);
  else if (ctx.stock) shakeElement($("stock"));
  else shakeElement(document.activeElement && document.activeElement.closest("#tableau li"));
  remind(t(error.template, error.params)); // the engine's template, in the page's language
}

/** @param {Entry} entry @param {Context} ctx */
async function transmit(entry, ctx) {
  if (!outbox.holds(entry)) return; // dropped with the table it was aimed at
  const body = { ...outbox.body(entry), elapsed: tenths(elapsed()) };
  let next;
  try {
    next = await api.act(/** @type {GameView} */ (outbox.base).id, body);
  } catch (error) {
    if (outbox.holds(entry)) refused(entry, error, ctx);
    return;
  }
  if (!outbox.holds(entry)) return;
  outbox.settle(entry, next);
  if (entry.move) await confirmed(next);
  else await adopt(next.events, ctx);
}

/** @type {(from: number, to: number, count: number, ctx?: Context) => Promise<unknown>} */
export const sendMove = (from, to, count, ctx = {}) => act({ action: `${from}>${to}:${count}` }, ctx);
/** @type {(column: number, count: number, ctx?: Context) => Promise<unknown>} */
export const sendBest = (column, count, ctx = {}) => act({ best: { column, count } }, ctx);
export const deal = () => act({ action: "deal" }, { stock: true });
/** Play an action in the notation of docs/API.md ("3>7:2", "deal"), as a click would. */
export const send = (/** @type {string} */ action) => act({ action }, {});

export function undo() {
  if (!state.view || (!state.view.can_undo && !outbox.pending)) return null;
  return act({ action: "undo" }, {});
}

/** Play again what the last undo took back (the server knows which action that is). */
export function redo() {
  if (!state.view || (!state.view.can_redo && !outbox.pending)) return null;
  return act({ action: "redo" }, {});
}

/** Put the outbox's view on the table. The group the player has picked up meanwhile stays picked
 * up while its cards are still there: answers arrive between the two taps of the next move.
 * @param {Spot | null} focus */
function show(focus) {
  const before = state.view;
  const shown = outbox.view;
  const selected = keptSelection(before, shown, state.selected);
  update({ shown, view: shown, selected, ...(focus ? { focus } : {}) });
}

/** @param {GameView | null} before @param {GameView | null} after @param {{column: number, count: number} | null} selected */
function keptSelection(before, after, selected) {
  if (!selected) return null;
  const column = (/** @type {GameView | null} */ view) => view && view.columns[selected.column - 1];
  const had = column(before);
  const has = column(after);
  if (!had || !has) return null;
  const was = had.up.slice(-selected.count);
  const now = has.up.slice(-selected.count);
  return was.length === selected.count && was.join() === now.join() ? selected : null;
}

/** Draw the outbox's view, the cards sliding from where they were (`events` says which moved;
 * `columns`, when known, the only columns whose cards changed).
 * @param {Events} events @param {Spot | null} [focus] @param {number[] | null} [columns] */
function redraw(events, focus = null, columns = null) {
  const before = state.view;
  const focusInTable = document.activeElement && document.activeElement.closest("#tableau");
  const oldRects = cardRects(columns);
  show(focus);
  if (focusInTable) applyRovingFocus(true);
  if (before) flip(oldRects, before, /** @type {GameView} */ (state.shown), events, columns);
}

/** A move the view allows, shown before the server answers; only what the page knows is said. */
/** @param {Entry} entry */
function showMove(entry) {
  const events = entry.events;
  const shown = /** @type {GameView} */ (outbox.view); // the move was planned on it
  redraw(events, focusAfter(shown, events), entry.touched);
  clearReminder();
  play("move"); // in the tap's own task: some browsers start audio only there
  announce(describeEvents(events, /** @type {GameView} */ (outbox.view)));
}

/** The server played a move already shown: the card it turned up, the sequences it completed,
 * the score and counters come in (and a win).
 * @param {GameView} next */
async function confirmed(next) {
  const events = /** @type {NonNullable<GameView["events"]>} */ (next.events);
  redraw(null);
  if ((events.completed || []).length) setTimeout(() => play("complete"), 120);
  announceMore(describeOutcome(events, next));
  await finish(next, flyCompleted(events, /** @type {GameView} */ (state.shown)));
}

/** An action the server played that the page waited for (a deal, an undo, a move it could not vouch
 * for) or the page played; `columns`, when known, the only columns it changed.
 * @param {GameView["events"]} events @param {Context} [ctx] @param {number[] | null} [columns] */
async function adopt(events, ctx = {}, columns = null) {
  redraw(events, focusAfter(/** @type {GameView} */ (outbox.view), events), columns);
  // the table drew the dragged cards anew, or took them over where they landed (table/render.js)
  if (ctx.lis) returnCards(ctx.lis.filter((li) => li.isConnected && li.classList.contains("dragging")), false);
  /** @type {Promise<unknown>} */
  let flight = Promise.resolve();
  if (events) {
    clearReminder();
    play(events.kind === "deal" ? "deal" : events.kind === "undo" ? "undo" : "move");
    if ((events.completed || []).length) setTimeout(() => play("complete"), 120);
    const shown = /** @type {GameView} */ (state.shown);
    announce(describeEvents(events, shown));
    flight = flyCompleted(events, shown); // play goes on while the sequence flies
  }
  await finish(/** @type {GameView} */ (outbox.base), flight);
}

/** @param {GameView} next @param {Promise<unknown>} flight */
async function finish(next, flight) {
  syncClock();
  if (next.won || next.status === "won") {
    await flight;
    play("win");
    await wonHooks.callInTurn(next);
  }
}

/** A shown move taken back: its cards slide home, if they are where the table now has them. */
/** @param {Entry} entry a move shown at once */
function putBack(entry) {
  const events = /** @type {MoveEvents} */ (entry.events);
  const { from, to, cards } = events;
  const view = outbox.view;
  const home = view ? view.columns[from - 1].up.slice(-cards.length) : [];
  const back = home.join() === cards.join() ? { ...events, from: to, to: from } : null;
  redraw(back, back ? focusAfter(/** @type {GameView} */ (view), back) : null);
}

/** @param {Entry} entry a move shown at once */
function shakeReturned(entry) {
  const move = /** @type {Move} */ (entry.move);
  const column = /** @type {GameView} */ (outbox.view).columns[move.from - 1];
  const size = column.down + column.up.length;
  for (let k = size - move.count; k < size; k += 1) {
    const button = buttonAt(move.from, k);
    if (button) shakeElement(button.parentElement);
  }
}

/** @param {Entry} entry @param {unknown} error @param {Context} ctx */
function refused(entry, error, ctx) {
  if (error instanceof ApiError && error.status === 409 && error.body && error.body.view) {
    // another window played on: the queued actions were aimed at a table that is gone
    if (ctx.lis) returnCards(ctx.lis, false);
    const view = /** @type {GameView} */ (error.body.view);
    clockFromView(view);
    outbox.reset(view);
    if (entry.move) putBack(entry);
    else redraw(null);
    remind(t("This game changed in another window; the table now shows its latest state."));
    return;
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    play("refuse");
    outbox.drop(entry);
    if (entry.move) {
      putBack(entry);
      shakeReturned(entry);
    } else {
      if (state.view !== outbox.view) redraw(null);
      if (ctx.lis) returnCards(ctx.lis, true);
      else if (ctx.stock) shakeElement($("stock"));
      else shakeElement(document.activeElement && document.activeElement.closest("#tableau li"));
    }
    remind(error.body.message || t("That move is not allowed."));
    return;
  }
  // no answer: the table goes back to the server's last view, and nothing queued is sent
  if (ctx.lis) returnCards(ctx.lis, false);
  const showing = state.view;
  outbox.reset(outbox.base);
  if (entry.move) putBack(entry);
  else if (showing !== outbox.view) redraw(null);
  connectionLost();
}

/** After a move the tab stop follows the cards (or stays on the column they left empty).
 * @param {GameView} next @param {Events} events @returns {Spot | null} */
function focusAfter(next, events) {
  if (!events || events.kind !== "move" || !events.to) return state.focus;
  const column = next.columns[events.to - 1];
  if (!column.down && !column.up.length) return { col: /** @type {number} */ (events.from), idx: 9999 }; // its last card
  return { col: events.to, idx: Math.max(0, column.down + column.up.length - 1) };
}
