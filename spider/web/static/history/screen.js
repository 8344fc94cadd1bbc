// The statistics screen: the figures of every level the player has played, a chart of results
// over time, the list of past games (each can be replayed), export as JSON or CSV, and reset with
// a confirmation. Everything comes from the server (GET /api/stats, GET /api/history).
import { api } from "../core/api.js";
import { $, el } from "../core/dom.js";
import { dailySecret, formatTime } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { state } from "../core/state.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { statsRows } from "../game/stats.js";
import { drawChart } from "./chart.js";
import { allGames, historyCsv, historyJson } from "./export.js";
import { showReplay } from "./replay.js";
import { showReview } from "./review.js";

const PAGE = 20; // games listed at a time
const CHARTED = 100; // the most recent games the chart shows

let stopReplay = () => {};

function levelNameOf(key) {
  const level = state.catalog && state.catalog.levels.find((l) => l.key === key);
  return level ? level.name : key;
}

function dateText(seconds) {
  const format = new Intl.DateTimeFormat(state.language, { dateStyle: "medium", timeStyle: "short" });
  return seconds ? format.format(new Date(seconds * 1000)) : "—";
}

function shortDate(seconds) {
  return new Intl.DateTimeFormat(state.language, { dateStyle: "short" }).format(new Date(seconds * 1000));
}

function resultText(game) {
  const result = game.result === "won" ? t("Won") : t("Lost");
  return game.assisted ? t("{result} (assisted)", { result }) : result;
}

function levelFigures(levels) {
  const keys = Object.keys(levels);
  if (!keys.length) return []; // the screen's empty state says what will be here
  return keys.map((key) => {
    const id = `stats-level-${key}`;
    const dl = el("dl", { class: "stats" });
    for (const [label, value] of statsRows(levels[key])) {
      dl.append(el("div", {}, el("dt", { text: label }), el("dd", { text: value })));
    }
    const figures = el("section", { class: "stats-box", "aria-labelledby": id }, el("h4", { id, text: levelNameOf(key) }), dl);
    if (levels[key].assisted_played) {
      figures.append(el("p", { class: "hint-text", text: tn("And {n} assisted game ({wins} won), counted apart.",
        "And {n} assisted games ({wins} won), counted apart.", levels[key].assisted_played,
        { wins: levels[key].assisted_wins }) }));
    }
    return figures;
  });
}

function gameRow(game, replay, review) {
  const cell = (label, text, cls) => el("td", { "data-label": label, class: cls, text: String(text) });
  return el("tr", {},
    cell(t("Date"), dateText(game.finished)),
    cell(t("Level"), levelNameOf(game.level)),
    cell(t("Result"), resultText(game), game.result),
    cell(t("Moves"), game.moves, "number"),
    cell(t("Time"), formatTime(game.elapsed), "number"),
    cell(t("Score"), game.score ?? "—", "number"),
    ...(dailySecret(game.daily) ? waitingCells() : [el("td", {}, el("button", { type: "button", class: "small", text: t("Replay"),
      "aria-label": t("Replay the game of {date}", { date: dateText(game.finished) }), onclick: () => replay(game) })),
    el("td", {}, el("button", { type: "button", class: "small", text: t("Review"),
      "aria-label": t("Review the game of {date}", { date: dateText(game.finished) }), onclick: () => review(game) }))]));
}

/** In place of a daily deal's replay and review while its day lasts. */
function waitingCells() {
  return [el("td", { colspan: 2, class: "muted", text: t("When the day is over") })];
}

function gamesTable() {
  const head = el("tr", {}, ...[t("Date"), t("Level"), t("Result"), t("Moves"), t("Time"), t("Score")]
    .map((text) => el("th", { scope: "col", text })), el("th", { scope: "col" }, el("span", { class: "sr-only", text: t("Replay") })),
    el("th", { scope: "col" }, el("span", { class: "sr-only", text: t("Review") })));
  const body = el("tbody");
  const table = el("table", { class: "history-games" }, el("caption", { class: "sr-only", text: t("Past games") }),
    el("thead", {}, head), body);
  return { table, body };
}

