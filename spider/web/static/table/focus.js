// The tableau's roving tab stop: one card (or empty column) is in the tab order, the arrows move it.
import { state, update } from "../core/state.js";

// A ring shows where the keyboard is, not where a script put the focus: until a key is pressed
// (after the last touch or click) the table takes the focus without one.
document.addEventListener("keydown", (event) => {
  if (!event.ctrlKey && !event.metaKey && !event.altKey && !state.keyboard) update({ keyboard: true });
}, true);
document.addEventListener("pointerdown", () => {
  if (state.keyboard) update({ keyboard: false });
}, true);

/** Has the keyboard been used since the last touch or click? (A ring shows only then.) */
export function keyboardInUse() {
  return state.keyboard;
}

function focusables() {
  return [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#tableau button"))];
}

/** @param {number} col @param {number} idx */
export function buttonAt(col, idx) {
  return /** @type {HTMLButtonElement | null} */ (document.querySelector(`#tableau button[data-col="${col}"][data-idx="${idx}"]`));
}

/** @param {number} col */
function lastButtonOf(col) {
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(`#tableau button[data-col="${col}"]`));
  return buttons[buttons.length - 1] || null;
}

// Written only where it changes: each write of tabIndex costs the browser far more than a read.
/** @param {HTMLButtonElement[]} buttons @param {HTMLButtonElement | null} stop */
function setTabStop(buttons, stop) {
  for (const b of buttons) {
    const index = b === stop ? 0 : -1;
    if (b.tabIndex !== index) b.tabIndex = index;
  }
}

/** Put the tab stop where state.focus says (or on the nearest card there); `move` focuses it. */
/** @param {boolean} move */
export function applyRovingFocus(move) {
  const all = focusables();
  if (!all.length) return;
  let target = state.focus ? buttonAt(state.focus.col, state.focus.idx) : null;
  if (!target && state.focus) target = lastButtonOf(state.focus.col);
  if (!target) target = lastButtonOf(1);
  setTabStop(all, target);
  update({ focus: { col: Number(target.dataset.col), idx: Number(target.dataset.idx) } });
  if (move) target.focus({ preventScroll: false, focusVisible: state.keyboard });
}

/** @param {number} col @param {number} idx */
export function moveFocus(col, idx) {
  update({ focus: { col, idx } });
  applyRovingFocus(true);
}

/** A button of the tableau got the focus (by Tab or by hand): it becomes the tab stop.
 * @param {FocusEvent} event */
export function onTableauFocus(event) {
  const b = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("#tableau button"));
  if (!b) return;
  update({ focus: { col: Number(b.dataset.col), idx: Number(b.dataset.idx) } });
  setTabStop(focusables(), b);
}
