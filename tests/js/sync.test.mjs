// The batches of practice games played on the device (play/sync-model.js): when they go, what each
// carries, and that lost answers, cuts and refusals lose or repeat no action. The device is an array,
// the server a small model of POST /api/games/{id}/sync as docs/API.md states it, the timers node's.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { batchOf, SyncClient } from "../../spider/web/static/play/sync-model.js";

/** The server's side of the contract: creates a game with `start`, appends a batch at its version,
 * answers a retried batch without storing it twice, refuses another version as stale. */
function fakeServer() {
  const games = new Map();
  return {
    games,
    /** @returns {{status: number, body: any}} */
    sync(id, body) {
      if (!games.has(id)) {
        if (!body.start) return { status: 404, body: { reason: "not_found" } };
        games.set(id, { actions: [], times: [] });
      }
      const game = games.get(id);
      const n = body.actions.length;
      if (body.version === game.actions.length) {
        game.actions.push(...body.actions);
        game.times.push(...body.times);
      } else if (!(body.version + n === game.actions.length
          && game.actions.slice(body.version).join() === body.actions.join())) {
        return { status: 409, body: { reason: "stale", view: { id, version: game.actions.length } } };
      }
      return { status: 200, body: { id, version: game.actions.length } };
    },
  };
}

/** A device with its games, a server and a client between them; `network(id, body)` may return
 * "cut" (no request reaches the server), "lost" (stored, answer lost), "busy" (429) or null. */
function setup({ network = () => null, delay = 10_000, most = 25 } = {}) {
  const device = [];
  const server = fakeServer();
  const sent = [];
  const refusals = [];
  const client = new SyncClient({
    delay,
    most,
    pending: async () => device.filter((g) => !g.created || g.synced < g.actions.length).map((g) => ({ ...g })),
    send: async (id, body, keepalive) => {
      sent.push({ id, body: structuredClone(body), keepalive });
      const fate = network(id, body);
      if (fate === "cut") return { ok: false, offline: true };
      if (fate === "busy") return { ok: false, later: true };
      const answer = server.sync(id, body);
      if (fate === "lost") return { ok: false, offline: true };
      return answer.status === 200 ? { ok: true, view: answer.body } : { ok: false, refused: answer };
    },
    acknowledged: async (game, body, view) => {
      const kept = device.find((g) => g.id === game.id);
      kept.created = true;
      kept.synced = Math.max(kept.synced, view.version);
    },
    refused: async (game, body, answer) => {
      refusals.push({ id: game.id, answer });
      const kept = device.find((g) => g.id === game.id);
      kept.created = true;
      kept.synced = kept.actions.length; // the page took the server's game: nothing of it waits
    },
  });
  const newGame = (id, extra = {}) => {
    const game = { id, code: `SP1-S1C-${id}`, level: "spider-1-classic", profile: "standard", started: device.length,
      actions: [], times: [], synced: 0, created: false, status: "active", ...extra };
    device.push(game);
    return game;
  };
  const play = (game, action) => {
    game.actions.push(action);
    game.times.push(game.times.length);
    client.played(game.actions.length - game.synced);
  };
  return { device, server, sent, refusals, client, newGame, play };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("a batch waits 10 s after the first unsent action, and starts the game on the server", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { server, sent, client, newGame, play } = setup();
  const game = newGame("a");
  play(game, "1>2");
  play(game, "deal");
  t.mock.timers.tick(9_999);
  await settle();
  assert.equal(sent.length, 0, "nothing before the delay");
  t.mock.timers.tick(1);
  await client.running;
  assert.equal(sent.length, 1);
  assert.deepEqual(sent[0].body, { version: 0, actions: ["1>2", "deal"], times: [0, 1],
    start: { code: "SP1-S1C-a", profile: "standard" } });
  assert.deepEqual(server.games.get("a").actions, ["1>2", "deal"]);
  play(game, "undo");
  t.mock.timers.tick(10_000);
  await client.running;
  assert.deepEqual(sent[1].body, { version: 2, actions: ["undo"], times: [2] }, "no start once the server has it");
});

test("25 actions waiting send a batch at once", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { sent, client, newGame, play } = setup();
  const game = newGame("b", { created: true });
  for (let i = 0; i < 24; i += 1) play(game, "1>2");
  await settle();
  assert.equal(sent.length, 0);
  play(game, "2>1");
  await client.running;
  assert.equal(sent.length, 1);
  assert.equal(sent[0].body.actions.length, 25);
});

