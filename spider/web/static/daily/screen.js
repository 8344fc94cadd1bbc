// The daily deals' screen: a day's six deals (today's by default) with the player's results, the
// time left until the next deals, the streaks, the month calendar, a deal's leaderboard and a past
// deal's winning line (history/'s replay viewer, every card face up). It holds no rules: the model
// (screen-model.js) holds what shows, from the server's answers (GET /api/daily…, docs/API.md);
// this draws it, passes the clicks on, and plays a deal. Made by dailyScreen(), which takes what it
// needs (the API, the store, the dialog to draw into), so a node test makes one with stand-ins.
import { api as serverApi } from "../core/api.js";
import { asset, el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { onConnectionChange } from "../core/connection.js";
import { guardOnline, needsConnection } from "../core/offline.js";
import { state as appState } from "../core/state.js";
import { confirmLoss, gameInProgress } from "../dialogs/confirm.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { gameLost, startGame } from "../game/start.js";
import { showReplay } from "../history/replay.js";
import { boardContent } from "./board.js";
import { calendarLegend, calendarTable } from "./calendar.js";
import { dealCard } from "./deals.js";
import { deckRequest, playingOnTable, sameAttempt } from "./plan.js";
import { DailyModel } from "./screen-model.js";

/** @import { Timers } from "../core/model.js" */
/** @typedef {typeof serverApi} Api */
/** @typedef {typeof appState} Store */

/** The parts of the screen, empty until the model fills them. */
function parts(dialog) {
  const p = {
    title: el("h2", { id: "dlg-daily-title", tabindex: "-1", text: t("Daily deals") }),
    said: el("p", { class: "sr-only", role: "status" }), // the page's live region is inert behind a modal
    offline: el("p", { id: "daily-offline", class: "offline-note", role: "status", hidden: true }),
    clock: el("p", { class: "daily-next" }),
    streak: el("p", { class: "daily-streak" }),
    you: el("p", { class: "daily-you muted" }),
    dayTitle: el("h3", { id: "daily-day-h", tabindex: "-1" }),
    back: el("button", { type: "button", class: "small-button", text: t("Back to today"), hidden: true, "data-online": true }),
    deals: el("ul", { class: "daily-deals", "aria-labelledby": "daily-day-h" }, el("li", { class: "muted", text: t("Loading…") })),
    lineSection: el("section", { class: "daily-line-section", hidden: true }),
    error: el("p", { class: "error", role: "alert" }),
    boardTitle: el("h3", { id: "daily-board-h", tabindex: "-1", text: t("Leaderboard") }),
    boardBox: el("div", { class: "daily-board" }),
    calendarBox: el("div", { class: "daily-calendar" }),
    previous: el("button", { type: "button", class: "small-button", "aria-label": t("Previous month"), text: "‹", "data-online": true }),
    next: el("button", { type: "button", class: "small-button", "aria-label": t("Next month"), text: "›", "data-online": true }),
    monthLabel: el("span", { class: "calendar-month", "aria-hidden": "true" }), // the table's caption says it
  };
  p.boardSection = el("section", { class: "daily-board-section", "aria-labelledby": "daily-board-h", hidden: true }, p.boardTitle, p.boardBox);
  const close = el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) });
  const intro = el("p", { class: "daily-intro muted",
    text: t("Six new deals every day, the same for everyone, each one winnable. Your first game of a deal counts; later ones are practice.") });
  dialog.replaceChildren(el("div", { class: "daily" }, p.title, p.said, p.offline, intro,
    el("div", { class: "daily-top" }, p.clock, p.streak), p.you,
    el("section", { "aria-labelledby": "daily-day-h" }, el("div", { class: "daily-day-head" }, p.dayTitle, p.back), p.deals),
    p.lineSection, p.error,
    el("div", { class: "daily-lower" }, p.boardSection,
      el("section", { class: "daily-calendar-section", "aria-labelledby": "daily-calendar-h" },
        el("h3", { id: "daily-calendar-h", text: t("Calendar") }),
        el("div", { class: "calendar-nav" }, p.previous, p.monthLabel, p.next), p.calendarBox, calendarLegend())),
    buttonRow(close)));
  return p;
}

/** Play `deal` of the day shown (`action`: dealAction()'s), asking first when that would make the
 * game in progress a loss. */
async function play({ api, state, dialog }, model, deal, action, button) {
  const { day } = model.state;
  if (playingOnTable(action, day, deal.level, state.view)) {
    closeDialog(dialog); // that game is the one on the table
    return;
  }
  const losing = gameInProgress();
  const same = sameAttempt(losing, day, deal.level);
  if (losing && !same && !(await confirmLoss(t("Start a new game?")))) return;
  button.disabled = true;
  try {
    const view = action === "replay"
      ? await api.newGame(deckRequest(deal.deck, state.settings.profile))
      : await api.playDaily(deal.level);
    closeDialog(dialog);
    startGame(view);
    if (!same) gameLost(losing);
  } catch (e) {
    button.disabled = false;
    model.failed(e);
  }
}

/** A past day's deal step by step along its winning line, in the replay viewer; returns the
 * function that stops it. */
