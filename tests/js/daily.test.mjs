// The daily deals' pure modules (node --test): the month calendar's grid and keys, the countdown, the
// names of levels, days and months, which button a deal wears, what playing it does, and the rows
// of a leaderboard.
import assert from "node:assert/strict";
import { test } from "node:test";

import { countdown, longDate, monthGrid, monthOf, monthTitle, shiftDay, shiftMonth, stepDay, weekday, weekdayOrder }
  from "../../spider/web/static/daily/dates.js";
import { boardRows, canWatch, dealAction, deckRequest, levelTitle, playingOnTable, sameAttempt }
  from "../../spider/web/static/daily/plan.js";

test("months and days step across the year's end and leap days", () => {
  assert.equal(shiftMonth("2026-12", 1), "2027-01");
  assert.equal(shiftMonth("2027-01", -1), "2026-12");
  assert.equal(shiftMonth("2026-05", -17), "2024-12");
  assert.equal(shiftDay("2028-02-28", 1), "2028-02-29");
  assert.equal(shiftDay("2027-03-01", -1), "2027-02-28");
  assert.equal(monthOf("2026-12-05"), "2026-12");
  assert.equal(weekday("2026-12-05"), 6); // a Saturday
  assert.equal(weekday("2026-12-06"), 7); // Sunday is 7, as Intl's weekInfo counts
});

test("a month's grid: whole weeks, the first day under its weekday, every day once", () => {
  const weeks = monthGrid("2026-12", 1); // December 2026 starts on a Tuesday
  assert.ok(weeks.every((week) => week.length === 7));
  assert.deepEqual(weeks[0].slice(0, 3), [null, "2026-12-01", "2026-12-02"]);
  const days = weeks.flat().filter(Boolean);
  assert.equal(days.length, 31);
  assert.equal(days[30], "2026-12-31");
  const sundayFirst = monthGrid("2026-12", 7);
  assert.deepEqual(sundayFirst[0].slice(0, 3), [null, null, "2026-12-01"]);
  assert.equal(monthGrid("2027-02", 1).length, 4); // February 2027 starts on a Monday: four rows
});

