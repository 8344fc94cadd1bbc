// The daily deals' screen's model (daily/screen-model.js): the day shown and its heading, the
// countdown, the calendar's month and its arrows, a past day, a leaderboard and a winning line,
// from a stand-in for the server's GET /api/daily… answers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../spider/web/static/core/api.js";
import { DailyModel } from "../../spider/web/static/daily/screen-model.js";
import { deferred, manualTimers, settle } from "./fakes.mjs";

const TODAY = "2026-12-06";
const YESTERDAY = "2026-12-05";
const LEVELS = ["spider-1-classic", "spiderette-1-classic"];

const deals = (day) => LEVELS.map((level) => ({ level, difficulty: "easy", result: null, practice: { played: 0, won: 0 }, day }));

/** A server on TODAY, an hour before the next deals; `calls` lists what was asked. */
function server() {
  const calls = [];
  const api = {
    today: TODAY,
    nextIn: 3600,
    hold: {}, // call name → a deferred() that answers it instead
    async daily() {
      calls.push(["daily"]);
      return { date: api.today, next_in: api.nextIn, deals: deals(api.today), streak: { current: 1, best: 3 },
        name: { display: "Player 1234", chosen: false } };
    },
    async dailyDay(day) {
      calls.push(["day", day]);
      if (day > api.today) throw new ApiError(404, { reason: "not_yet", message: "That day's deals are still to come." });
      return { date: day, deals: deals(day) };
    },
    async dailyCalendar(month) {
      calls.push(["calendar", month]);
      if (api.hold.calendar) return api.hold.calendar.promise;
      return { month, days: [{ date: `${month}-01`, state: "won" }], streak: { current: 2, best: 3 } };
    },
    async dailyBoard(day, level) {
      calls.push(["board", day, level]);
      if (api.hold.board) return api.hold.board.promise;
      return { date: day, level, entries: [{ rank: 1 }, { rank: 2 }], apart: [], you: null };
    },
  };
  return { api, calls };
}

function screen() {
  const { api, calls } = server();
  const timers = manualTimers();
  const model = new DailyModel({ api, language: "en-US", timers });
  const events = [];
  model.on((event) => events.push(event));
  return { model, api, calls, timers, events };
}

test("the screen opens on today's deals, the countdown, the streaks and this month's calendar", async () => {
  const { model, calls } = screen();
  assert.equal(model.state.deals, null); // "Loading…"
  await model.open();
  const s = model.state;
  assert.equal(s.day, TODAY);
  assert.equal(s.isToday, true);
  assert.deepEqual(s.deals.map((deal) => deal.level), LEVELS);
  assert.equal(s.dayTitle, "Today, December 6, 2026");
  assert.equal(s.backHidden, true);
  assert.equal(s.clock, "Next deals in 1:00:00");
  assert.equal(s.streak, "Current streak: 2 days · Best: 3 days"); // the calendar's, which came last
  assert.equal(s.you, "On the leaderboards you are Player 1234.");
  assert.equal(s.month, "2026-12");
  assert.equal(s.monthLabel, "December 2026");
  assert.deepEqual(s.calendar.selected, TODAY);
  assert.equal(s.calendar.today, TODAY);
  assert.equal(s.previousDisabled, false);
  assert.equal(s.nextDisabled, true); // no month after today's
  assert.equal(s.board, null);
  assert.deepEqual(calls, [["daily"], ["calendar", "2026-12"]]);
});

test("the countdown ticks every second, and at zero the new day's deals come", async () => {
  const { model, api, calls, timers } = screen();
  api.nextIn = 2;
  await model.open();
  timers.advance(1000);
  assert.equal(model.state.clock, "Next deals in 0:00:01");
  api.today = "2026-12-07";
  api.nextIn = 86400;
  timers.advance(1000);
  await settle();
  assert.equal(model.state.day, "2026-12-07");
  assert.equal(model.state.dayTitle, "Today, December 7, 2026");
  assert.equal(model.state.clock, "Next deals in 24:00:00");
  assert.equal(calls.filter(([name]) => name === "daily").length, 2);
  assert.equal(timers.pending(), 1); // one countdown, not two
  model.stop();
  assert.equal(timers.pending(), 0);
});

