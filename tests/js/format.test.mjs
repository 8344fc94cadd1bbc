// The numbers the page shows, from the real module (node --test, no build step).
import assert from "node:assert/strict";
import { test } from "node:test";

import { dailySecret, formatTime, formatWinRate, tenths } from "../../spider/web/static/core/format.js";

test("the win rate is the server's percentage, never multiplied again", () => {
  assert.equal(formatWinRate(1), "1 %"); // 1 win in 100 games (it showed "100 %")
  assert.equal(formatWinRate(0.5), "1 %");
  assert.equal(formatWinRate(33.3), "33 %");
  assert.equal(formatWinRate(100), "100 %");
  assert.equal(formatWinRate(0), "0 %");
});

test("no finished game has no win rate", () => {
  assert.equal(formatWinRate(null), "—");
  assert.equal(formatWinRate(undefined, "-"), "-");
});

test("times read mm:ss, and h:mm:ss from an hour on", () => {
  assert.equal(formatTime(0), "00:00");
  assert.equal(formatTime(59.9), "00:59");
  assert.equal(formatTime(61), "01:01");
  assert.equal(formatTime(3600 + 62), "1:01:02");
  assert.equal(formatTime(-5), "00:00");
  assert.equal(tenths(12.345), 12.3);
});

test("a daily deal's game is secret until its UTC day is over", () => {
  const noon = new Date("2026-12-05T12:00:00Z");
  assert.equal(dailySecret("2026-12-05", noon), true);
  assert.equal(dailySecret({ date: "2026-12-05", counted: true }, noon), true);
  assert.equal(dailySecret("2026-12-04", noon), false);
  assert.equal(dailySecret(null, noon), false);
  assert.equal(dailySecret("2026-12-05", new Date("2026-12-06T00:00:01Z")), false);
});
