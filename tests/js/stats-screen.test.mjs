// The statistics screen's model (history/screen-model.js): the levels' figures, the filter, the
// games listed a page at a time, what each row offers, export and reset, from a stand-in for the
// server's GET /api/stats and GET /api/history.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../spider/web/static/core/api.js";
import { CHARTED, PAGE, StatsModel } from "../../spider/web/static/history/screen-model.js";

process.env.TZ = "UTC"; // the rows write local times: the same on every machine

const CATALOG = { levels: [{ key: "spider-1-classic", name: "Spider, 1 suit (Easy)" },
  { key: "spiderette-2-classic", name: "Spiderette, 2 suits (Hard)" }] };
const FINISHED = Date.UTC(2026, 11, 5, 9, 30) / 1000;

function game(i, extra = {}) {
  return { id: `g${i}`, level: i % 2 ? "spiderette-2-classic" : "spider-1-classic", result: i % 3 ? "lost" : "won",
    moves: 100 + i, elapsed: 125 + i, score: 500 + i, finished: FINISHED - i * 60, assisted: false, daily: null, ...extra };
}

const LEVELS = {
  "spider-1-classic": { played: 15, wins: 5, losses: 10, win_rate: 33.3, streak: 0, best_streak: 2, assisted_played: 2, assisted_wins: 1 },
  "spiderette-2-classic": { played: 15, wins: 5, losses: 10, win_rate: 33.3, streak: 1, best_streak: 1 },
};

/** A server with `games` (newest first) and `levels`; `calls` lists the history pages asked for.
 * `fail`: true, each request is refused (an answer, 500); "away", none gets an answer. */
function server({ games = Array.from({ length: 30 }, (_, i) => game(i)), levels = LEVELS } = {}) {
  const calls = [];
  const api = {
    games,
    levels,
    fail: false,
    async allStats() {
      if (api.fail) throw failure(api.fail);
      return { levels: api.levels };
    },
    async history({ level, offset = 0, limit = 20 }) {
      calls.push({ level, offset, limit });
      if (api.fail) throw failure(api.fail);
      const chosen = api.games.filter((g) => !level || g.level === level);
      return { games: chosen.slice(offset, offset + limit), total: chosen.length };
    },
    async forgetHistory() {
      if (api.fail) throw failure(api.fail);
      api.games = [];
      api.levels = {};
    },
  };
  return { api, calls };
}

const failure = (kind) => (kind === "away" ? new TypeError("Failed to fetch") : new ApiError(500, null));

const screen = (api, now = () => new Date(FINISHED * 1000 + 86400000 * 3)) =>
  new StatsModel({ api, catalog: CATALOG, language: "en-US", now });

test("every level's figures, the filter's levels, the chart and the first page of games", async () => {
  const { api, calls } = server();
  const model = screen(api);
  assert.equal(model.state.levels, null); // still loading
  await model.load();
  const s = model.state;
  assert.equal(s.none, false);
  assert.deepEqual(s.levels.map((l) => [l.id, l.name]), [["stats-level-spider-1-classic", "Spider, 1 suit (Easy)"],
    ["stats-level-spiderette-2-classic", "Spiderette, 2 suits (Hard)"]]);
  assert.equal(new Map(s.levels[0].rows).get("Win rate"), "33 %");
  assert.equal(s.levels[0].assisted, "And 2 assisted games (1 won), counted apart.");
  assert.equal(s.levels[1].assisted, null);
  assert.deepEqual(s.filter, { value: "", options: [{ value: "", text: "All levels" },
    { value: "spider-1-classic", text: "Spider, 1 suit (Easy)" }, { value: "spiderette-2-classic", text: "Spiderette, 2 suits (Hard)" }] });
  assert.equal(s.charted.length, 30);
  assert.equal(s.rows.length, PAGE);
  assert.equal(s.moreHidden, false);
  assert.equal(s.tableHidden, false);
  assert.equal(s.resetDisabled, false);
  assert.deepEqual(calls, [{ level: undefined, offset: 0, limit: CHARTED }]);
});

