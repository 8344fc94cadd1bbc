// The daily deals' screen: a day's six deals (today's by default) with the player's results, the
// time left until the next deals, the streaks, the month calendar, a deal's leaderboard and a past
// deal's winning line (history/'s replay viewer, every card face up). It holds no rules: every figure comes from the server (GET /api/daily…, docs/API.md).
import { api, ApiError } from "../core/api.js";
import { el } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { state } from "../core/state.js";
import { confirmLoss, gameInProgress } from "../dialogs/confirm.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { gameLost, startGame } from "../game/start.js";
import { showReplay } from "../history/replay.js";
import { boardContent } from "./board.js";
import { calendarLegend, calendarTable } from "./calendar.js";
import { countdown, dayDate, monthOf, shiftMonth } from "./dates.js";
import { dealCard, levelTitle } from "./deals.js";
import { deckRequest } from "./plan.js";

let timer = null;
let stopLine = () => {}; // the winning line's replay, while it plays

function longDate(day) {
  return new Intl.DateTimeFormat(state.language, { dateStyle: "long", timeZone: "UTC" }).format(dayDate(day));
}

function failure(e) {
  if (e instanceof ApiError) return e.body.message || t("That could not be loaded. Try again.");
  return t("The server could not be reached. Try again.");
}