function download(container, name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  container.append(link); // inside the dialog: the page behind a modal dialog is inert
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Ask before forgetting every finished game; resolves to true when the player confirms. */
function confirmReset(count) {
  return new Promise((resolve) => {
    const dialog = el("dialog", { class: "dialog confirm", role: "alertdialog", "aria-labelledby": "reset-title",
      "aria-describedby": "reset-desc" });
    const finish = (yes) => {
      dialog.close();
      dialog.remove();
      resolve(yes);
    };
    const cancel = el("button", { type: "button", class: "primary", text: t("Cancel"), onclick: () => finish(false) });
    dialog.append(el("h2", { id: "reset-title", text: t("Reset statistics?") }),
      el("p", { id: "reset-desc", text: tn(
        "This forgets {n} finished game and the statistics of every level. Your unfinished game stays. This cannot be undone.",
        "This forgets {n} finished games and the statistics of every level. Your unfinished game stays. This cannot be undone.",
        count) }),
      buttonRow(cancel, el("button", { type: "button", class: "danger", text: t("Reset"), onclick: () => finish(true) })));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(false);
    });
    $("dlg-stats").append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/** Open the statistics screen in the dialog `dialog`. */
export async function openStatsScreen(dialog) {
  stopReplay();
  const content = el("div", { class: "history" });
  dialog.replaceChildren(content);
  const title = el("h2", { id: "dlg-stats-title", tabindex: "-1", text: t("Statistics") });
  const figures = el("div", { class: "history-levels" }, el("p", { class: "muted", text: t("Loading…") }));
  const filter = el("select", { id: "history-level" }, el("option", { value: "", text: t("All levels") }));
  const chartBox = el("div", { class: "history-chart-box" });
  const { table, body } = gamesTable();
  const more = el("button", { type: "button", class: "small", text: t("Show more games"), hidden: true });
  const error = el("p", { class: "error", role: "alert" });
  const exportJson = el("button", { type: "button", text: t("Export JSON") });
  const exportCsv = el("button", { type: "button", text: t("Export CSV") });
  const reset = el("button", { type: "button", class: "danger", text: t("Reset statistics…") });
  const close = el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) });
  // a new player's screen: what will be here, instead of empty figures and an empty chart
  const empty = el("div", { class: "history-empty", hidden: true },
    el("p", { class: "lead", text: t("No finished games yet.") }),
    el("p", { text: t("Win or lose a game and it shows here: your win rate game by game, your streaks and your best times, level by level.") }));
  const filled = el("div", {},
    el("section", { "aria-labelledby": "history-levels-h" }, el("h3", { id: "history-levels-h", text: t("Your levels") }), figures),
    el("section", { "aria-labelledby": "history-games-h" }, el("h3", { id: "history-games-h", text: t("Past games") }),
      el("p", { class: "field" }, el("label", { for: "history-level", text: t("Level") }), filter),
      chartBox, el("div", { class: "history-table-wrap" }, table), more),
    el("div", { class: "history-actions" }, exportJson, exportCsv, reset));
  content.append(title, empty, filled, error, buttonRow(close));
  openDialog(dialog);
  title.focus();

  let listed = 0;
  const level = () => filter.value || undefined;
  const page = (offset, limit) => api.history({ level: level(), offset, limit });
  const away = (show) => (game) => {
    const scroll = dialog.scrollTop;
    stopReplay = show(dialog, game, `${levelNameOf(game.level)}, ${dateText(game.finished)}`, () => {
      dialog.replaceChildren(content);
      dialog.scrollTop = scroll;
      title.focus();
    });
  };
  const replay = away(showReplay);
  const review = away((...shown) => showReview(...shown, t("Back to statistics")));
  const fail = () => {
    error.textContent = t("The statistics could not be loaded. Try again.");
  };
  async function loadGames() {
    try {
      const recent = await page(0, CHARTED);
      chartBox.replaceChildren(...(recent.games.length ? [drawChart(recent.games, shortDate)] : []));
      body.replaceChildren(...recent.games.slice(0, PAGE).map((g) => gameRow(g, replay, review)));
      listed = Math.min(PAGE, recent.games.length);
      more.hidden = listed >= recent.total;
      table.hidden = !recent.total;
    } catch (_) {
      fail();
    }
  }
  async function loadAll() {
    try {
      const { levels } = await api.allStats();
      const none = !Object.keys(levels).length;
      empty.hidden = !none;
      filled.hidden = none;
      figures.replaceChildren(...levelFigures(levels));
      const chosen = filter.value;
      filter.replaceChildren(filter.options[0], ...Object.keys(levels).map((key) => el("option", { value: key, text: levelNameOf(key) })));
      filter.value = chosen in levels ? chosen : "";
      reset.disabled = !Object.keys(levels).length;
    } catch (_) {
      fail();
    }
    await loadGames();
  }
  filter.addEventListener("change", loadGames);
  more.addEventListener("click", async () => {
    try {
      const next = await page(listed, PAGE);
      body.append(...next.games.map((g) => gameRow(g, replay, review)));
      listed += next.games.length;
      more.hidden = listed >= next.total;
    } catch (_) {
      fail();
    }
  });
  const exporter = (name, type, build) => async () => {
    try {
      const [{ levels }, games] = await Promise.all([api.allStats(), allGames((o, l) => api.history({ offset: o, limit: l }))]);
      download(content, name, type, build(levels, games));
    } catch (_) {
      error.textContent = t("The export could not be made. Try again.");
    }
  };
  exportJson.addEventListener("click", exporter("spider-statistics.json", "application/json", historyJson));
  exportCsv.addEventListener("click", exporter("spider-games.csv", "text/csv", (_levels, games) => historyCsv(games)));
  reset.addEventListener("click", async () => {
    const total = (await api.history({ limit: 1 }).catch(() => ({ total: 0 }))).total;
    if (!(await confirmReset(total))) {
      reset.focus();
      return;
    }
    try {
      await api.forgetHistory();
      await loadAll();
      error.textContent = "";
      title.focus();
    } catch (_) {
      fail();
    }
  });
  await loadAll();
}

/** The replay stops when the dialog closes. */
export function stopStatsScreen() {
  stopReplay();
}
