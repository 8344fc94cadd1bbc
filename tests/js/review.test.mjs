// The game review's model (history/review-model.js): a stored review at once, a job followed with
// its progress, the winning line it offers, and stopping it (which cancels the job), from a
// stand-in for the server.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../spider/web/static/core/api.js";
import { POLL_EVERY, ReviewModel } from "../../spider/web/static/history/review-model.js";
import { deferred, manualTimers, settle } from "./fakes.mjs";

const GAME = { id: "g1" };
const DONE = { state: "done", game: "g1", sentences: ["The deal could be won from the start.", "Move 4: a deal from the stock."],
  chosen: "Move 4: a deal from the stock.", review: { line: ["deal", "1>2"], line_from: 3, won: false } };

/** A review whose server answers `review` first, then each of `states` in turn; `calls` lists
 * what was asked. */
function reviewing({ review = async () => DONE, states = [] } = {}) {
  const calls = [];
  const timers = manualTimers();
  const api = {
    review: (id) => {
      calls.push(["review", id]);
      return review();
    },
    reviewState: async (job) => {
      calls.push(["state", job]);
      const next = states.shift();
      if (next instanceof Error) throw next;
      return next;
    },
    cancelReview: async (job) => calls.push(["cancel", job]),
  };
  return { model: new ReviewModel({ api, game: GAME, title: "Spiderette, 1 suit", timers }), calls, timers };
}

test("a stored review shows at once: its words, the move chosen and the winning line from before it", async () => {
  const { model } = reviewing();
  assert.equal(model.state.heading, "Game review: Spiderette, 1 suit");
  assert.equal(model.state.working, true);
  assert.equal(model.state.status.text, "Reviewing the game…");
  await model.start();
  assert.equal(model.state.working, false);
  assert.deepEqual(model.state.sentences, DONE.sentences);
  assert.equal(model.state.chosen, "Your move there was: Move 4: a deal from the stock.");
  assert.deepEqual(model.state.line, { game: "g1", heading: "The winning line, step by step",
    start: "The position before your move 4, every card face up." });
  assert.equal(model.state.error.text, "");
});

test("a won game's line is the shortest win from the deal; a review without a line offers none", async () => {
  const won = reviewing({ review: async () => ({ ...DONE, chosen: null, review: { line: ["deal"], line_from: 0, won: true } }) });
  await won.model.start();
  assert.deepEqual(won.model.state.line, { game: "g1", heading: "The shortest win found, step by step",
    start: "The deal, every card face up." });
  assert.equal(won.model.state.chosen, null);
  const none = reviewing({ review: async () => ({ ...DONE, review: { line: [], line_from: 3, won: false } }) });
  await none.model.start();
  assert.equal(none.model.state.line, null);
  assert.equal(none.model.state.chosen, null); // the move is named only beside its line
  assert.deepEqual(none.model.state.sentences, DONE.sentences);
});

test("a review's job is looked at every POLL_EVERY ms, its progress shown, until it is done", async () => {
  const { model, calls, timers } = reviewing({
    review: async () => ({ state: "queued", job: "j1" }),
    states: [{ state: "running", done: 0, expected: 0 }, { state: "running", done: 120, expected: 100 }, DONE],
  });
  await model.start();
  assert.deepEqual(calls, [["review", "g1"]]);
  timers.advance(POLL_EVERY);
  await settle();
  assert.equal(model.state.progress, null); // nothing known to do yet: the bar has no end
  const status = model.state.status;
  timers.advance(POLL_EVERY);
  await settle();
  assert.deepEqual(model.state.progress, { value: 100, max: 100 }); // never past its end
  assert.notEqual(model.state.status, status);
  assert.equal(model.state.status.text, "Reviewing the game: 120 of about 100 positions checked…");
  timers.advance(POLL_EVERY);
  await settle();
  assert.equal(model.state.working, false);
  assert.deepEqual(model.state.sentences, DONE.sentences);
  assert.equal(timers.pending(), 0);
  assert.deepEqual(calls.filter(([kind]) => kind === "state").length, 3);
  model.stop(); // nothing left to cancel
  assert.equal(calls.filter(([kind]) => kind === "cancel").length, 0);
});

