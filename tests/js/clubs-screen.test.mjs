// The clubs' screen's model (clubs/screen-model.js): the list, making a club, joining one by its
// invite link (a bad one said in words), the club shown with its invite link, a board among its
// members, a new invite and leaving, from a stand-in for the server's /api/clubs… answers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../spider/web/static/core/api.js";
import { ClubsModel, inviteLink, todayText } from "../../spider/web/static/clubs/screen-model.js";

const BASE = "https://cards.example/spider/";
const page = (id, name, owner) => ({ id, name, members: 1, owner, invite: owner ? "tok-1" : null, date: "2026-12-06",
  levels: ["spider-1-classic"], roster: [{ name: "Ada", player: "abc", you: true, owner, streak: { current: 1, best: 2 }, today: [] }] });

function server() {
  const calls = [];
  const clubs = [];
  const api = {
    async clubs() {
      calls.push(["clubs"]);
      return { clubs: [...clubs], most: 10 };
    },
    async makeClub(name) {
      calls.push(["make", name]);
      if (name.length < 3) throw new ApiError(400, { reason: "bad_name", message: "A name has 3 to 20 characters" });
      clubs.push({ id: "c1", name, members: 1, owner: true, invite: "tok-1" });
      return clubs.at(-1);
    },
    async joinClub(invite) {
      calls.push(["join", invite]);
      if (invite !== "good") throw new ApiError(400, { reason: "bad_invite", message: "This invite link does not work" });
      clubs.push({ id: "c2", name: "Friends", members: 2, owner: false, invite: null });
      return clubs.at(-1);
    },
    async club(id) {
      calls.push(["club", id]);
      return id === "c1" ? page("c1", "Tuesday", true) : page("c2", "Friends", false);
    },
    async dailyBoard(day, level, club) {
      calls.push(["board", day, level, club]);
      return { date: day, level, club, entries: [{ rank: 1 }], apart: [], you: null };
    },
    async renewInvite(id) {
      calls.push(["renew", id]);
      return { id, name: "Tuesday", members: 1, owner: true, invite: "tok-2" };
    },
    async leaveClub(id) {
      calls.push(["leave", id]);
      clubs.splice(clubs.findIndex((c) => c.id === id), 1);
      return null;
    },
  };
  return { api, calls };
}

function screen() {
  const { api, calls } = server();
  const model = new ClubsModel({ api, base: `${BASE}#old` });
  const events = [];
  model.on((event) => events.push(event));
  return { model, calls, events };
}

test("an invite link carries its token in the fragment of the page's address", () => {
  assert.equal(inviteLink(`${BASE}#join=old`, "a-b_c"), `${BASE}#join=a-b_c`);
});

test("a member's results of today are said in words, or that none is played yet", () => {
  assert.equal(todayText({ today: [] }), "No deal played yet today");
  assert.match(todayText({ today: [{ level: "spider-1-classic", state: "won", moves: 120, seconds: 245 }] }),
    /^Spider, 1 suit: Won in 120 moves/);
});

test("making a club shows it with its invite link; a bad name is said and nothing shows", async () => {
  const { model, calls, events } = screen();
  await model.open();
  assert.deepEqual(model.state.clubs, []);
  assert.equal(await model.make("ab"), false);
  assert.equal(model.state.error.text, "A name has 3 to 20 characters");
  assert.equal(model.state.club, null);
  assert.equal(await model.make("Tuesday"), true);
  assert.equal(model.state.club.name, "Tuesday");
  assert.equal(model.state.link, `${BASE}#join=tok-1`);
  assert.deepEqual(model.state.clubs.map((c) => c.id), ["c1"]);
  assert.ok(events.some((e) => e.focus === "club"));
  assert.deepEqual(calls.at(-1), ["club", "c1"]);
});

test("an invite is offered, joined once accepted, and a bad one is said in words", async () => {
  const { model } = screen();
  await model.open("bad");
  assert.equal(model.state.invite, "bad");
  await model.join();
  assert.equal(model.state.invite, null);
  assert.equal(model.state.error.text, "This invite link does not work");
  assert.equal(model.state.club, null);
  await model.open("good");
  await model.join();
  assert.equal(model.state.club.name, "Friends");
  assert.equal(model.state.link, ""); // a member who does not own the club has no invite to share
  assert.equal(model.state.notice.text, "You joined the club Friends.");
});

test("a club's board asks for the deal's leaderboard among its members", async () => {
  const { model, calls } = screen();
  await model.open();
  await model.make("Tuesday");
  await model.showBoard("spider-1-classic");
  assert.deepEqual(calls.at(-1), ["board", "2026-12-06", "spider-1-classic", "c1"]);
  assert.equal(model.state.board.answer.club, "c1");
  assert.equal(model.state.board.title, "Tuesday: Spider, 1 suit");
});

test("a new invite link replaces the shown one; leaving takes the club off the list", async () => {
  const { model, events } = screen();
  await model.open();
  await model.make("Tuesday");
  await model.renew();
  assert.equal(model.state.link, `${BASE}#join=tok-2`);
  await model.leave();
  assert.equal(model.state.club, null);
  assert.deepEqual(model.state.clubs, []);
  assert.equal(model.state.notice.text, "You left the club Tuesday.");
  assert.ok(events.some((e) => e.focus === "list"));
});
