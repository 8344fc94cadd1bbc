// The statistics and clubs screens made alone (history/screen.js statsScreen(), clubs/screen.js
// clubsScreen()), drawn into a dialog of a linkedom page with stand-ins for the server and the
// store: what they show, and what their buttons do.
import "./dom.mjs";

import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../spider/web/static/core/api.js";
import { clubsScreen } from "../../spider/web/static/clubs/screen.js";
import { statsScreen } from "../../spider/web/static/history/screen.js";
import { button, newDialog, texts } from "./dom.mjs";
import { settle } from "./fakes.mjs";

process.env.TZ = "UTC"; // the rows write local times: the same on every machine

const CATALOG = { levels: [{ key: "spider-1-classic", name: "Spider, 1 suit (Easy)" }] };
const STORE = { catalog: CATALOG, language: "en-US", view: null, settings: {} };
const game = (i) => ({ id: `g${i}`, level: "spider-1-classic", result: i % 2 ? "lost" : "won", moves: 100 + i, elapsed: 125,
  score: 500, finished: 1796000000 - i * 60, assisted: false, daily: null });

function statsServer(games) {
  const calls = [];
  const api = {
    async allStats() {
      calls.push("stats");
      return { levels: games.length ? { "spider-1-classic": { played: games.length, wins: 1, losses: games.length - 1,
        win_rate: 50, streak: 0, best_streak: 1 } } : {} };
    },
    async history({ level, offset = 0, limit = 20 }) {
      calls.push(`history ${level || "all"} ${offset}`);
      return { games: games.slice(offset, offset + limit), total: games.length };
    },
  };
  return { api, calls };
}

test("the statistics screen lists the levels' figures and the past games", async () => {
  const { api, calls } = statsServer([game(0), game(1)]);
  const dialog = newDialog();
  await statsScreen({ dialog, api, state: STORE }).open();
  await settle();
  assert.equal(dialog.open, true);
  assert.equal(dialog.querySelector("h2").textContent, "Statistics");
  assert.equal(dialog.querySelector(".history-empty").hidden, true);
  assert.equal(dialog.querySelectorAll(".history-games tbody tr, table tbody tr").length, 2);
  assert.deepEqual(calls, ["stats", "history all 0"]);
});

test("a new player's statistics screen says there is nothing yet", async () => {
  const { api } = statsServer([]);
  const dialog = newDialog();
  await statsScreen({ dialog, api, state: STORE }).open();
  await settle();
  assert.equal(dialog.querySelector(".history-empty").hidden, false);
  assert.deepEqual(texts(dialog, ".history-empty .lead"), ["No finished games yet."]);
});

test("a past game's Review button shows its review in the screen's place, from the screen's server", async () => {
  const { api, calls } = statsServer([game(0), game(1)]);
  api.review = async (id) => {
    calls.push(`review ${id}`);
    return { state: "done", game: id, sentences: ["The deal could be won from the start."], chosen: null,
      review: { line: [], line_from: 0, won: false } };
  };
  const dialog = newDialog();
  const screen = statsScreen({ dialog, api, state: STORE });
  await screen.open();
  await settle();
  button(dialog.querySelector("tbody tr"), "Review").click();
  await settle();
  assert.equal(calls.at(-1), "review g0");
  assert.match(dialog.querySelector("h2").textContent, /^Game review: /);
  assert.deepEqual(texts(dialog, ".review-said p"), ["The deal could be won from the start."]);
  button(dialog, "Back to statistics").click();
  assert.equal(dialog.querySelector("h2").textContent, "Statistics");
  screen.stop();
});

function clubsServer() {
  const calls = [];
  const clubs = [];
  const api = {
    async clubs() {
      calls.push("clubs");
      return { clubs: [...clubs], most: 10 };
    },
    async makeClub(name) {
      calls.push(`make ${name}`);
      if (name.length < 3) throw new ApiError(400, { reason: "bad_name", message: "A name has 3 to 20 characters" });
      clubs.push({ id: "c1", name, members: 1, owner: true, invite: "tok-1" });
      return clubs.at(-1);
    },
    async club(id) {
      calls.push(`club ${id}`);
      return { id, name: "Tuesday", members: 1, owner: true, invite: "tok-1", date: "2026-12-06", levels: ["spider-1-classic"],
        roster: [{ name: "Ada", player: "abc", you: true, owner: true, streak: { current: 1, best: 2 }, today: [] }] };
    },
  };
  return { api, calls };
}

test("the clubs screen lists none, then makes one and shows it with its invite link", async () => {
  const { api, calls } = clubsServer();
  const dialog = newDialog();
  await clubsScreen({ dialog, api, base: "https://cards.example/spider/" }).open();
  await settle();
  assert.deepEqual(texts(dialog, ".clubs-list li"), ["You are in no club yet."]);
  const name = dialog.querySelector("#club-name");
  name.value = "ab";
  dialog.querySelector("form").dispatchEvent(new globalThis.window.Event("submit", { cancelable: true }));
  await settle();
  assert.equal(dialog.querySelector(".error").textContent, "A name has 3 to 20 characters");
  name.value = "Tuesday";
  dialog.querySelector("form").dispatchEvent(new globalThis.window.Event("submit", { cancelable: true }));
  await settle();
  assert.equal(name.value, "");
  assert.equal(dialog.querySelector("#club-h").textContent, "Tuesday");
  assert.equal(dialog.querySelector("#club-invite").getAttribute("value"), "https://cards.example/spider/#join=tok-1");
  assert.ok(button(dialog, "Leave the club"));
  assert.deepEqual(calls.slice(0, 3), ["clubs", "make ab", "make Tuesday"]);
});

test("an invite link offers to join the club", async () => {
  const { api } = clubsServer();
  const dialog = newDialog();
  await clubsScreen({ dialog, api, base: "https://cards.example/spider/" }).open("tok-9");
  await settle();
  assert.equal(dialog.querySelector(".clubs-offer").hidden, false);
  assert.ok(button(dialog, "Join the club"));
  button(dialog, "Not now").click();
  assert.equal(dialog.querySelector(".clubs-offer").hidden, true);
});
