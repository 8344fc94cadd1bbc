// Motion: cards sliding from where they were (FLIP), dragged cards going back, a refused move's
// shake, dealt cards turning over and completed sequences flying to their place. All of it honours
// prefers-reduced-motion with short fades instead.
import { $, el } from "../core/dom.js";
import { drawFace } from "./cards.js";
import { currentMetrics } from "./layout.js";
/** @import { Metrics } from "./layout.js" */

/** @import { GameView } from "../api" */
/** What an action did, as far as the motion needs it (an answer's events, or a move's shown at once).
 * @typedef {{kind?: string, from?: number | null, to?: number | null, cards?: string[],
 *   completed?: {column: number, suit: string}[]} | null | undefined} Events */
/** Where a card was: its rectangle and its card ("10S"; null face down).
 * @typedef {{rect: DOMRect, card?: string | null}} Place */

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"];

/** Dragged cards go back to their column; `shake` says the move was refused.
 * @param {HTMLElement[]} lis @param {boolean} shake */
export function returnCards(lis, shake) {
  const reduced = reducedMotion();
  for (const li of lis) {
    if (!li.isConnected) continue;
    const from = li.style.transform || "translate(0px, 0px)";
    li.style.transform = "";
    li.classList.remove("dragging");
    if (reduced) continue;
    const frames = [{ transform: from }, { transform: "translate(0px, 0px)" }];
    const anim = li.animate(frames, { duration: 180, easing: "ease-out" });
    if (shake) anim.onfinish = () => shakeElement(li);
  }
  if (shake && reduced) for (const li of lis) shakeElement(li);
}

/** @param {Element | null | undefined} node */
export function shakeElement(node) {
  if (!node || !node.isConnected) return;
  if (reducedMotion()) {
    node.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: 200 });
    return;
  }
  node.animate([
    { transform: "translateX(0)" }, { transform: "translateX(-6px)" }, { transform: "translateX(6px)" },
    { transform: "translateX(-4px)" }, { transform: "translateX(4px)" }, { transform: "translateX(0)" },
  ], { duration: 320, easing: "ease-in-out" });
}

/** The cards of the tableau, or of the columns numbered in `columns` (the only ones a change
 * touched: the others' cards stay where they are).
 * @param {number[] | null} columns */
function tableauCards(columns) {
  const all = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tableau .card"));
  return columns ? [...all].filter((b) => columns.includes(Number(b.dataset.col))) : all;
}

/** Where every card of the tableau (or of `columns`) is now, by "column:index" (read before a
 * new view is drawn).
 * @param {number[] | null} [columns] */
export function cardRects(columns = null) {
  /** @type {Map<string, Place>} */
  const rects = new Map();
  for (const b of tableauCards(columns)) {
    rects.set(`${b.dataset.col}:${b.dataset.idx}`, { rect: b.getBoundingClientRect(), card: b.dataset.card || null });
  }
  return rects;
}

/** New key -> old key of the cards a move carried (none when a sequence completed on arrival).
 * @param {GameView} before @param {GameView} after @param {Events} events */
function movedKeys(before, after, events) {
  /** @type {Map<string, string>} */
  const moved = new Map();
  if (!events || events.kind !== "move" || !events.from || !events.to || !Array.isArray(events.cards)) return moved;
  const n = events.cards.length;
  const oldFrom = before.columns[events.from - 1];
  const oldLen = oldFrom.down + oldFrom.up.length;
  const newTo = after.columns[events.to - 1];
  const newLen = newTo.down + newTo.up.length;
  if ((events.completed || []).some((c) => c.column === events.to)) return moved;
  for (let k = 0; k < n; k += 1) moved.set(`${events.to}:${newLen - n + k}`, `${events.from}:${oldLen - n + k}`);
  return moved;
}

/** @param {GameView} after @param {Events} events */
function dealtKeys(after, events) {
  /** @type {Set<string>} */
  const fromStock = new Set();
  if (!events || events.kind !== "deal") return fromStock;
  const dealt = Array.isArray(events.cards) ? events.cards.length : after.columns.length;
  after.columns.slice(0, dealt).forEach((c, i) => fromStock.add(`${i + 1}:${c.down + c.up.length - 1}`));
  return fromStock;
}

/** Where a card of the new table was before the action, or null when it is new there.
 * @param {HTMLElement} b @param {string} key @param {Map<string, Place>} oldRects @param {Map<string, string>} moved
 * @param {Set<string>} fromStock @param {Set<string>} used @param {Events} events
 * @returns {Place | null | undefined} */
function oldPlace(b, key, oldRects, moved, fromStock, used, events) {
  if (moved.has(key)) return oldRects.get(/** @type {string} */ (moved.get(key)));
  if (fromStock.has(key)) return { rect: $("stock").getBoundingClientRect() };
  const same = oldRects.get(key);
  if (same && !used.has(key) && same.card === (b.dataset.card || null)) return same;
  if (b.dataset.card && events && events.kind === "undo") {
    for (const [k, o] of oldRects) {
      if (!used.has(k) && o.card === b.dataset.card) {
        used.add(k);
        return o;
      }
    }
  }
  return null;
}