test("a row says what the game was, and offers its replay and review by its date", async () => {
  const { api } = server({ games: [game(0, { assisted: true, score: null }), game(1, { grade: "expert" })] });
  const model = screen(api);
  await model.load();
  const [first, second] = model.state.rows;
  assert.deepEqual(first.cells, [["Date", "Dec 5, 2026, 9:30 AM"], ["Level", "Spider, 1 suit (Easy)"], ["Deal", "—"],
    ["Result", "Won (assisted)", "won"], ["Moves", 100, "number"], ["Time", "02:05", "number"], ["Score", "—", "number"]]);
  assert.equal(first.title, "Spider, 1 suit (Easy), Dec 5, 2026, 9:30 AM");
  assert.equal(first.replayLabel, "Replay the game of Dec 5, 2026, 9:30 AM");
  assert.equal(first.reviewLabel, "Review the game of Dec 5, 2026, 9:30 AM");
  assert.equal(first.waiting, false);
  assert.equal(first.game.id, "g0");
  assert.deepEqual(second.cells[2], ["Deal", "Expert"]); // a graded deal's grade
  assert.deepEqual(second.cells[3], ["Result", "Lost", "lost"]);
  assert.equal(model.state.moreHidden, true);
});

test("a daily deal's game offers no replay or review while its day lasts", async () => {
  const { api } = server({ games: [game(0, { daily: "2026-12-08" }), game(1, { daily: "2026-12-07" })] });
  const model = screen(api, () => new Date("2026-12-08T10:00:00Z"));
  await model.load();
  assert.deepEqual(model.state.rows.map((row) => row.waiting), [true, false]);
});

test("more games come a page at a time after those listed, which stay as they were", async () => {
  const { api, calls } = server();
  const model = screen(api);
  await model.load();
  const firstPage = model.state.rows;
  await model.more();
  assert.equal(model.state.rows.length, 30);
  assert.ok(firstPage.every((row, i) => model.state.rows[i] === row)); // the view appends the rest
  assert.equal(model.state.rows[PAGE].game.id, `g${PAGE}`);
  assert.equal(model.state.moreHidden, true);
  assert.deepEqual(calls.at(-1), { level: undefined, offset: PAGE, limit: PAGE });
});

test("the filter lists one level's games, and stays on it while that level has games", async () => {
  const { api, calls } = server();
  const model = screen(api);
  await model.load();
  await model.choose("spiderette-2-classic");
  assert.equal(model.state.filter.value, "spiderette-2-classic");
  assert.deepEqual(calls.at(-1), { level: "spiderette-2-classic", offset: 0, limit: CHARTED });
  assert.ok(model.state.rows.every((row) => row.game.level === "spiderette-2-classic"));
  assert.equal(model.state.rows.length, 15);
  assert.equal(model.state.moreHidden, true);
  await model.load();
  assert.equal(model.state.filter.value, "spiderette-2-classic");
  api.levels = { "spider-1-classic": LEVELS["spider-1-classic"] };
  await model.load();
  assert.equal(model.state.filter.value, ""); // that level is gone: every level
  assert.equal(model.state.filter.options.length, 2);
});

test("what cannot be loaded is said, and said again when it fails again", async () => {
  const { api } = server();
  const model = screen(api);
  api.fail = true;
  await model.load();
  assert.equal(model.state.error.text, "The statistics could not be loaded. Try again.");
  const said = model.state.error;
  await model.more();
  assert.notEqual(model.state.error, said);
  assert.equal(model.state.levels, null);
});

test("export makes the JSON and the CSV of every game, or says why not", async () => {
  const { api } = server();
  const model = screen(api);
  await model.load();
  const csv = await model.exportFile("csv");
  assert.equal(csv.name, "spider-games.csv");
  assert.equal(csv.type, "text/csv");
  assert.equal(csv.text.trim().split("\r\n").length, 31); // a header and every game, not just a page
  const json = await model.exportFile("json");
  assert.equal(json.name, "spider-statistics.json");
  assert.deepEqual(Object.keys(JSON.parse(json.text).levels), Object.keys(LEVELS));
  api.fail = true;
  assert.equal(await model.exportFile("json"), null);
  assert.equal(model.state.error.text, "The export could not be made. Try again.");
});

test("a reset forgets every game and shows what will be here instead", async () => {
  const { api } = server();
  const model = screen(api);
  await model.load();
  assert.equal(await model.finishedGames(), 30);
  assert.equal(await model.forget(), true);
  const s = model.state;
  assert.equal(s.none, true);
  assert.equal(s.resetDisabled, true);
  assert.equal(s.tableHidden, true);
  assert.deepEqual(s.rows, []);
  assert.equal(s.error.text, "");
  api.fail = true;
  assert.equal(await model.finishedGames(), 0);
  assert.equal(await model.forget(), false);
  assert.equal(model.state.error.text, "The statistics could not be loaded. Try again.");
});

/** A game this device keeps (core/device.js's DeviceGame), `synced` of its actions acknowledged. */
function deviceGame(id, extra = {}) {
  return { id, code: "SP1-S1C-ABCDEFG", level: "spider-1-classic", profile: "standard",
    started: (FINISHED + 3600) * 1000, actions: ["1>2", "deal", "undo"], times: [1.5, 4, 65.2], synced: 0,
    created: false, status: "abandoned", ...extra };
}

