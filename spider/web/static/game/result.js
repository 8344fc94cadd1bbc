// The result dialog after a win: a celebration on the table, what the game set (a new best,
// the streak) and the game's figures and the level's statistics.
import { levelFor } from "../core/catalog.js";
import { $, el } from "../core/dom.js";
import { formatTime } from "../core/format.js";
import { hookList } from "../core/hooks.js";
import { t } from "../core/i18n.js";
import { state } from "../core/state.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { elapsed } from "../table/clock.js";
import { keyboardInUse } from "../table/focus.js";
import { celebrate } from "./celebration.js";
import { openNewGame } from "./newgame.js";
import { loadStats, perfectNews, winNews } from "./stats.js";

const extraButtons = hookList();

/** `make(view, close)` may add a button to the result of a win (the daily deals' "See the
 * leaderboard"): it returns the button, or null when it has none for this game. Returns the
 * function that removes it. */
export function addResultButton(make) {
  return extraButtons.add(make);
}

export async function showResult() {
  const v = state.view;
  const dialog = $("dlg-result");
  dialog.addEventListener("close", celebrate(v), { once: true });
  const content = el("div", { class: "result" });
  content.append(el("h2", { id: "dlg-result-title", text: t("You won!") }));
  const news = el("div", { id: "result-news" });
  content.append(news);
  const summary = el("dl", { class: "stats summary" });
  const row = (label, value) => summary.append(el("div", {}, el("dt", { text: label }), el("dd", { text: String(value) })));
  row(t("Moves"), v.moves);
  row(t("Time"), formatTime(v.elapsed || elapsed()));
  if (v.score !== null && v.score !== undefined) row(t("Score"), v.score);
  row(t("Sequences"), `${v.removed}/${v.sequences}`);
  content.append(summary);
  if (v.assisted) { // docs/RULES.md, "Help, and which games count"
    content.append(el("p", { id: "result-assisted", class: "assisted-note",
      text: t("This game was assisted, so it doesn't count in your statistics.") }));
  }
  const statsBox = el("section", { id: "result-stats", class: "stats-box", "aria-labelledby": "result-stats-h" });
  content.append(statsBox);
  const extra = extraButtons.call(v, () => closeDialog(dialog)).filter(Boolean);
  content.append(buttonRow(
    el("button", { type: "button", class: "primary", text: t("New game"), onclick: () => { closeDialog(dialog); openNewGame(); } }),
    ...extra,
    el("button", { type: "button", text: t("Close"), onclick: () => closeDialog(dialog) })));
  dialog.replaceChildren(content);
  dialog.setAttribute("aria-describedby", "result-news");
  const level = levelFor(state.catalog, v.game, v.suits, v.rules);
  const stats = await loadStats(level && level.key, statsBox, t("Your statistics: {level}", { level: level ? level.name : "" }));
  const perfect = perfectNews(v, stats);
  if (perfect) news.append(el("p", { id: "result-perfect", class: "result-perfect", text: perfect }));
  const { records, streak } = winNews(stats);
  if (records.length) news.append(el("ul", { class: "result-news" }, ...records.map((text) => el("li", { text }))));
  if (streak) news.append(el("p", { class: "result-streak", text: streak }));
  openDialog(dialog);
  // a win comes from a click as often as from a key: its first button shows a ring only for the keyboard
  const first = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!keyboardInUse() && first && dialog.contains(first)) {
    first.blur();
    first.focus({ focusVisible: false });
  }
}