test("the weekday headings follow the week's first day", () => {
  assert.deepEqual(weekdayOrder(1), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(weekdayOrder(7), [7, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(weekdayOrder(6), [6, 7, 1, 2, 3, 4, 5]);
});

test("the arrow keys move a day or a week and stay between the first and last day", () => {
  const first = "2026-12-01";
  const last = "2026-12-05";
  assert.equal(stepDay("2026-12-03", "ArrowRight", first, last), "2026-12-04");
  assert.equal(stepDay("2026-12-03", "ArrowLeft", first, last), "2026-12-02");
  assert.equal(stepDay("2026-12-03", "ArrowDown", first, last), last);
  assert.equal(stepDay("2026-12-03", "ArrowUp", first, last), first);
  assert.equal(stepDay("2026-12-03", "Home", first, last), first);
  assert.equal(stepDay("2026-12-03", "End", first, last), last);
  assert.equal(stepDay("2026-12-03", "a", first, last), null);
});

test("the countdown reads hours, minutes and seconds, never below zero", () => {
  assert.equal(countdown(3 * 3600 + 125.9), "3:02:05");
  assert.equal(countdown(59), "0:00:59");
  assert.equal(countdown(-4), "0:00:00");
  assert.equal(countdown(undefined), "0:00:00");
});

test("a deal offers play, continue or practice today, and the revealed deck once its day is over", () => {
  const deal = (result, extra = {}) => ({ level: "spider-1-classic", difficulty: "easy", result, ...extra });
  assert.equal(dealAction(deal(null), true), "play");
  assert.equal(dealAction(deal({ state: "playing" }), true), "continue");
  assert.equal(dealAction(deal({ state: "won" }), true), "practice");
  assert.equal(dealAction(deal({ state: "lost" }), true), "practice");
  assert.equal(dealAction(deal(null, { difficulty: null }), true), "wait");
  assert.equal(dealAction(deal({ state: "won" }, { deck: { deck: [] } }), false), "replay");
  assert.equal(dealAction(deal(null), false), null); // a past day's deck not revealed (yet)
});

test("a deal's winning line is offered once its day is over and the line is revealed", () => {
  const past = { level: "spider-1-classic", difficulty: "easy", deck: { deck: [] }, line: ["1>2", "deal"] };
  assert.equal(canWatch(past, false), true);
  assert.equal(canWatch(past, true), false); // today: never, whatever the answer holds
  assert.equal(canWatch({ ...past, line: undefined }, false), false);
  assert.equal(canWatch({ ...past, line: [] }, false), false);
});

test("a revealed deck is played as an ordinary game of its level", () => {
  const deck = { game: "spiderette", suits: 2, rules: "classic", deck: ["AS", "2H"], code: null };
  assert.deepEqual(deckRequest(deck, "vegas"), { game: "spiderette", suits: 2, rules: "classic", deck: ["AS", "2H"], profile: "vegas" });
  assert.equal(deckRequest(deck).profile, "standard");
});

test("a level and a day are named as the screen writes them, a month with a capital", () => {
  assert.equal(levelTitle("spiderette-1-classic"), "Spiderette, 1 suit");
  assert.equal(levelTitle("spider-4-classic"), "Spider, 4 suits");
  assert.equal(longDate("2026-12-06", "en-US"), "December 6, 2026");
  assert.equal(longDate("2027-01-01", "en-US"), "January 1, 2027"); // UTC days, whatever the machine's zone
  assert.equal(monthTitle("2026-12", "en-US"), "December 2026");
  assert.match(monthTitle("2026-12", "ru"), /^Декабрь 2026/);
});

test("Continue only closes the screen when that deal's game is on the table, still in play", () => {
  const view = { won: false, daily: { date: "2026-12-06", level: "spider-1-classic" } };
  assert.equal(playingOnTable("continue", "2026-12-06", "spider-1-classic", view), true);
  assert.equal(playingOnTable("continue", "2026-12-06", "spider-1-classic", { ...view, won: true }), false);
  assert.equal(playingOnTable("continue", "2026-12-06", "spider-2-classic", view), false);
  assert.equal(playingOnTable("continue", "2026-12-05", "spider-1-classic", view), false);
  assert.equal(playingOnTable("practice", "2026-12-06", "spider-1-classic", view), false);
  assert.equal(playingOnTable("continue", "2026-12-06", "spider-1-classic", { won: false, daily: null }), false);
  assert.equal(playingOnTable("continue", "2026-12-06", "spider-1-classic", null), false);
});

test("playing the deal whose attempt is in progress is no loss of it; any other game is", () => {
  const losing = { daily: { date: "2026-12-06", level: "spider-1-classic" } };
  assert.equal(sameAttempt(losing, "2026-12-06", "spider-1-classic"), true);
  assert.equal(sameAttempt(losing, "2026-12-06", "spider-2-classic"), false);
  assert.equal(sameAttempt({ daily: null }, "2026-12-06", "spider-1-classic"), false);
  assert.equal(sameAttempt(null, "2026-12-06", "spider-1-classic"), false);
});

const entry = (rank, you = false) => ({ rank, name: `Player ${rank}`, result: "won", moves: rank, seconds: 1, you });

test("the board shows the top, then a gap and the player's neighbours when they are outside it", () => {
  const entries = [1, 2, 3].map((rank) => entry(rank));
  const rows = boardRows({ entries, you: { ...entry(7, true), around: [entry(6), entry(7, true), entry(8)] } });
  assert.deepEqual(rows.map((row) => (row.gap ? "gap" : row.rank)), [1, 2, 3, "gap", 6, 7, 8]);
  assert.ok(rows[5].you);
});

test("no gap when the player's neighbours follow the top, and no repeat when they are in it", () => {
  const entries = [1, 2, 3].map((rank) => entry(rank));
  const next = boardRows({ entries, you: { ...entry(5, true), around: [entry(3), entry(4), entry(5, true)] } });
  assert.deepEqual(next.map((row) => (row.gap ? "gap" : row.rank)), [1, 2, 3, 4, 5]);
  const inside = [entry(1), entry(2, true), entry(3)];
  assert.equal(boardRows({ entries: inside, you: { ...entry(2, true), around: [entry(1), entry(2, true), entry(3)] } }).length, 3);
  assert.equal(boardRows({ entries: inside, you: null }).length, 3);
  assert.deepEqual(boardRows({ entries: [], you: { ...entry(0, true), result: "playing", rank: null, around: [] } }), []);
});
