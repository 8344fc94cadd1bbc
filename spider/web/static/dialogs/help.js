// The help dialog: the rules page from the server, in the player's language.
import { api } from "../core/api.js";
import { $, el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { buttonRow, closeDialog, openDialog } from "./dialog.js";

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