test("the month arrows wait for the calendar, and never pass today's month", async () => {
  const { model, api } = screen();
  await model.open();
  api.hold.calendar = deferred();
  const moving = model.previousMonth();
  assert.equal(model.state.month, "2026-11");
  assert.equal(model.state.previousDisabled, true);
  assert.equal(model.state.nextDisabled, true);
  api.hold.calendar.resolve({ month: "2026-11", days: [] });
  await moving;
  assert.equal(model.state.monthLabel, "November 2026");
  assert.equal(model.state.previousDisabled, false);
  assert.equal(model.state.nextDisabled, false);
  api.hold.calendar = null;
  await model.nextMonth();
  assert.equal(model.state.month, "2026-12");
  assert.equal(model.state.nextDisabled, true);
});

test("a calendar that cannot be loaded says why, and both arrows work again", async () => {
  const { model, api } = screen();
  await model.open();
  api.hold.calendar = deferred();
  api.hold.calendar.reject(new ApiError(400, { message: "Not a month." }));
  await model.previousMonth();
  assert.deepEqual(model.state.calendar, { error: "Not a month." });
  assert.equal(model.state.monthLabel, "December 2026"); // the one shown before
  assert.equal(model.state.previousDisabled, false);
  assert.equal(model.state.nextDisabled, false);
});

test("a past day shows its deals under its date, with the way back to today", async () => {
  const { model, calls, events } = screen();
  await model.open();
  await model.showBoard("spider-1-classic");
  events.length = 0;
  await model.pickDay(YESTERDAY);
  const s = model.state;
  assert.equal(s.day, YESTERDAY);
  assert.equal(s.isToday, false);
  assert.equal(s.deals[0].day, YESTERDAY);
  assert.equal(s.dayTitle, "Deals of December 5, 2026");
  assert.equal(s.backHidden, false);
  assert.equal(s.board, null); // today's leaderboard goes
  assert.equal(s.calendar.selected, YESTERDAY);
  assert.deepEqual(events, [{ say: "Deals of December 5, 2026" }, { focus: "day" }]);
  assert.deepEqual(calls.slice(-2), [["day", YESTERDAY], ["calendar", "2026-12"]]);

  await model.previousMonth(); // then back to today, from another month: the calendar stays there
  events.length = 0;
  await model.backToToday();
  assert.equal(model.state.isToday, true);
  assert.equal(model.state.dayTitle, "Today, December 6, 2026");
  assert.equal(model.state.backHidden, true);
  assert.equal(model.state.month, "2026-11");
  assert.deepEqual(events, [{ focus: "day" }]);
});

test("a day that cannot be opened says why and leaves the day shown", async () => {
  const { model } = screen();
  await model.open();
  await model.pickDay("2026-12-09");
  assert.equal(model.state.error.text, "That day's deals are still to come.");
  assert.equal(model.state.day, TODAY);
  const said = model.state.error;
  await model.pickDay(YESTERDAY); // a new pick clears it
  assert.notEqual(model.state.error, said);
  assert.equal(model.state.error.text, "");
});

test("a leaderboard is headed and focused at once, then filled and its size said", async () => {
  const { model, api, calls, events } = screen();
  await model.open();
  api.hold.board = deferred();
  const showing = model.showBoard("spiderette-1-classic");
  assert.deepEqual(model.state.board, { level: "spiderette-1-classic", title: "Leaderboard: Spiderette, 1 suit",
    answer: null, caption: "", error: "" });
  assert.deepEqual(events, [{ focus: "board" }]);
  api.hold.board.resolve({ entries: [{ rank: 1 }, { rank: 2 }], apart: [], you: null });
  await showing;
  assert.equal(model.state.board.caption, "Spiderette, 1 suit, December 6, 2026");
  assert.equal(model.state.board.answer.entries.length, 2);
  assert.deepEqual(events.at(-1), { say: "Leaderboard of Spiderette, 1 suit: 2 ranked results." });
  assert.deepEqual(calls.at(-1), ["board", TODAY, "spiderette-1-classic"]);
});

