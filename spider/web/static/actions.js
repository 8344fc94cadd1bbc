// Actions: picking a group up, sending moves, deals and undos to the server one at a time, and
// adopting the view that comes back (animated, sounded and announced).
import { api, ApiError } from "./api.js";
import { cardName } from "./cards.js";
import { elapsed, setClock, syncClock } from "./clock.js";
import { $ } from "./dom.js";
import { applyRovingFocus } from "./focus.js";
import { connectionLost } from "./offline.js";
import { tenths } from "./format.js";
import { t, tn } from "./i18n.js";
import { cardRects, cascade, flip, flyCompleted, returnCards, shakeElement } from "./motion.js";
import { showResult } from "./result.js";
import { play } from "./sound.js";
import { announce, describeEvents, remind } from "./speech.js";
import { setView, state, update } from "./state.js";

export function select(column, count) {
  update({ selected: { column, count } });
  const top = state.view.columns[column - 1];
  const card = top.up[top.up.length - count];
  announce(count > 1
    ? tn("Picked up {card} and {n} card on it.", "Picked up {card} and {n} cards on it.", count - 1,
      { card: cardName(card) })
    : t("Picked up {card}.", { card: cardName(card) }));
}

export function clearSelection(speak = false) {
  if (!state.selected) return;
  update({ selected: null });
  if (speak) announce(t("Put the cards back."));
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
    setClock(view.elapsed || 0);
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
    play(events.kind === "deal" ? "deal" : events.kind === "undo" ? "undo" : "move");
    if ((events.completed || []).length) setTimeout(() => play("complete"), 120);
    announce(describeEvents(events, next));
    flight = flyCompleted(events, next); // play goes on while the sequence flies
  }
  syncClock();
  if (next.won || next.status === "won") {
    await flight;
    play("win");
    await cascade(next);
    await showResult();
  }
}