test("one batch at a time: what is played meanwhile goes next, at the version acknowledged", async () => {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  const { server, sent, client, newGame, play } = setup();
  const original = client.deps.send;
  client.deps.send = async (id, body, keepalive) => {
    const answer = original(id, body, keepalive);
    if (sent.length === 1) await gate;
    return answer;
  };
  const game = newGame("c");
  play(game, "1>2");
  const running = client.flush();
  await settle();
  play(game, "deal");
  const again = client.flush();
  assert.equal(again, running, "a flush during a batch waits for the same run");
  await settle();
  assert.equal(sent.length, 1, "the second action waits for the first batch's answer");
  release();
  assert.equal(await running, "done");
  assert.deepEqual(sent.map((s) => s.body.version), [0, 1]);
  assert.deepEqual(server.games.get("c").actions, ["1>2", "deal"]);
  client.timers.clearTimeout(client.timer);
});

test("a batch whose answer was lost is sent again as it was, and stored once", async () => {
  let lose = true;
  const network = () => (lose ? ((lose = false), "lost") : null);
  const { server, sent, client, newGame, play } = setup({ network });
  const game = newGame("d");
  play(game, "1>2");
  play(game, "2>3");
  assert.equal(await client.flush(), "offline");
  assert.equal(game.synced, 0, "not acknowledged");
  assert.equal(await client.flush(), "done");
  assert.deepEqual(sent[1].body, sent[0].body, "the same batch, the same version");
  assert.deepEqual(server.games.get("d").actions, ["1>2", "2>3"]);
  assert.equal(game.synced, 2);
  client.timers.clearTimeout(client.timer);
});

test("a refused batch is handed to the page once, and the other games still go", async () => {
  const { server, refusals, client, newGame, play } = setup();
  const other = newGame("e", { created: true });
  server.games.set("e", { actions: ["1>2", "3>4"], times: [0, 1] }); // played on elsewhere
  const game = newGame("f");
  play(other, "5>6");
  play(game, "deal");
  assert.equal(await client.flush(), "done");
  assert.deepEqual(refusals.map((r) => [r.id, r.answer.status, r.answer.body.reason]), [["e", 409, "stale"]]);
  assert.deepEqual(server.games.get("f").actions, ["deal"]);
  client.timers.clearTimeout(client.timer);
});

test("a busy server is asked again after the delay; a page hidden sends with keepalive", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let busy = true;
  const { server, sent, client, newGame, play } = setup({ network: () => (busy ? "busy" : null) });
  const game = newGame("g");
  play(game, "1>2");
  assert.equal(await client.flush({ keepalive: true }), "later");
  assert.equal(sent[0].keepalive, true);
  busy = false;
  client.visible();
  t.mock.timers.tick(10_000);
  assert.equal(await client.running, "done");
  assert.equal(sent[1].keepalive, false);
  assert.deepEqual(server.games.get("g").actions, ["1>2"]);
});

test("a batch holds at most 500 actions", () => {
  const game = { id: "h", code: null, profile: "moves", actions: Array(700).fill("deal"), times: Array(700).fill(0),
    synced: 100, created: true };
  const body = batchOf(game);
  assert.equal(body.version, 100);
  assert.equal(body.actions.length, 500);
  assert.equal(body.start, undefined);
  assert.equal(batchOf({ ...game, synced: 700 }), null);
});

/** A seeded generator (mulberry32), so a failure can be replayed. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

test("cut at 20 random points, before or after the server stored: no action lost, none twice", async () => {
  mock.timers.reset();
  for (let seed = 1; seed <= 20; seed += 1) {
    const rand = random(seed);
    const { server, device, client, newGame, play } = setup({
      network: () => {
        const r = rand();
        return r < 0.25 ? "cut" : r < 0.5 ? "lost" : null;
      },
      most: 5,
    });
    let game = newGame(`s${seed}-0`);
    for (let i = 0; i < 60; i += 1) {
      if (rand() < 0.05) game = newGame(`s${seed}-${i + 1}`);
      play(game, rand() < 0.5 ? "deal" : `${1 + (i % 9)}>${1 + ((i * 7) % 10)}`);
      if (rand() < 0.2) await client.flush();
    }
    for (let tries = 0; (await client.flush()) !== "done"; tries += 1) assert.ok(tries < 200, "it settles");
    for (const kept of device) {
      assert.deepEqual(server.games.get(kept.id).actions, kept.actions, `seed ${seed}: game ${kept.id}`);
      assert.deepEqual(server.games.get(kept.id).times, kept.times);
    }
    client.timers.clearTimeout(client.timer);
  }
});
