// Asking before a game in progress is thrown away: starting a new deal (from the dialog or a deal
// link) records it as a loss, so the player says so first. The safe answer has the focus.
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { state } from "../core/state.js";
import { syncClock } from "../table/clock.js";

/** The unfinished game a new deal would abandon as a loss (one with an action, or a daily deal's
 * counted attempt, which any new game ends as lost from its first card), or null. */
export function gameInProgress() {
  const game = state.view || state.current;
  const counts = game && (game.version > 0 || (game.daily && game.daily.counted));
  return game && game.status === "active" && !game.won && counts ? game : null;
}

/** Ask whether to give up the game in progress; resolves to true for "start the new deal". */
export function confirmLoss(question) {
  const dialog = el("dialog", { id: "dlg-confirm", class: "dialog", role: "alertdialog",
    "aria-labelledby": "dlg-confirm-title", "aria-describedby": "dlg-confirm-text" });
  const returnTo = document.activeElement;
  return new Promise((resolve) => {
    let answer = false;
    const choose = (value) => {
      answer = value;
      dialog.close();
    };
    const keep = el("button", { type: "button", class: "primary", text: t("Keep playing"), onclick: () => choose(false) });
    dialog.append(
      el("h2", { id: "dlg-confirm-title", text: question }),
      el("p", { id: "dlg-confirm-text", text: t("The game in progress will count as a loss.") }),
      el("div", { class: "buttons" }, keep,
        el("button", { type: "button", text: t("Start the new game"), onclick: () => choose(true) })));
    dialog.addEventListener("close", () => {
      dialog.remove();
      syncClock();
      if (!answer && returnTo && returnTo.isConnected && returnTo instanceof HTMLElement) returnTo.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    syncClock();
    keep.focus();
  });
}