/** Slide every card (of `columns`) from where it was (oldRects, on `before`) to where it is on `after`.
 * @param {Map<string, Place>} oldRects @param {GameView} before @param {GameView} after @param {Events} events
 * @param {number[] | null} [columns] */
export function flip(oldRects, before, after, events, columns = null) {
  const moved = movedKeys(before, after, events);
  const fromStock = dealtKeys(after, events);
  const used = new Set(moved.values());
  // Read every rectangle first, then start the animations: interleaving the two would force a
  // layout per card.
  const plans = [];
  for (const b of tableauCards(columns)) {
    const key = `${b.dataset.col}:${b.dataset.idx}`;
    const old = oldPlace(b, key, oldRects, moved, fromStock, used, events);
    const dealt = fromStock.has(key);
    plans.push({ li: /** @type {HTMLElement} */ (b.parentElement), old, now: b.getBoundingClientRect(), isNew: moved.has(key) || dealt,
      dealt, delay: dealt ? (Number(b.dataset.col) - 1) * 45 : 0 });
  }
  const reduced = reducedMotion();
  for (const { li, old, now, isNew, dealt, delay } of plans) {
    if (reduced) {
      if (!old || Math.abs(old.rect.left - now.left) + Math.abs(old.rect.top - now.top) > 1) {
        li.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 150 });
      }
      continue;
    }
    if (!old) continue;
    const dx = old.rect.left - now.left;
    const dy = old.rect.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const duration = dealt ? DEAL_FLIGHT : isNew ? 200 : 160;
    li.animate([
      { transform: `translate(${dx}px, ${dy}px)`, zIndex: 500 },
      { transform: "translate(0px, 0px)", zIndex: 500 },
    ], { duration, delay, fill: "backwards", easing: "cubic-bezier(.2,.7,.3,1)" });
    if (dealt) turnOver(li.firstElementChild, delay + duration);
  }
}

const DEAL_FLIGHT = 260;
const HALF_TURN = 90;

/** A dealt card flies face down (cards.css: .dealing shows its back) and turns over on arrival. */
/** @param {Element | null} card @param {number} after */
function turnOver(card, after) {
  if (!card || !card.classList.contains("up")) return;
  card.classList.add("dealing");
  const fold = card.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }],
    { duration: HALF_TURN, delay: after, easing: "ease-in", fill: "forwards" });
  fold.finished.then(() => {
    card.classList.remove("dealing");
    fold.cancel();
    card.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { duration: HALF_TURN, easing: "ease-out" });
  }).catch(() => card.classList.remove("dealing"));
}

/** @param {string} card @param {{left: number, top: number, width: number, height: number}} rect */
function ghostCard(card, rect) {
  const g = el("div", { class: "ghost card up" });
  g.style.left = `${rect.left}px`;
  g.style.top = `${rect.top}px`;
  g.style.width = `${rect.width}px`;
  g.style.height = `${rect.height}px`;
  g.append(drawFace(card));
  $("fx").append(g);
  return g;
}

/** Completed sequences fly from their column to their slot; resolves when they have landed.
 * @param {Events} events @param {GameView} after @returns {Promise<unknown>} */
export function flyCompleted(events, after) {
  const completed = (events && events.completed) || [];
  if (!completed.length) return Promise.resolve();
  const m = /** @type {Metrics} */ (currentMetrics()); // a table with sets is laid out
  const reduced = reducedMotion();
  const setEls = document.querySelectorAll("#sets .set");
  /** @type {Promise<unknown>[]} */
  const anims = [];
  completed.forEach((c, n) => {
    const ul = /** @type {HTMLElement | null} */ (document.querySelector(`#tableau .column[data-col="${c.column}"]`));
    if (!ul) return;
    const base = ul.getBoundingClientRect();
    const slot = setEls[Math.max(0, after.removed - completed.length + n)];
    const dest = slot ? slot.getBoundingClientRect() : base;
    const startTop = base.top + Math.max(0, ul.offsetHeight - m.ch);
    RANKS.forEach((rank, k) => {
      const rect = { left: base.left, top: startTop + k * Math.min(6, m.fu / 4), width: m.cw, height: m.ch };
      const g = ghostCard(`${rank}${c.suit}`, rect);
      const dx = dest.left - rect.left;
      const dy = dest.top - rect.top;
      const frames = reduced
        ? [{ opacity: 1 }, { opacity: 0 }]
        : [{ transform: "translate(0,0)", opacity: 1 },
          { transform: `translate(${dx}px, ${dy}px) scale(${dest.width / m.cw || 1})`, opacity: 0.9 }];
      const a = g.animate(frames, {
        duration: reduced ? 150 : 520, delay: reduced ? 0 : (12 - k) * 18, easing: "ease-in-out", fill: "forwards",
      });
      anims.push(a.finished.catch(() => {}).then(() => g.remove()));
    });
  });
  return Promise.all(anims);
}
