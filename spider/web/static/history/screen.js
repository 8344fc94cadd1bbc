// The statistics screen: the figures of every level the player has played, a chart of results
// over time, the list of past games (each can be replayed), export as JSON or CSV, and reset with
// a confirmation. Everything comes from the server (GET /api/stats, GET /api/history), and the games
// this device has not synced yet from core/device.js, through the model (screen-model.js), which
// decides what shows; this draws it and passes the clicks on.
import { api as serverApi } from "../core/api.js";
import { onConnectionChange } from "../core/connection.js";
import { pendingGames } from "../core/device.js";
import { $, el } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { guardOnline, needsConnection } from "../core/offline.js";
import { state as appState } from "../core/state.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { statsList } from "../game/stats.js";
import { drawChart } from "./chart.js";
import { showReplay } from "./replay.js";
import { showReview } from "./review.js";
import { shortDate, StatsModel } from "./screen-model.js";


function levelBox(level) {
  const dl = statsList(level.rows);
  const box = el("section", { class: "stats-box", "aria-labelledby": level.id }, el("h4", { id: level.id, text: level.name }), dl);
  if (level.assisted) box.append(el("p", { class: "hint-text", text: level.assisted }));
  if (level.unsynced) box.append(el("p", { class: "hint-text unsynced", text: level.unsynced }));
  return box;
}

function gameRow(row, replay, review) {
  const cell = ([label, text, cls]) => el("td", { "data-label": label, class: cls, text: String(text) });
  const button = (text, label, onclick) => el("td", {}, el("button", { type: "button", class: "small", text, "aria-label": label,
    "data-online": true, onclick }));
  let last;
  if (row.unsynced) last = [el("td", { colspan: 2, class: "muted unsynced", text: t("Not synced yet") })];
  else if (row.waiting) last = waitingCells();
  else last = [button(t("Replay"), row.replayLabel, () => replay(row)), button(t("Review"), row.reviewLabel, () => review(row))];
  return el("tr", { class: row.unsynced ? "unsynced" : undefined }, ...row.cells.map(cell), ...last);
}

/** In place of a daily deal's replay and review while its day lasts. */
function waitingCells() {
  return [el("td", { colspan: 2, class: "muted", text: t("When the day is over") })];
}

function gamesTable() {
  const head = el("tr", {}, ...[t("Date"), t("Level"), t("Deal"), t("Result"), t("Moves"), t("Time"), t("Score")]
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

/** The statistics screen, drawn into `dialog`: open() opens it; stop() stops a replay it shows (the
 * dialog closed). `api` and `state` are the server's client and the app's store, `pending` the
 * device's games not synced yet (core/device.js) and `connection` core/connection.js, or stand-ins.
 * @param {{dialog: HTMLDialogElement, api?: typeof serverApi, state?: typeof appState,
 *   pending?: () => Promise<import("../core/device.js").DeviceGame[]>,
 *   connection?: {online?: () => boolean, onChange?: (hook: (online: boolean) => unknown) => () => unknown}}} deps */
export function statsScreen({ dialog, api = serverApi, state = appState, pending = pendingGames, connection = {} }) {
  const replaying = { stop: () => {} }; // the replay or review shown in the screen's place
  const shown = { model: /** @type {StatsModel | null} */ (null) };
  // what needs the server says so while it cannot be reached; back online, what failed loads again
  const guard = guardOnline(dialog, { note: "stats-offline",
    why: () => needsConnection(t("Replays, reviews, export and reset need a connection.")),
    waiting: () => Boolean(shown.model && shown.model.state.waiting), ...connection });
  (connection.onChange || onConnectionChange)((on) => {
    if (on && shown.model && dialog.open) shown.model.reconnected();
  });
  const stop = () => replaying.stop();
  const open = () => {
    stop();
    shown.model = new StatsModel({ api, catalog: state.catalog, language: state.language, pending });
    return openIn(dialog, api, shown.model, replaying, guard);
  };
  return { open, stop };
}

async function openIn(dialog, api, model, replaying, guard) {
  const content = el("div", { class: "history" });
  dialog.replaceChildren(content);
  const title = el("h2", { id: "dlg-stats-title", tabindex: "-1", text: t("Statistics") });
  const offline = el("p", { id: "stats-offline", class: "offline-note", role: "status", hidden: true });
  const figures = el("div", { class: "history-levels" }, el("p", { class: "muted", text: t("Loading…") }));
  const filter = el("select", { id: "history-level" });
  const chartBox = el("div", { class: "history-chart-box" });
  const { table, body } = gamesTable();
  const more = el("button", { type: "button", class: "small", text: t("Show more games"), hidden: true });
  const error = el("p", { class: "error", role: "alert" });
  const exportJson = el("button", { type: "button", text: t("Export JSON"), "data-online": true });
  const exportCsv = el("button", { type: "button", text: t("Export CSV"), "data-online": true });
  const reset = el("button", { type: "button", class: "danger", text: t("Reset statistics…"), "data-online": true });
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
  content.append(title, offline, empty, filled, error, buttonRow(close));
  openDialog(dialog);
  title.focus();
  guard.apply();

  const away = (show) => (row) => {
    const scroll = dialog.scrollTop;
    replaying.stop = show(dialog, row.game, row.title, () => {
      dialog.replaceChildren(content);
      dialog.scrollTop = scroll;
      title.focus();
    });
  };
  // a past game's replay and review ask the screen's server
  const replay = away((container, game, heading, back) => showReplay(container, game, heading, back,
    { step: (step) => api.replay(game.id, step) }));
  const review = away((container, game, heading, back) => showReview(container, game, heading, back,
    t("Back to statistics"), api));
  let listed = []; // the rows drawn in the table, in order

  function drawRows(rows) {
    const more = listed.length <= rows.length && listed.every((row, i) => rows[i] === row);
    if (more) body.append(...rows.slice(listed.length).map((row) => gameRow(row, replay, review))); // the focus stays
    else body.replaceChildren(...rows.map((row) => gameRow(row, replay, review)));
    listed = rows;
  }

  function draw(now, before) {
    empty.hidden = !now.none;
    filled.hidden = now.none;
    if (now.levels && now.levels !== before.levels) figures.replaceChildren(...now.levels.map(levelBox));
    if (now.filter.options !== before.filter.options) {
      filter.replaceChildren(...now.filter.options.map((option) => el("option", option)));
    }
    filter.value = now.filter.value;
    if (now.charted !== before.charted) {
      chartBox.replaceChildren(...(now.charted.length ? [drawChart(now.charted, (s) => shortDate(s, now.language))] : []));
    }
    if (now.rows !== before.rows) drawRows(now.rows);
    table.hidden = now.tableHidden;
    more.hidden = now.moreHidden;
    reset.disabled = now.resetDisabled;
    if (now.error !== before.error) error.textContent = now.error.text;
    guard.apply(); // the rows drawn anew wait for the server too
  }
  draw(model.state, { filter: {} });
  model.subscribe(draw);

  filter.addEventListener("change", () => model.choose(filter.value));
  more.addEventListener("click", () => model.more());
  const exporter = (kind) => async () => {
    const file = await model.exportFile(kind);
    if (file) download(content, file.name, file.type, file.text);
  };
  exportJson.addEventListener("click", exporter("json"));
  exportCsv.addEventListener("click", exporter("csv"));
  reset.addEventListener("click", async () => {
    if (!(await confirmReset(await model.finishedGames()))) {
      reset.focus();
      return;
    }
    if (await model.forget()) title.focus();
  });
  await model.load();
}