test("the leaderboard asked for last is the one shown; one that fails says why", async () => {
  const { model, api } = screen();
  await model.open();
  const late = deferred();
  api.hold.board = late;
  const first = model.showBoard("spider-1-classic");
  api.hold.board = null;
  await model.showBoard("spiderette-1-classic");
  late.resolve({ entries: [], apart: [], you: null });
  await first;
  assert.equal(model.state.board.level, "spiderette-1-classic");
  assert.equal(model.state.board.answer.entries.length, 2);
  api.hold.board = deferred();
  api.hold.board.reject(new TypeError("Failed to fetch"));
  await model.showBoard("spider-1-classic");
  assert.equal(model.state.board.error, ""); // no answer is no refusal: the screen's note says it calmly
  assert.equal(model.state.waiting, true);
  assert.equal(model.state.error.text, "");
  api.hold.board = null;
  await model.reconnected(); // the server answers again: the board asked for comes
  assert.equal(model.state.waiting, false);
  assert.equal(model.state.board.level, "spider-1-classic");
  assert.equal(model.state.board.answer.entries.length, 2);
});

test("opened with no server, the screen waits calmly and loads everything once it answers", async () => {
  const { model, api, calls } = screen();
  const away = () => Promise.reject(new TypeError("Failed to fetch"));
  const { daily, dailyCalendar } = api;
  api.daily = away;
  api.dailyCalendar = away;
  await model.open();
  assert.equal(model.state.deals, null);
  assert.equal(model.state.waiting, true);
  assert.equal(model.state.error.text, ""); // no red alert: the note says it needs a connection
  await model.reconnected(); // still away: it still waits
  assert.equal(model.state.waiting, true);
  api.daily = daily;
  api.dailyCalendar = dailyCalendar;
  await model.reconnected();
  assert.equal(model.state.waiting, false);
  assert.equal(model.state.deals.length, 2);
  assert.equal(model.state.day, TODAY);
  assert.ok(model.state.calendar.answer);
  assert.deepEqual(calls.slice(-2), [["daily"], ["calendar", TODAY.slice(0, 7)]]);
  await model.reconnected(); // nothing missed: nothing asked again
  assert.deepEqual(calls.slice(-2), [["daily"], ["calendar", TODAY.slice(0, 7)]]);
});

test("opened from a won deal's result, the screen shows that day's deal's leaderboard", async () => {
  const { model, calls } = screen();
  await model.open({ date: YESTERDAY, level: "spiderette-1-classic" });
  assert.equal(model.state.day, YESTERDAY);
  assert.equal(model.state.board.level, "spiderette-1-classic");
  assert.equal(model.state.board.caption, "Spiderette, 1 suit, December 5, 2026");
  assert.deepEqual(calls.at(-1), ["board", YESTERDAY, "spiderette-1-classic"]);
});

test("a past deal's winning line is watched until another day shows", async () => {
  const { model } = screen();
  await model.open();
  await model.pickDay(YESTERDAY);
  model.watch("spiderette-1-classic");
  assert.deepEqual(model.state.line, { level: "spiderette-1-classic", date: YESTERDAY,
    label: "Winning line: Spiderette, 1 suit", heading: "Winning line: Spiderette, 1 suit, December 5, 2026",
    start: "The deal, every card face up." });
  await model.backToToday();
  assert.equal(model.state.line, null);
});

test("a deal that could not be played says why", async () => {
  const { model } = screen();
  await model.open();
  model.failed(new ApiError(429, { message: "The server is busy." }));
  assert.equal(model.state.error.text, "The server is busy.");
  model.failed(new ApiError(500, {}));
  assert.equal(model.state.error.text, "That could not be loaded. Try again.");
});
