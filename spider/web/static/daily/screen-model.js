// The daily deals' screen's model: which day's deals show (today's by default) and what its heading
// says, the countdown to the next deals, the streaks, the month the calendar shows and whether it
// can move, the leaderboard asked for and the winning line being watched. Every figure comes from
// `api` (GET /api/daily…, docs/API.md). No DOM, so node --test covers it; daily/screen.js draws it.
import { ApiError } from "../core/api.js";
import { t, tn } from "../core/i18n.js";
import { message, Model, realTimers } from "../core/model.js";
import { unanswered } from "../core/offline.js";
import { countdown, longDate, monthOf, monthTitle, shiftMonth } from "./dates.js";
import { levelTitle } from "./plan.js";

/** Why something could not be had, in words: "" when no answer came (the screen's note says that
 * the server cannot be reached, calmly, and what failed loads again once it answers). */
export function dailyFailure(error) {
  if (error instanceof ApiError) return error.body.message || t("That could not be loaded. Try again.");
  return "";
}


/** The streaks' line: "Current streak: 3 days · Best: 5 days". */
export function streakText(streak) {
  return `${tn("Current streak: {n} day", "Current streak: {n} days", streak.current)} · ${
    tn("Best: {n} day", "Best: {n} days", streak.best)}`;
}

export class DailyModel extends Model {
  #api;
  #timers;
  #stopTicking = null;
  #ends = 0; // when today's deals end (timers.now() ms)

  /** `api`: daily(), dailyDay(day), dailyCalendar(month), dailyBoard(day, level), as core/api.js
   * has them; `language` writes the dates. */
  constructor({ api, language, timers = realTimers }) {
    super({
      language,
      today: null,
      day: null, // the day whose deals show
      isToday: true,
      deals: null, // its deals (null until they arrive)
      dayTitle: "",
      backHidden: true, // "Back to today"
      clock: "",
      streak: "",
      you: "", // the player's name on the leaderboards
      month: null, // the calendar's month
      monthLabel: "",
      calendar: null, // what the calendar box shows: {answer, today, selected} or {error}
      previousDisabled: false,
      nextDisabled: false,
      board: null, // the leaderboard asked for: {level, title, answer (null while loading), caption, error}
      line: null, // the winning line watched: {level, date, label, heading, start}
      error: message(""), // the alert's text
      waiting: false, // a request found no server: the screen says so, and loads again once it answers
    });
    this.#api = api;
    this.#timers = timers;
  }

