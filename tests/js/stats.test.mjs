// The statistics list's rows, from the real module.
import assert from "node:assert/strict";
import { test } from "node:test";

import { perfectNews, statsRows, winNews } from "../../spider/web/static/game/stats.js";

test("one win in a hundred games reads 1 %, with the other figures as sent", () => {
  const rows = new Map(statsRows({ played: 100, wins: 1, losses: 99, win_rate: 1, streak: 0, best_streak: 1,
    best_score: 871, best_time: 125, fewest_moves: 29, perfect_wins: 1, best_perfect_streak: 1 }));
  assert.equal(rows.get("Win rate"), "1 %");
  assert.equal(rows.get("Played"), "100");
  assert.equal(rows.get("Best time"), "02:05");
  assert.equal(rows.get("Fewest moves"), "29");
  assert.equal(rows.get("Perfect games"), "1");
  assert.equal(rows.get("Best perfect streak"), "1");
});

test("each grade of winnable deal played has its win rate, easiest first, and none other", () => {
  const rows = statsRows({ played: 5, by_grade: { expert: { played: 3, wins: 1, win_rate: 33.3 },
    easy: { played: 2, wins: 2, win_rate: 100 } } });
  assert.deepEqual(rows.slice(-2), [["Winnable: Easy", "100 % (2 of 2)"], ["Winnable: Expert", "33 % (1 of 3)"]]);
  assert.ok(!rows.some(([label]) => label === "Winnable: Medium"));
});

test("no statistics read as zeros and dashes", () => {
  const rows = new Map(statsRows(null));
  assert.equal(rows.get("Played"), "0");
  assert.equal(rows.get("Win rate"), "—");
  assert.equal(rows.get("Best score"), "—");
});

test("a win's news names each best it set and the streak", () => {
  const news = winNews({ new_records: ["best_streak", "fewest_moves", "best_time"], streak: 5, best_streak: 5 });
  assert.deepEqual(news.records, ["Best time!", "Fewest moves!", "Longest streak: 5"]);
  assert.equal(news.streak, "Current streak: 5");
  assert.deepEqual(winNews({ new_records: [], streak: 0, best_streak: 2 }), { records: [], streak: "" });
  assert.deepEqual(winNews(null), { records: [], streak: "" });
});

test("a perfect win is named, with its run once it is two or more", () => {
  const won = { won: true, perfect: true };
  assert.equal(perfectNews(won, { perfect_streak: 1 }), "A perfect game: no undo, no hint.");
  assert.equal(perfectNews(won, { perfect_streak: 3 }), "A perfect game: no undo, no hint. Perfect wins in a row: 3");
  assert.equal(perfectNews({ won: true, perfect: false }, { perfect_streak: 3 }), "");
  assert.equal(perfectNews({ won: false, perfect: true }, null), "");
});
