// Opening and closing the page's dialogs (focus goes back where it was) and the help dialog.
import { api } from "./api.js";
import { syncClock } from "./clock.js";
import { closeMenu } from "./controls.js";
import { $, el } from "./dom.js";
import { applyRovingFocus } from "./focus.js";
import { t } from "./i18n.js";

let returnFocus = null;

export function openDialog(dialog) {
  returnFocus = document.activeElement;
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
  returnFocus = null;
}

/** A dialog closed: the focus goes back to what had it, else to the table. */
export function restoreFocus() {
  if (returnFocus && returnFocus.isConnected && returnFocus.focus) returnFocus.focus();
  else applyRovingFocus(true);
  returnFocus = null;
}

/** A row of buttons for the bottom of a dialog. */
export function buttonRow(...buttons) {
  return el("div", { class: "buttons" }, ...buttons);
}

export async function openHelp() {
  const dialog = $("dlg-help");
  const body = el("div", { class: "help-body" });
  const title = el("h2", { id: "dlg-help-title", text: t("Help"), tabindex: "-1", autofocus: true });
  dialog.replaceChildren(el("div", { class: "help" }, title, body, buttonRow(
    el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) }))));
  openDialog(dialog);
  try {
    const help = await api.help();
    title.textContent = help.title || t("Help");
    for (const section of help.sections || []) {
      body.append(el("h3", { text: section.title }));
      for (const p of section.paragraphs || []) body.append(el("p", { text: p }));
    }
  } catch (_) {
    body.append(el("p", { text: t("The rules could not be loaded.") }));
  }
}