  #long(day) {
    return longDate(day, this.state.language);
  }

  /** The screen opens: today's deals, then (`show`: {date, level}) a deal's leaderboard. */
  async open(show = {}) {
    await this.loadToday();
    if (show.level && this.state.today) {
      if (show.date && show.date !== this.state.today) await this.pickDay(show.date);
      await this.showBoard(show.level);
    }
  }

  /** A request found no server (`error`): wait for it calmly; another failure is said. */
  #failed(error, fields = {}) {
    this.set({ ...fields, waiting: this.state.waiting || unanswered(error), error: message(dailyFailure(error)) });
  }

  /** The server answers again: what could not be loaded is loaded now. */
  async reconnected() {
    if (!this.state.waiting) return;
    this.set({ waiting: false, error: message("") });
    const { today, day, board } = this.state;
    if (!today || !this.state.deals || day === today) await this.loadToday(); // and the calendar
    else await this.pickDay(day);
    if (board && !board.answer) await this.showBoard(board.level);
  }

  /** The countdown stops (the screen closed). */
  stop() {
    if (this.#stopTicking) this.#stopTicking();
    this.#stopTicking = null;
  }

  #tick() {
    const left = Math.max(0, (this.#ends - this.#timers.now()) / 1000);
    this.set({ clock: t("Next deals in {time}", { time: countdown(left) }) });
    if (left <= 0 && this.state.today) {
      this.stop();
      this.loadToday(); // a new day: its deals
    }
  }

  #showDeals(answer, day, isToday) {
    const date = this.#long(day);
    this.set({
      day,
      isToday,
      deals: answer.deals,
      dayTitle: isToday ? t("Today, {date}", { date }) : t("Deals of {date}", { date }),
      backHidden: isToday,
      line: null,
    });
  }

  /** Today's deals (again: a new day, or "Back to today" with `focusDay`), then the calendar. */
  async loadToday(focusDay = false) {
    try {
      const answer = await this.#api.daily();
      this.set({ today: answer.date });
      this.#ends = this.#timers.now() + answer.next_in * 1000;
      this.#showDeals(answer, answer.date, true);
      if (answer.streak) this.set({ streak: streakText(answer.streak) });
      const name = answer.name && typeof answer.name === "object" ? answer.name.display : answer.name;
      this.set({ you: name ? t("On the leaderboards you are {name}.", { name }) : "" });
      this.#tick();
      this.#stopTicking ??= this.#timers.every(() => this.#tick(), 1000);
      if (focusDay) this.emit({ focus: "day" });
    } catch (e) {
      this.#failed(e);
      return;
    }
    const { month, today } = this.state;
    await this.loadMonth(month && focusDay ? month : monthOf(today));
  }

  /** A day of the calendar: its deals (today's, or a past day's revealed ones). */
  async pickDay(wanted) {
    this.set({ error: message("") });
    if (wanted === this.state.today) {
      await this.loadToday(true);
      return;
    }
    try {
      const answer = await this.#api.dailyDay(wanted);
      this.#showDeals(answer, wanted, false);
      this.set({ board: null });
      this.emit({ say: t("Deals of {date}", { date: this.#long(wanted) }) });
      this.emit({ focus: "day" });
    } catch (e) {
      this.#failed(e);
    }
    await this.loadMonth(this.state.month);
  }

  /** "Back to today". */
  backToToday() {
    return this.pickDay(this.state.today);
  }

  /** The calendar of `month` ("YYYY-MM"); it never goes past today's month. */
  async loadMonth(month) {
    this.set({ month, previousDisabled: true, nextDisabled: true });
    try {
      const answer = await this.#api.dailyCalendar(month);
      const { today, day, language } = this.state;
      this.set({ calendar: { answer, today, selected: day }, monthLabel: monthTitle(answer.month, language) });
      if (answer.streak) this.set({ streak: streakText(answer.streak) });
      this.set({ nextDisabled: month >= monthOf(today) });
    } catch (e) {
      this.#failed(e, { calendar: { error: dailyFailure(e) }, nextDisabled: false });
    }
    this.set({ previousDisabled: false });
  }

  previousMonth() {
    return this.loadMonth(shiftMonth(this.state.month, -1));
  }

  nextMonth() {
    return this.loadMonth(shiftMonth(this.state.month, 1));
  }

  /** The leaderboard of the shown day's deal of `level`. */
  async showBoard(level) {
    const { day } = this.state;
    const name = levelTitle(level);
    const board = { level, title: t("Leaderboard: {level}", { level: name }), answer: null, caption: "", error: "" };
    this.set({ board });
    this.emit({ focus: "board" });
    try {
      const answer = await this.#api.dailyBoard(day, level);
      if (this.state.board !== board) return; // another was asked for meanwhile
      this.set({ board: { ...board, answer, caption: t("{level}, {date}", { level: name, date: this.#long(day) }) } });
      this.emit({ say: tn("Leaderboard of {level}: {n} ranked result.", "Leaderboard of {level}: {n} ranked results.",
        answer.entries.length, { level: name }) });
    } catch (e) {
      if (this.state.board === board) this.#failed(e, { board: { ...board, error: dailyFailure(e) } });
    }
  }

  /** Step through a past day's deal of `level` along its winning line. */
  watch(level) {
    const name = levelTitle(level);
    const date = this.state.day;
    this.set({ line: {
      level,
      date,
      label: t("Winning line: {level}", { level: name }),
      heading: t("Winning line: {level}, {date}", { level: name, date: this.#long(date) }),
      start: t("The deal, every card face up."),
    } });
  }

  /** Playing a deal failed: say why. */
  failed(error) {
    this.#failed(error);
  }
}