test("what the job has found so far shows while it runs, refined by each look, then the final review", async () => {
  const first = ["The deal could be won from the start.", "If the game was lost, it was lost somewhere between move 1 and move 23."];
  const narrower = [first[0], "The game was lost somewhere between move 1 and move 11."];
  const { model, timers } = reviewing({
    review: async () => ({ state: "waiting", job: "j1" }),
    states: [{ state: "running", done: 1, expected: 7, sentences: first },
      { state: "running", done: 2, expected: 7, sentences: first },
      { state: "running", done: 3, expected: 7, sentences: narrower }, DONE],
  });
  await model.start();
  assert.deepEqual(model.state.sentences, []);
  timers.advance(POLL_EVERY);
  await settle();
  assert.equal(model.state.working, true); // a first answer, the search still going on
  assert.deepEqual(model.state.sentences, first);
  const shown = model.state.sentences;
  timers.advance(POLL_EVERY);
  await settle();
  assert.equal(model.state.sentences, shown); // the same words: nothing redrawn, nothing read again
  timers.advance(POLL_EVERY);
  await settle();
  assert.deepEqual(model.state.sentences, narrower);
  timers.advance(POLL_EVERY);
  await settle();
  assert.equal(model.state.working, false);
  assert.deepEqual(model.state.sentences, DONE.sentences);
});

test("stopping the review cancels its job and looks no more", async () => {
  const { model, calls, timers } = reviewing({ review: async () => ({ state: "queued", job: "j1" }),
    states: [{ state: "running", done: 1, expected: 10 }] });
  await model.start();
  timers.advance(POLL_EVERY);
  await settle();
  model.cancel();
  assert.equal(model.state.working, false);
  assert.equal(model.state.error.text, "The review was stopped.");
  assert.equal(timers.pending(), 0);
  timers.advance(10 * POLL_EVERY);
  await settle();
  assert.deepEqual(calls, [["review", "g1"], ["state", "j1"], ["cancel", "j1"]]);
});

test("a review left before its job was even known still has that job cancelled", async () => {
  const answer = deferred();
  const { model, calls } = reviewing({ review: () => answer.promise });
  const started = model.start();
  model.stop();
  answer.resolve({ state: "queued", job: "j2" });
  await started;
  assert.deepEqual(calls, [["review", "g1"], ["cancel", "j2"]]);
  assert.equal(model.state.error.text, "");
});

test("why a review failed is said: the server's words, a failed job's, or no answer at all", async () => {
  const refused = reviewing({ review: async () => {
    throw new ApiError(409, { message: "The game is still in play." });
  } });
  await refused.model.start();
  assert.equal(refused.model.state.error.text, "The game is still in play.");
  assert.equal(refused.model.state.working, false);
  const offline = reviewing({ review: async () => {
    throw new TypeError("Failed to fetch");
  } });
  await offline.model.start();
  assert.equal(offline.model.state.error.text, "The server could not be reached. Try again.");
  const failed = reviewing({ review: async () => ({ state: "queued", job: "j3" }),
    states: [{ state: "failed", message: "The review ran out of time." }] });
  await failed.model.start();
  failed.timers.advance(POLL_EVERY);
  await settle();
  assert.equal(failed.model.state.error.text, "The review ran out of time.");
  const lost = reviewing({ review: async () => ({ state: "queued", job: "j4" }), states: [new Error("offline")] });
  await lost.model.start();
  lost.timers.advance(POLL_EVERY);
  await settle();
  assert.equal(lost.model.state.error.text, "The review could not be loaded. Try again.");
  assert.equal(lost.timers.pending(), 0);
});
