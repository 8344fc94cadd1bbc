// The replay viewer's model (history/replay-model.js): which step shows, what it says, the play
// button, and steps asked for once each, from a stand-in for the server's replay.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PLAY_EVERY, ReplayModel } from "../../spider/web/static/history/replay-model.js";
import { deferred, manualTimers, settle } from "./fakes.mjs";

const STEPS = 3;

/** Step `n` of a three-action game, as GET /api/games/{id}/replay/{n} answers. */
function step(n) {
  return { step: n, steps: STEPS, description: `Table at step ${n}.`, moves: n, elapsed: 60 * n, removed: 0, sequences: 8,
    score: 500 - n, columns: [], events: n ? { kind: "deal", cards: Array(7).fill("AS") } : null };
}

/** A replay whose server answers at once; `asked` lists every step it was asked for. */
function replay(options = {}) {
  const asked = [];
  const timers = manualTimers();
  const model = new ReplayModel({ heading: "Replay: Spider", timers, ...options,
    load: options.load || (async (n) => {
      asked.push(n);
      return step(n);
    }) });
  return { model, asked, timers };
}

test("the first step shows the deal, its figures and where the slider stands", async () => {
  const { model } = replay();
  assert.equal(model.state.boardLabel, "Loading…");
  await model.go(0);
  const s = model.state;
  assert.equal(s.shown, 0);
  assert.deepEqual(s.slider, { max: 3, value: 0, text: "Step 0 of 3" });
  assert.equal(s.said.text, "Step 0 of 3: The deal.");
  assert.equal(s.figures, "Moves: 0 · Time: 00:00 · Sequences: 0/8 · Score: 500");
  assert.equal(s.boardLabel, "Table at step 0.");
  assert.equal(s.view.step, 0);
  assert.deepEqual(s.play, { shape: "play", label: "Play" });
});

test("another line says what its first step is; a step without time or score leaves them out", async () => {
  const { model } = replay({ start: "The deal, every card face up.",
    load: async (n) => ({ ...step(n), elapsed: undefined, score: null }) });
  await model.go(0);
  assert.equal(model.state.said.text, "Step 0 of 3: The deal, every card face up.");
  assert.equal(model.state.figures, "Moves: 0 · Sequences: 0/8");
});

test("the buttons step within the game, and each step is asked for once", async () => {
  const { model, asked } = replay();
  await model.go(0);
  await model.previous();
  assert.equal(model.state.shown, 0);
  await model.next();
  assert.equal(model.state.said.text, "Step 1 of 3: Dealt 7 cards.");
  await model.last();
  await model.next();
  assert.equal(model.state.shown, 3);
  await model.go(99); // the slider cannot ask past the last step either
  assert.equal(model.state.wanted, 3);
  await model.first();
  await model.next();
  assert.equal(model.state.shown, 1);
  assert.deepEqual(asked, [0, 1, 3]);
});

test("the step asked for last is the one shown, whichever answer comes first", async () => {
  const answers = new Map([[1, deferred()], [2, deferred()]]);
  const { model } = replay({ load: (n) => (n === 0 ? Promise.resolve(step(0)) : answers.get(n).promise) });
  await model.go(0);
  const one = model.next();
  const two = model.next();
  answers.get(2).resolve(step(2));
  await two;
  answers.get(1).resolve(step(1));
  await one;
  assert.equal(model.state.shown, 2);
  assert.equal(model.state.said.text, "Step 2 of 3: Dealt 7 cards.");
});

test("Play steps on every PLAY_EVERY ms until the last step, then the button says Play again", async () => {
  const { model, timers, asked } = replay();
  await model.go(0);
  model.toggle();
  assert.deepEqual(model.state.play, { shape: "pause", label: "Pause" });
  timers.advance(PLAY_EVERY - 1);
  await settle();
  assert.equal(model.state.shown, 0);
  timers.advance(1);
  await settle();
  assert.equal(model.state.shown, 1);
  assert.ok(asked.includes(2)); // the next step is fetched before it is due
  timers.advance(2 * PLAY_EVERY);
  await settle();
  assert.equal(model.state.shown, 3);
  timers.advance(PLAY_EVERY);
  assert.equal(model.state.playing, false);
  assert.deepEqual(model.state.play, { shape: "play", label: "Play" });
  assert.equal(timers.pending(), 0);
  model.toggle(); // at the last step, Play starts again from the deal
  await settle();
  assert.equal(model.state.shown, 0);
  model.toggle(); // Pause
  timers.advance(5 * PLAY_EVERY);
  await settle();
  assert.equal(model.state.shown, 0);
});

test("a step that cannot be loaded says so, stops the play, and is asked for again next time", async () => {
  let fail = true;
  const asked = [];
  const { model } = replay({ load: async (n) => {
    asked.push(n);
    if (n === 1 && fail) throw new Error("offline");
    return step(n);
  } });
  await model.go(0);
  model.play();
  await model.next();
  assert.equal(model.state.said.text, "The replay could not be loaded. Try again.");
  assert.equal(model.state.playing, false);
  const said = model.state.said;
  await model.go(1);
  assert.notEqual(model.state.said, said); // said again, though in the same words
  fail = false;
  await model.go(1);
  assert.equal(model.state.shown, 1);
  assert.deepEqual(asked, [0, 1, 1, 1]);
});