test("the games this device has not synced yet are listed first, marked so, and counted once synced", async () => {
  const { api, calls } = server();
  const pending = [
    deviceGame("d1", { status: "won", started: (FINISHED + 7200) * 1000 }),
    deviceGame("d2", { level: "spiderette-1-classic" }), // a level the server has no game of yet
    deviceGame("d3", { status: "active" }), // the game in play: not a past game
    deviceGame("g0", { synced: 2, created: true }), // the server lists it already: once
  ];
  const model = new StatsModel({ api, catalog: CATALOG, language: "en-US", now: () => new Date(FINISHED * 1000),
    pending: async () => pending });
  await model.load();
  const s = model.state;
  assert.deepEqual(s.rows.slice(0, 3).map((row) => [row.game.id, row.unsynced || false]),
    [["d1", true], ["d2", true], ["g0", false]]);
  const [won, lost] = s.rows;
  assert.deepEqual(won.cells.map(([label, text]) => [label, String(text)]), [["Date", "Dec 5, 2026, 11:30 AM"],
    ["Level", "Spider, 1 suit (Easy)"], ["Deal", "—"], ["Result", "Won"], ["Moves", "3"], ["Time", "01:05"], ["Score", "—"]]);
  assert.equal(lost.cells[3][1], "Lost");
  assert.equal(s.rows.length, PAGE + 2);
  assert.equal(s.tableHidden, false);
  assert.deepEqual(s.levels.map((l) => [l.key, l.unsynced]), [
    ["spider-1-classic", "And 1 game not synced yet: it counts once synced."],
    ["spiderette-2-classic", null],
    ["spiderette-1-classic", "And 1 game not synced yet: it counts once synced."]]);
  assert.deepEqual(s.levels[2].rows, []); // no figures the server has not made
  assert.deepEqual(s.filter.options.map((o) => o.value), ["", "spider-1-classic", "spiderette-2-classic", "spiderette-1-classic"]);

  await model.more(); // the next page of the server's games starts after its first page, not after the rows shown
  assert.deepEqual(calls.at(-1), { level: undefined, offset: PAGE, limit: PAGE });
  assert.equal(model.state.rows.length, 30 + 2);
  assert.equal(model.state.moreHidden, true);

  await model.choose("spiderette-1-classic");
  assert.deepEqual(model.state.rows.map((row) => row.game.id), ["d2"]);
  assert.equal(model.state.tableHidden, false);

  pending.splice(0, 2); // synced meanwhile: the server counts them now
  await model.load();
  assert.ok(model.state.levels.every((l) => l.unsynced === null));
  assert.ok(!model.state.rows.some((row) => row.unsynced));
});

test("with no server the device's games show, calmly, and everything loads once it answers", async () => {
  const { api } = server();
  api.fail = "away";
  const model = new StatsModel({ api, catalog: CATALOG, language: "en-US", pending: async () => [deviceGame("d1")] });
  await model.load();
  let s = model.state;
  assert.equal(s.waiting, true);
  assert.equal(s.error.text, ""); // no alert: the screen's note says it needs a connection
  assert.equal(s.none, false);
  assert.deepEqual(s.rows.map((row) => row.game.id), ["d1"]);
  assert.equal(s.levels[0].unsynced, "And 1 game not synced yet: it counts once synced.");
  api.fail = false;
  await model.reconnected();
  s = model.state;
  assert.equal(s.waiting, false);
  assert.equal(s.rows.length, PAGE + 1);
  assert.equal(new Map(s.levels[0].rows).get("Played"), "15");
  await model.reconnected(); // nothing missed: nothing asked again
  assert.equal(model.state, s);
});

test("with no server and no game kept here, nothing is said to be empty and nothing waits as loading", async () => {
  const { api } = server();
  api.fail = "away";
  const model = screen(api);
  await model.load();
  assert.equal(model.state.waiting, true);
  assert.equal(model.state.none, false); // not "No finished games yet": the server has not said
  assert.deepEqual(model.state.levels, []); // not null: the screen stops saying "Loading…"
  assert.equal(model.state.tableHidden, true);
});

test("a device whose storage cannot be read shows the server's games alone", async () => {
  const { api } = server();
  const model = new StatsModel({ api, catalog: CATALOG, language: "en-US", pending: async () => {
    throw new Error("no IndexedDB");
  } });
  await model.load();
  assert.equal(model.state.rows.length, PAGE);
  assert.equal(model.state.unsynced, 0);
});