/** Open the screen in `dialog`; `show` may ask for a deal's leaderboard at once ({date, level}). */
export async function openDailyScreen(dialog, show = {}) {
  stopDailyScreen();
  const title = el("h2", { id: "dlg-daily-title", tabindex: "-1", text: t("Daily deals") });
  const said = el("p", { class: "sr-only", role: "status" }); // the page's live region is inert behind a modal
  const intro = el("p", { class: "daily-intro muted",
    text: t("Six new deals every day, the same for everyone, each one winnable. Your first game of a deal counts; later ones are practice.") });
  const clock = el("p", { class: "daily-next" });
  const streak = el("p", { class: "daily-streak" });
  const you = el("p", { class: "daily-you muted" });
  const dayTitle = el("h3", { id: "daily-day-h", tabindex: "-1" });
  const back = el("button", { type: "button", class: "small-button", text: t("Back to today"), hidden: true });
  const deals = el("ul", { class: "daily-deals", "aria-labelledby": "daily-day-h" }, el("li", { class: "muted", text: t("Loading…") }));
  const lineSection = el("section", { class: "daily-line-section", hidden: true });
  const error = el("p", { class: "error", role: "alert" });
  const boardTitle = el("h3", { id: "daily-board-h", tabindex: "-1", text: t("Leaderboard") });
  const boardBox = el("div", { class: "daily-board" });
  const boardSection = el("section", { class: "daily-board-section", "aria-labelledby": "daily-board-h", hidden: true }, boardTitle, boardBox);
  const calendarBox = el("div", { class: "daily-calendar" });
  const previous = el("button", { type: "button", class: "small-button", "aria-label": t("Previous month"), text: "‹" });
  const next = el("button", { type: "button", class: "small-button", "aria-label": t("Next month"), text: "›" });
  const monthLabel = el("span", { class: "calendar-month", "aria-hidden": "true" }); // the table's caption says it
  const close = el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) });
  dialog.replaceChildren(el("div", { class: "daily" }, title, said, intro,
    el("div", { class: "daily-top" }, clock, streak), you,
    el("section", { "aria-labelledby": "daily-day-h" }, el("div", { class: "daily-day-head" }, dayTitle, back), deals), lineSection, error,
    el("div", { class: "daily-lower" }, boardSection,
      el("section", { class: "daily-calendar-section", "aria-labelledby": "daily-calendar-h" },
        el("h3", { id: "daily-calendar-h", text: t("Calendar") }),
        el("div", { class: "calendar-nav" }, previous, monthLabel, next), calendarBox, calendarLegend())),
    buttonRow(close)));
  openDialog(dialog);
  title.focus();

  const say = (text) => {
    said.textContent = "";
    setTimeout(() => (said.textContent = text), 60);
  };
  let today = null;
  let day = null;
  let month = null;
  let ends = 0; // when today's deals end (performance.now() ms)

  function tick() {
    const left = Math.max(0, (ends - performance.now()) / 1000);
    clock.textContent = t("Next deals in {time}", { time: countdown(left) });
    if (left <= 0 && today) {
      clearInterval(timer);
      timer = null;
      loadToday(); // a new day: its deals
    }
  }

  async function showBoard(deal, focus = true) {
    boardSection.hidden = false;
    boardTitle.textContent = t("Leaderboard: {level}", { level: levelTitle(deal.level) });
    boardBox.replaceChildren(el("p", { class: "muted", text: t("Loading…") }));
    if (focus) boardTitle.focus();
    try {
      const board = await api.dailyBoard(day, deal.level);
      const caption = t("{level}, {date}", { level: levelTitle(deal.level), date: longDate(day) });
      boardBox.replaceChildren(...boardContent(board, caption));
      say(tn("Leaderboard of {level}: {n} ranked result.", "Leaderboard of {level}: {n} ranked results.",
        board.entries.length, { level: levelTitle(deal.level) }));
    } catch (e) {
      boardBox.replaceChildren(el("p", { class: "error", text: failure(e) }));
    }
  }

  async function play(deal, action, button) {
    const shown = state.view && state.view.daily;
    if (action === "continue" && shown && shown.date === day && shown.level === deal.level && !state.view.won) {
      closeDialog(dialog); // that game is the one on the table
      return;
    }
    const losing = gameInProgress();
    const same = losing && losing.daily && losing.daily.date === day && losing.daily.level === deal.level;
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
      error.textContent = failure(e);
    }
  }

  /** A past day's deal step by step along its winning line, in the replay viewer. */
  function watch(deal) {
    stopLine();
    if (!document.querySelector('link[href="static/history/history.css"]')) { // the replay's looks
      document.head.append(el("link", { rel: "stylesheet", href: "static/history/history.css" }));
    }
    const name = levelTitle(deal.level);
    const date = day;
    lineSection.hidden = false;
    lineSection.setAttribute("aria-label", t("Winning line: {level}", { level: name }));
    stopLine = showReplay(lineSection, { id: null }, name, null, {
      back: null,
      heading: t("Winning line: {level}, {date}", { level: name, date: longDate(date) }),
      step: (step) => api.dailyLine(date, deal.level, step),
      start: t("The deal, every card face up."),
    });
    const heading = lineSection.querySelector("h3");
    heading.tabIndex = -1;
    heading.focus();
  }

  function showDeals(answer, isToday) {
    stopLine();
    lineSection.hidden = true;
    lineSection.replaceChildren();
    const list = answer.deals.map((deal) => dealCard(deal, isToday, { play, watch, board: showBoard }));
    deals.replaceChildren(...list);
    dayTitle.textContent = isToday ? t("Today, {date}", { date: longDate(day) }) : t("Deals of {date}", { date: longDate(day) });
    back.hidden = isToday;
  }

  async function loadMonth(wanted) {
    month = wanted;
    previous.disabled = true;
    next.disabled = true;
    try {
      const calendar = await api.dailyCalendar(month);
      const table = calendarTable(calendar, { language: state.language, today, selected: day, onPick: pickDay });
      monthLabel.textContent = table.caption.textContent;
      calendarBox.replaceChildren(table);
      if (calendar.streak) showStreak(calendar.streak);
      next.disabled = month >= monthOf(today);
    } catch (e) {
      calendarBox.replaceChildren(el("p", { class: "error", text: failure(e) }));
      next.disabled = false;
    }
    previous.disabled = false;
  }

  function showStreak(s) {
    streak.replaceChildren(tn("Current streak: {n} day", "Current streak: {n} days", s.current), " · ",
      tn("Best: {n} day", "Best: {n} days", s.best));
  }

  async function pickDay(wanted) {
    error.textContent = "";
    if (wanted === today) {
      await loadToday(true);
      return;
    }
    try {
      const answer = await api.dailyDay(wanted);
      day = wanted;
      showDeals(answer, false);
      boardSection.hidden = true;
      say(t("Deals of {date}", { date: longDate(day) }));
      dayTitle.focus();
    } catch (e) {
      error.textContent = failure(e);
    }
    await loadMonth(month);
  }

  async function loadToday(focusDay = false) {
    try {
      const answer = await api.daily();
      today = answer.date;
      day = today;
      ends = performance.now() + answer.next_in * 1000;
      showDeals(answer, true);
      if (answer.streak) showStreak(answer.streak);
      const name = answer.name && typeof answer.name === "object" ? answer.name.display : answer.name;
      you.textContent = name ? t("On the leaderboards you are {name}.", { name }) : "";
      tick();
      if (!timer) timer = setInterval(tick, 1000);
      if (focusDay) dayTitle.focus();
    } catch (e) {
      error.textContent = failure(e);
      return;
    }
    await loadMonth(month && focusDay ? month : monthOf(today));
  }

  previous.addEventListener("click", () => loadMonth(shiftMonth(month, -1)));
  next.addEventListener("click", () => loadMonth(shiftMonth(month, 1)));
  back.addEventListener("click", () => pickDay(today));
  await loadToday();
  if (show.level && today) {
    if (show.date && show.date !== today) await pickDay(show.date);
    const deal = { level: show.level };
    await showBoard(deal);
  }
}

/** The countdown and a playing winning line stop when the dialog closes. */
export function stopDailyScreen() {
  clearInterval(timer);
  timer = null;
  stopLine();
}
