// Opening and closing the page's dialogs: the menu closes, the clock waits, and the focus goes
// back where it was (or to the table).
import { el } from "../core/dom.js";
import { closeMenu } from "../play/menu.js";
import { syncClock } from "../table/clock.js";
import { state, update } from "../core/state.js";
import { applyRovingFocus } from "../table/focus.js";

export function openDialog(dialog) {
  update({ returnFocus: document.activeElement });
  closeMenu();
  if (!dialog.open) dialog.showModal();
  syncClock();
  const first = dialog.querySelector("[autofocus]") || dialog.querySelector("input:checked, button, input, select");
  if (first) first.focus();
}

export function closeDialog(dialog) {
  if (dialog.open) dialog.close();
}

/** After a new game the table takes the focus, not the button that opened the dialog. */
export function forgetReturnFocus() {
  update({ returnFocus: null });
}

/** A dialog closed: the focus goes back to what had it, else to the table. */
export function restoreFocus() {
  const back = /** @type {HTMLElement | null} */ (state.returnFocus);
  update({ returnFocus: null });
  if (back && back.isConnected && back.focus) back.focus();
  else applyRovingFocus(true);
}

/** A row of buttons for the bottom of a dialog. */
export function buttonRow(...buttons) {
  return el("div", { class: "buttons" }, ...buttons);
}