function showLine(api, section, line) {
  if (!line) {
    section.hidden = true;
    section.replaceChildren();
    return () => {};
  }
  const looks = asset("static/history/history.css"); // the replay's
  if (!document.querySelector(`link[href="${looks}"]`)) document.head.append(el("link", { rel: "stylesheet", href: looks }));
  section.hidden = false;
  section.setAttribute("aria-label", line.label);
  const stop = showReplay(section, { id: null }, line.label, null, {
    back: null, heading: line.heading, start: line.start,
    step: (step) => api.dailyLine(line.date, line.level, step),
  });
  const heading = section.querySelector("h3");
  heading.tabIndex = -1;
  heading.focus();
  return stop;
}

/** Draw what changed between the model's states `before` and `now` (the winning line: `line`). */
function draw(deps, p, model, now, before, line) {
  if (now.clock !== before.clock) p.clock.textContent = now.clock;
  if (now.streak !== before.streak) p.streak.textContent = now.streak;
  if (now.you !== before.you) p.you.textContent = now.you;
  if (now.line !== before.line) {
    line.stop();
    line.stop = showLine(deps.api, p.lineSection, now.line);
  }
  if (now.deals !== before.deals && now.deals) {
    const handlers = { play: (deal, action, button) => play(deps, model, deal, action, button), watch: (deal) => model.watch(deal.level),
      board: (deal) => model.showBoard(deal.level) };
    p.deals.replaceChildren(...now.deals.map((deal) => dealCard(deal, now.isToday, handlers, now.day)));
  }
  if (now.dayTitle !== before.dayTitle) p.dayTitle.textContent = now.dayTitle;
  p.back.hidden = now.backHidden;
  if (now.error !== before.error) p.error.textContent = now.error.text;
  if (now.board !== before.board || now.waiting !== before.waiting) {
    const board = now.board;
    p.boardSection.hidden = !board;
    if (board) {
      p.boardTitle.textContent = board.title;
      if (board.error) p.boardBox.replaceChildren(el("p", { class: "error", text: board.error }));
      else if (board.answer) p.boardBox.replaceChildren(...boardContent(board.answer, board.caption));
      else p.boardBox.replaceChildren(el("p", { class: "muted", text: now.waiting ? t("Waiting for a connection…") : t("Loading…") }));
    }
  }
  if (now.calendar !== before.calendar) {
    const { answer, today, selected, error } = now.calendar;
    p.calendarBox.replaceChildren(error ? el("p", { class: "error", text: error })
      : calendarTable(answer, { language: now.language, today, selected, onPick: (day) => model.pickDay(day) }));
  }
  if (now.monthLabel !== before.monthLabel) p.monthLabel.textContent = now.monthLabel;
  p.previous.disabled = now.previousDisabled;
  p.next.disabled = now.nextDisabled;
  deps.guard.apply(); // the buttons drawn anew wait for the server too
}

/** The daily deals' screen, drawn into `dialog`: open(show) opens it (`show` may ask for a deal's
 * leaderboard at once, {date, level}); stop() stops its countdown and a playing winning line (the
 * dialog closed). `api` and `state` are the server's client and the app's store, or stand-ins;
 * `connection` may stand in for core/connection.js ({online, onChange}).
 * @param {{dialog: HTMLDialogElement, api?: Api, state?: Store, timers?: Timers,
 *   connection?: {online?: () => boolean, onChange?: (hook: (online: boolean) => unknown) => () => unknown}}} deps */
export function dailyScreen({ dialog, api = serverApi, state = appState, timers = undefined, connection = {} }) {
  let model = null; // the open screen's model
  // what needs the server says so while it cannot be reached; back online, what failed loads again
  const guard = guardOnline(dialog, { note: "daily-offline", why: () => needsConnection(t("Daily deals need a connection.")),
    waiting: () => Boolean(model && model.state.waiting), ...connection });
  (connection.onChange || onConnectionChange)((on) => {
    if (on && model && dialog.open) model.reconnected();
  });
  const deps = { dialog, api, state, guard };
  const line = { stop: () => {} }; // the winning line's replay, while it plays
  const stop = () => {
    if (model) model.stop();
    line.stop();
    line.stop = () => {};
  };
  const open = (show = {}) => {
    stop();
    const opening = openIn(deps, show, line, timers);
    model = opening.model;
    return opening.opened;
  };
  return { open, stop };
}

function openIn(deps, show, line, timers) {
  const { dialog, api, state } = deps;
  const p = parts(dialog);
  openDialog(dialog);
  p.title.focus();
  deps.guard.apply();
  const model = new DailyModel({ api, language: state.language, timers });
  model.subscribe((now, before) => draw(deps, p, model, now, before, line));
  model.on((event) => {
    if (event.focus === "day") p.dayTitle.focus();
    if (event.focus === "board") p.boardTitle.focus();
    if (event.say) {
      p.said.textContent = "";
      setTimeout(() => (p.said.textContent = event.say), 60);
    }
  });
  p.previous.addEventListener("click", () => model.previousMonth());
  p.next.addEventListener("click", () => model.nextMonth());
  p.back.addEventListener("click", () => model.backToToday());
  return { model, opened: model.open(show) };
}
