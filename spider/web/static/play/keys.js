// Keys: arrows, Home and End move the tab stop in the tableau; D deals, Ctrl+Z undoes, Ctrl+Y
// and Ctrl+Shift+Z redo, T describes the table, ?, H and F press the Help, Hint and Finish buttons (so the
// keys need not know the dialogs and add-ons behind them), Escape puts things back.
import { $, $button } from "../core/dom.js";
import { state } from "../core/state.js";
import { moveFocus } from "../table/focus.js";
import { deal, redo, undo } from "./actions.js";
import { describeTable } from "./controls.js";
import { closeMenu } from "./menu.js";
import { clearSelection } from "./selection.js";
/** @import { GameView } from "../api" */

/** @param {KeyboardEvent} event */
export function onTableauKey(event) {
  const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("#tableau button"));
  if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
  const v = /** @type {GameView} */ (state.view); // the tableau has buttons only under a view
  const col = Number(button.dataset.col);
  const idx = Number(button.dataset.idx);
  const n = v.columns.length;
  const size = (/** @type {number} */ c) => Math.max(1, v.columns[c - 1].down + v.columns[c - 1].up.length);
  const sideways = (/** @type {number} */ c) => moveFocus(c, Math.min(size(c) - 1, Math.max(idx, v.columns[c - 1].down)));
  switch (event.key) {
    case "ArrowLeft":
      sideways(col > 1 ? col - 1 : n);
      break;
    case "ArrowRight":
      sideways(col < n ? col + 1 : 1);
      break;
    case "ArrowUp":
      moveFocus(col, Math.max(0, idx - 1));
      break;
    case "ArrowDown":
      moveFocus(col, Math.min(size(col) - 1, idx + 1));
      break;
    case "Home":
      moveFocus(1, size(1) - 1);
      break;
    case "End":
      moveFocus(n, size(n) - 1);
      break;
    default:
      return;
  }
  event.preventDefault();
}

/** @param {Event} event */
function isTyping(event) {
  const target = /** @type {HTMLElement | null} */ (event.target);
  return target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

/** @param {KeyboardEvent} event @param {Element | null} anyDialog @param {{cancelDrag: () => boolean}} pointer */
function onEscape(event, anyDialog, pointer) {
  if (!$("menu").hidden) {
    closeMenu(true);
    event.preventDefault();
    return;
  }
  if (pointer.cancelDrag()) return;
  if (state.selected && !anyDialog) {
    clearSelection(true);
    event.preventDefault();
  }
}

const LETTER_KEYS = {
  d: deal,
  t: describeTable,
  // Reserved for the hint: the Hint button has id="btn-hint"; without one the key does nothing.
  h: () => $("btn-hint") && $("btn-hint").click(),
  // Finish: pressed only while its button is on show (nothing hidden any more)
  f: () => $button("btn-finish") && !$button("btn-finish").hidden && !$button("btn-finish").disabled && $button("btn-finish").click(),
};
// With Shift: the deeper hint (a menu item, id="btn-deep-hint"), when there is one.
const SHIFTED_KEYS = { h: "btn-deep-hint" };

/** A key anywhere on the page; `pointer`: the tableau's pointer input (play/pointer.js), which
 * Escape stops dragging.
 * @param {KeyboardEvent} event @param {{cancelDrag: () => boolean}} pointer */
export function onGlobalKey(event, pointer) {
  const anyDialog = document.querySelector("dialog[open]");
  if (event.key === "Escape") {
    onEscape(event, anyDialog, pointer);
    return;
  }
  if (anyDialog || isTyping(event)) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.altKey && (key === "z" || key === "y")) {
    event.preventDefault();
    if (key === "z" && !event.shiftKey) undo();
    else redo();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || state.paused) return;
  const shifted = event.shiftKey && Object.hasOwn(SHIFTED_KEYS, key) ? $button(SHIFTED_KEYS[/** @type {keyof typeof SHIFTED_KEYS} */ (key)]) : null;
  if (shifted) {
    event.preventDefault();
    if (!shifted.disabled) shifted.click();
    return;
  }
  const letter = Object.hasOwn(LETTER_KEYS, key) ? LETTER_KEYS[/** @type {keyof typeof LETTER_KEYS} */ (key)] : null;
  if (letter && (key !== "h" || $("btn-hint"))) {
    event.preventDefault();
    letter();
  } else if (event.key === "?") {
    event.preventDefault();
    $("btn-help").click();
  }
}
