// The daily deals' screen made alone (daily/screen.js dailyScreen()), drawn into a dialog of a
// linkedom page, with a stand-in for the server and the store: what it shows, and what its buttons do.
import "./dom.mjs";

import assert from "node:assert/strict";
import { test } from "node:test";

import { dailyScreen } from "../../spider/web/static/daily/screen.js";
import { button, newDialog, texts } from "./dom.mjs";
import { manualTimers, settle } from "./fakes.mjs";

const TODAY = "2026-12-06";
const LEVELS = ["spider-1-classic", "spiderette-1-classic"];
const deals = (day, result = null) => LEVELS.map((level) => ({ level, difficulty: "easy", result, practice: { played: 0, won: 0 } }));

function server() {
  const calls = [];
  const api = {
    async daily() {
      calls.push(["daily"]);
      return { date: TODAY, next_in: 3600, deals: deals(TODAY), streak: { current: 1, best: 3 }, name: { display: "Player 1234", chosen: false } };
    },
    async dailyDay(day) {
      calls.push(["day", day]);
      return { date: day, deals: deals(day, { state: "won", moves: 120, seconds: 300, score: 900, counted: true }) };
    },
    async dailyCalendar(month) {
      calls.push(["calendar", month]);
      return { month, days: [{ date: `${month}-01`, state: "won" }], streak: { current: 2, best: 3 } };
    },
    async dailyBoard(day, level) {
      calls.push(["board", day, level]);
      return { date: day, level, entries: [], apart: [], you: null };
    },
  };
  return { api, calls };
}

async function opened() {
  const { api, calls } = server();
  const dialog = newDialog();
  const timers = manualTimers();
  const screen = dailyScreen({ dialog, api, state: { language: "en-US", view: null, settings: {} }, timers });
  await screen.open();
  await settle();
  return { screen, dialog, calls, timers };
}

test("the screen shows today's deals, the countdown, the streaks and the calendar", async () => {
  const { screen, dialog, calls } = await opened();
  assert.equal(dialog.open, true);
  assert.equal(dialog.querySelector("h2").textContent, "Daily deals");
  assert.equal(dialog.querySelector("#daily-day-h").textContent, "Today, December 6, 2026");
  assert.equal(dialog.querySelector(".daily-next").textContent, "Next deals in 1:00:00");
  assert.equal(dialog.querySelector(".daily-streak").textContent, "Current streak: 2 days · Best: 3 days");
  assert.equal(texts(dialog, ".deal-card h4").length, 2);
  assert.equal(button(dialog, "Back to today").hidden, true);
  assert.equal(dialog.querySelector(".calendar-month").textContent, "December 2026");
  assert.deepEqual(calls, [["daily"], ["calendar", "2026-12"]]);
  screen.stop();
});

test("the countdown ticks until the screen stops", async () => {
  const { screen, dialog, timers } = await opened();
  timers.advance(2000);
  assert.equal(dialog.querySelector(".daily-next").textContent, "Next deals in 0:59:58");
  screen.stop();
  assert.equal(timers.pending(), 0);
});

test("a deal's leaderboard button asks for that board and shows its section", async () => {
  const { screen, dialog, calls } = await opened();
  const section = dialog.querySelector(".daily-board-section");
  assert.equal(section.hidden, true);
  button(dialog.querySelector(".deal-card"), "Leaderboard").click();
  await settle();
  assert.deepEqual(calls.at(-1), ["board", TODAY, LEVELS[0]]);
  assert.equal(section.hidden, false);
  screen.stop();
});

test("the previous month's arrow draws that month; two screens keep their own state", async () => {
  const first = await opened();
  const second = await opened();
  first.dialog.querySelector('button[aria-label="Previous month"]').click();
  await settle();
  assert.equal(first.dialog.querySelector(".calendar-month").textContent, "November 2026");
  assert.equal(second.dialog.querySelector(".calendar-month").textContent, "December 2026");
  first.screen.stop();
  second.screen.stop();
});
