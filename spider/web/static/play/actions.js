// Actions: sending moves, deals and undos to the server one at a time, and adopting the view that
// comes back (animated, sounded and announced). A won game is handed to the onWon() hooks, so the
// table knows nothing of the dialog that shows the result.
import { api, ApiError } from "../core/api.js";
import { $ } from "../core/dom.js";
import { tenths } from "../core/format.js";
import { hookList } from "../core/hooks.js";
import { t } from "../core/i18n.js";
import { connectionLost } from "../core/offline.js";
import { play } from "../core/sound.js";
import { setView, state } from "../core/state.js";
import { clockFromView, elapsed, syncClock } from "../table/clock.js";
import { applyRovingFocus } from "../table/focus.js";
import { cardRects, flip, flyCompleted, returnCards, shakeElement } from "../table/motion.js";
import { announce, clearReminder, describeEvents, remind } from "../table/speech.js";

const wonHooks = hookList();

/** `hook(view)` runs once a won game's last cards have flown (app.js shows the result and its
 *  celebration); each hook is awaited in turn. Returns the function that removes it. */
export function onWon(hook) {
  return wonHooks.add(hook);
}

// One action at a time: each is sent with the version the previous one left.
let queue = Promise.resolve();
function enqueue(task) {
  queue = queue.then(task).catch((error) => {
    console.error(error); // eslint-disable-line no-console
  });
  return queue;
}

/** Play an action ({action} or {best}); ctx.lis are dragged cards, ctx.stock a deal's origin. */
export function act(payload, ctx = {}) {
  return enqueue(async () => {
    const v = state.view;
    if (!v || state.paused) {
      if (ctx.lis) returnCards(ctx.lis, false);
      return;
    }
    const body = { ...payload, version: v.version, elapsed: tenths(elapsed()) };
    let next;
    try {
      next = await api.act(v.id, body);
    } catch (error) {
      handleActionError(error, ctx);
      return;
    }
    await adopt(next, { events: next.events, ctx });
  });
}

export const sendMove = (from, to, count, ctx = {}) => act({ action: `${from}>${to}:${count}` }, ctx);
export const sendBest = (column, count, ctx = {}) => act({ best: { column, count } }, ctx);
export const deal = () => act({ action: "deal" }, { stock: true });
/** Play an action in the notation of docs/API.md ("3>7:2", "deal"), as a click would. */
export const send = (action) => act({ action }, {});

export function undo() {
  if (!state.view || !state.view.can_undo) return null;
  return act({ action: "undo" }, {});
}

/** Play again what the last undo took back (the server knows which action that is). */
export function redo() {
  if (!state.view || !state.view.can_redo) return null;
  return act({ action: "redo" }, {});
}

function handleActionError(error, ctx) {
  if (error instanceof ApiError && error.status === 409 && error.body && error.body.view) {
    if (ctx.lis) returnCards(ctx.lis, false);
    const view = error.body.view;
    clockFromView(view);
    setView(view);
    remind(t("This game changed in another window; the table now shows its latest state."));
    return;
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    play("refuse");
    if (ctx.lis) returnCards(ctx.lis, true);
    else if (ctx.stock) shakeElement($("stock"));
    else shakeElement(document.activeElement && document.activeElement.closest("#tableau li"));
    remind(error.body.message || t("That move is not allowed."));
    return;
  }
  if (ctx.lis) returnCards(ctx.lis, false);
  connectionLost();
}

/** After a move the tab stop follows the cards (or stays on the column they left empty). */
function focusAfter(next, events) {
  if (!events || events.kind !== "move" || !events.to) return state.focus;
  const column = next.columns[events.to - 1];
  if (!column.down && !column.up.length) return { col: events.from, idx: 9999 }; // its last card
  return { col: events.to, idx: Math.max(0, column.down + column.up.length - 1) };
}

async function adopt(next, { events = null, ctx = {} } = {}) {
  const before = state.view;
  const focusInTable = document.activeElement && document.activeElement.closest("#tableau");
  const oldRects = cardRects();
  setView(next, { focus: focusAfter(next, events) });
  if (focusInTable) applyRovingFocus(true);
  if (before && events) flip(oldRects, before, next, events);
  if (ctx.lis) for (const li of ctx.lis) if (li.isConnected) li.remove();
  let flight = Promise.resolve();
  if (events) {
    clearReminder();
    play(events.kind === "deal" ? "deal" : events.kind === "undo" ? "undo" : "move");
    if ((events.completed || []).length) setTimeout(() => play("complete"), 120);
    announce(describeEvents(events, next));
    flight = flyCompleted(events, next); // play goes on while the sequence flies
  }
  syncClock();
  if (next.won || next.status === "won") {
    await flight;
    play("win");
    await wonHooks.callInTurn(next);
  }
}
