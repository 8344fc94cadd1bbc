// Pointer input on the tableau: taps (select, send to a column, double-tap or single tap to the
// best column) and drag and drop. Keyboard and assistive-technology clicks come as clicks.
import { $ } from "../core/dom.js";
import { state, update } from "../core/state.js";
import { singleTap } from "../core/tap.js";
import { buttonAt } from "../table/focus.js";
import { currentMetrics } from "../table/layout.js";
import { returnCards } from "../table/motion.js";
import { applySelection, groupFor, highlightTargets } from "../table/render.js";
import { sendBest, sendMove } from "./actions.js";
import { clearSelection, select } from "./selection.js";
/** @import { GameView } from "../api" */

const DRAG_THRESHOLD = 10; // px of movement before a press becomes a drag
const DOUBLE_TAP_MS = 420;

/** @param {Event} event */
function pressTarget(event) {
  const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("#tableau button"));
  if (button) {
    return { col: Number(button.dataset.col), idx: Number(button.dataset.idx), isCard: button.classList.contains("card") };
  }
  const ul = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("#tableau .column"));
  if (ul) return { col: Number(ul.dataset.col), idx: -1, isCard: false };
  return null;
}

/** The column under x, or null when x is further than a gap from every column. */
/** @param {number} x */
function columnAt(x) {
  let best = null;
  let bestDistance = Infinity;
  for (const ul of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tableau .column"))) {
    const r = ul.getBoundingClientRect();
    const distance = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = Number(ul.dataset.col);
    }
  }
  const m = currentMetrics();
  return bestDistance <= (m ? m.gap : 8) ? best : null;
}

/** The tableau's pointer input: the handlers app.js puts on the tableau, tap() (a tap on a card or
 * an empty column) and cancelDrag() (Escape). Each keeps the press in progress and the last tap. */
export function pointerInput() {
  /** @type {any} */
  let press = null; // the pointer press in progress
  /** @type {{col: number, idx: number, at: number} | null} */
  let lastTap = null;
  let lastPointerUp = -Infinity;

  /** A tap on a card (or empty column) at index idx of column col.
   * @param {number} col @param {number} idx @param {boolean} isCard */
  function tap(col, idx, isCard) {
    const v = state.view;
    if (!v || state.paused || v.won) return;
    const column = v.columns[col - 1];
    const faceUp = isCard && idx >= column.down;
    const count = faceUp ? column.down + column.up.length - idx : 0;
    const now = performance.now();
    const double = Boolean(lastTap && lastTap.col === col && lastTap.idx === idx && now - lastTap.at < DOUBLE_TAP_MS);
    lastTap = { col, idx, at: now };
    update({ focus: { col, idx } });

    if (state.selected && state.selected.column !== col) {
      const { column: from, count: n } = state.selected;
      clearSelection();
      lastTap = null;
      sendMove(from, col, n);
      return;
    }
    if (!faceUp) {
      clearSelection();
      return;
    }
    if (singleTap(state.settings)) {
      clearSelection();
      // the second tap of a double tap lands on whatever came up: it must not send that too
      if (!double) sendBest(col, count);
      return;
    }
    if (double && state.settings.double_click) {
      clearSelection();
      lastTap = null;
      sendBest(col, count);
      return;
    }
    if (state.selected && state.selected.count === count) {
      clearSelection(true);
      return;
    }
    select(col, count);
  }

  /** @param {PointerEvent} event */
  function onPointerDown(event) {
    if (event.button !== 0 || state.paused || !state.view) return;
    const target = pressTarget(event);
    if (!target) return;
    press = { ...target, x0: event.clientX, y0: event.clientY, id: event.pointerId, dragging: false };
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("#tableau .card.up"));
    if (button) {
      event.preventDefault(); // no text selection or native drag; focus is moved by hand
      button.focus({ preventScroll: true });
    }
  }

  /** @param {any} p the press */
  function startDrag(p) {
    const column = /** @type {GameView} */ (state.view).columns[p.col - 1];
    if (!p.isCard || p.idx < column.down) return false;
    p.dragging = true;
    p.count = column.down + column.up.length - p.idx;
    p.lis = [];
    for (let k = p.idx; k < column.down + column.up.length; k += 1) {
      const b = buttonAt(p.col, k);
      if (b) p.lis.push(b.parentElement);
    }
    p.group = groupFor(p.col, p.count);
    for (const li of p.lis) li.classList.add("dragging");
    clearSelection();
    highlightTargets(p.group && state.settings.placement_help ? p.group.targets : []);
    try {
      $("tableau").setPointerCapture(p.id);
    } catch (_) {
      // the pointer may already be gone
    }
    return true;
  }

  /** @param {PointerEvent} event */
  function onPointerMove(event) {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x0;
    const dy = event.clientY - press.y0;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!startDrag(press)) {
        press = null;
        return;
      }
    }
    event.preventDefault();
    for (const li of press.lis) li.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  /** @param {PointerEvent} event */
  function onPointerUp(event) {
    const p = press;
    if (!p || event.pointerId !== p.id) return;
    press = null;
    lastPointerUp = performance.now();
    if (!p.dragging) {
      tap(p.col, p.idx, p.isCard);
      return;
    }
    highlightTargets([]);
    const target = columnAt(event.clientX);
    if (target === null || target === p.col) {
      returnCards(p.lis, false);
      applySelection();
      return;
    }
    const ctx = { lis: p.lis };
    if (state.settings.auto_place && p.group && !p.group.targets.includes(target) && p.group.best !== null) {
      sendBest(p.col, p.count, ctx);
    } else {
      sendMove(p.col, target, p.count, ctx);
    }
  }

  /** @param {{pointerId: number}} event */
  function onPointerCancel(event) {
    if (!press || event.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (p.dragging) returnCards(p.lis, false);
    highlightTargets([]);
  }

  /** Escape during a drag puts the cards back; true when there was a drag to cancel. */
  function cancelDrag() {
    if (!press || !press.dragging) return false;
    onPointerCancel({ pointerId: press.id });
    return true;
  }

  /** @param {MouseEvent} event */
  function onTableauClick(event) {
    // Pointer input is handled on pointerup; this catches keyboard and assistive-technology clicks.
    if (event.detail !== 0 && performance.now() - lastPointerUp < 700) return;
    const target = pressTarget(event);
    if (target) tap(target.col, target.idx, target.isCard);
  }

  return { tap, onPointerDown, onPointerMove, onPointerUp, onPointerCancel, cancelDrag, onTableauClick };
}
