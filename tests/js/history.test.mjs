// The history's pure parts, from the real modules: the export files, the chart's line and the
// replay's fan of cards.
import assert from "node:assert/strict";
import { test } from "node:test";

import { gameMarks, winRateLine } from "../../spider/web/static/history/chart.js";
import { allGames, csvField, historyCsv, historyJson } from "../../spider/web/static/history/export.js";
import { fanOffsets } from "../../spider/web/static/history/replay.js";

const WON = { id: "a1", level: "spider-2-classic", profile: "standard", code: "SP1-S2C-AAAAAAD", result: "won",
  moves: 120, elapsed: 615.5, score: 980, started: 1764558000, finished: 1764558615.5, assisted: false };
const LOST = { ...WON, id: "b,2", result: "lost", moves: 3, score: 497, code: null, assisted: true };

test("the CSV has a header and one row a game, with times in UTC and odd fields quoted", () => {
  const lines = historyCsv([WON, LOST]).split("\r\n");
  assert.equal(lines[0], "finished,started,level,profile,result,moves,seconds,score,assisted,code,id,grade");
  assert.equal(lines[1], "2025-12-01T03:10:15.500Z,2025-12-01T03:00:00.000Z,spider-2-classic,standard,won,120,615.5,980,no,"
    + "SP1-S2C-AAAAAAD,a1,");
  assert.equal(lines[2].split(",").slice(4, 9).join(","), "lost,3,615.5,497,yes");
  assert.ok(lines[2].endsWith(',,"b,2",'));
  assert.equal(lines[3], "");
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField(null), "");
});

test("the JSON holds the statistics and the games as sent", () => {
  const data = JSON.parse(historyJson({ "spider-2-classic": { played: 2 } }, [WON, LOST], 0));
  assert.deepEqual(data, { exported: "1970-01-01T00:00:00.000Z", levels: { "spider-2-classic": { played: 2 } },
    games: [WON, LOST] });
});

test("every page of the history is fetched, and no more", async () => {
  const all = Array.from({ length: 5 }, (_, i) => ({ ...WON, id: String(i) }));
  const asked = [];
  const games = await allGames(async (offset, limit) => {
    asked.push([offset, limit]);
    return { games: all.slice(offset, offset + limit), total: all.length };
  }, 2);
  assert.deepEqual(games.map((g) => g.id), ["0", "1", "2", "3", "4"]);
  assert.deepEqual(asked, [[0, 2], [2, 2], [4, 2]]);
});

test("the chart's line is the win rate so far, oldest first, without assisted games", () => {
  const newestFirst = [WON, { ...WON, result: "lost" }, LOST, { ...WON }];
  assert.deepEqual(winRateLine(newestFirst).map((p) => [p.won, Math.round(p.rate)]), [[true, 100], [false, 50],
    [true, 67]]);
});

test("the chart marks every game, an assisted one at the rate so far (null before any counted game)", () => {
  const newestFirst = [WON, LOST, { ...WON, result: "lost" }, { ...LOST, result: "won" }];
  assert.deepEqual(gameMarks(newestFirst).map((m) => [m.won, m.assisted, m.rate === null ? null : Math.round(m.rate)]),
    [[true, true, null], [false, false, 0], [false, true, 0], [true, false, 50]]);
});

test("a tall column fans tighter so its last card stays in the room", () => {
  assert.deepEqual(fanOffsets(2, 3, 100, 1000), [0, 10, 20, 46, 72]);
  const tight = fanOffsets(5, 13, 100, 300);
  assert.ok(tight[tight.length - 1] + 100 <= 300);
  assert.ok(tight[6] - tight[5] > tight[1] - tight[0]); // face-up cards still show more than face-down
  assert.deepEqual(fanOffsets(0, 0, 100, 300), []);
});
