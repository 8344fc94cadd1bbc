// Replays the conformance corpus (tests/conformance/corpus.py, made by the Python engine) with the
// browser engine, action by action, and says where the two differ. canonical() and digest() write
// what tests/conformance/reference.py writes, byte for byte.
import { createHash } from "node:crypto";

import { EngineError, Game, describe, variant } from "../../spider/web/static/engine/index.js";

// Each object shape's keys in sorted order, found once: canonical() runs on every view.
const ORDERS = new Map();

/** A copy of a JSON value with every object's keys sorted. */
function sortedCopy(value) {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(sortedCopy);
  const keys = Object.keys(value);
  const shape = keys.join("\u0000");
  let order = ORDERS.get(shape);
  if (!order) ORDERS.set(shape, (order = [...keys].sort()));
  const out = {};
  for (const key of order) out[key] = sortedCopy(value[key]);
  return out;
}

/** JSON with sorted keys and no spaces (Python's json.dumps(sort_keys=True, separators=(",", ":"))). */
export const canonical = (value) => JSON.stringify(sortedCopy(value));

export const digest = (value) => createHash("sha256").update(canonical(value), "utf8").digest("hex").slice(0, 16);

// Every eighth step's view has the description too (tests/conformance/corpus.py DESCRIBED_EVERY).
const DESCRIBED_EVERY = 8;

/** The view as the corpus keeps it: the engine's view and, if `described`, the English description. */
export function viewOf(game, described = true) {
  const view = game.view();
  return described ? { ...view, description: describe(view) } : view;
}

/** A corpus game's start: a code, a deck of a level, or a record. */
export function startGame(start) {
  if ("record" in start) return Game.fromRecord(start.record);
  const profile = "profile" in start ? start.profile : "standard";
  if ("deck" in start) return Game.fromDeck(variant(...start.level), start.deck, profile);
  return Game.fromCode(start.code, profile);
}

/** Play a corpus action: notation, {best}, or {clock} (no events). */
export function applyAction(game, action, elapsed) {
  if (action !== null && typeof action === "object" && "clock" in action) {
    game.advanceClock(action.clock);
    return null;
  }
  return game.apply(action, elapsed === undefined ? undefined : elapsed);
}

const refusal = (e) => ({ reason: e.reason, params: e.params, message: e.message });

/** What the browser engine answers to `run` (a function that may throw EngineError). */
function attempt(run) {
  try {
    return { value: run() };
  } catch (e) {
    if (!(e instanceof EngineError)) return { crash: String(e && e.stack ? e.stack : e) };
    return { err: refusal(e) };
  }
}

/**
 * Replay one corpus game; the first difference as text, or null when the engines agree.
 * @param {object} g a game of the corpus @param {boolean} full whether it holds answers in full
 */
export function replayGame(g, full) {
  const where = (n, what) => `game ${g.id} ${n}: ${what}`;
  const started = attempt(() => startGame(g.start));
  if (started.crash) return where("start", `crashed: ${started.crash}`);
  if (g.start_err || started.err) {
    const want = canonical(g.start_err ?? null);
    const got = canonical(started.err ?? null);
    return want === got ? null : where("start", `Python refused ${want}\n  browser gave ${got}`);
  }
  const game = started.value;
  let view = viewOf(game);
  let viewText = canonical(view);
  const same = full ? canonical(g.v0) === viewText : g.v0 === digest(view);
  if (!same) return where("start", `views differ\n  browser: ${viewText}${full ? `\n  Python:  ${canonical(g.v0)}` : ""}`);
  let textIsCurrent = true; // viewText is the view's (worked out again only when a refusal asks)
  for (const [n, step] of g.steps.entries()) {
    const done = attempt(() => applyAction(game, step.a, step.t));
    if (done.crash) return where(`step ${n} (${JSON.stringify(step.a)})`, `crashed: ${done.crash}`);
    let result;
    if (done.err) {
      result = { err: done.err };
      if (!textIsCurrent) viewText = canonical(view);
      textIsCurrent = true;
      const after = canonical(viewOf(game, Object.hasOwn(view, "description")));
      if (after !== viewText) return where(`step ${n} (${JSON.stringify(step.a)})`, `a refusal changed the view\n  before: ${viewText}\n  after:  ${after}`);
    } else {
      view = viewOf(game, n % DESCRIBED_EVERY === 0);
      textIsCurrent = false;
      result = done.value === null ? { v: view } : { ev: done.value, v: view };
    }
    const want = full ? canonical(Object.fromEntries(Object.entries(step).filter(([k]) => k !== "a" && k !== "t"))) : step.h;
    const got = full ? canonical(result) : digest(result);
    if (want !== got) {
      const hint = full ? `\n  Python:  ${want}` : `\n  (Python's answer in full: python -m tests.conformance.corpus --only ${g.id} --full)`;
      return where(`step ${n} (${JSON.stringify(step.a)}${step.t === undefined ? "" : ` at ${step.t}s`})`,
        `answers differ\n  browser: ${canonical(result)}${hint}`);
    }
  }
  const record = game.record();
  if (canonical(record) !== canonical(g.rec)) {
    return where("record", `records differ\n  browser: ${canonical(record)}\n  Python:  ${canonical(g.rec)}`);
  }
  const again = attempt(() => Game.fromRecord(g.rec));
  if (!again.value) return where("record", `fromRecord refused its own record: ${canonical(again)}`);
  const replayed = viewOf(again.value);
  if ((full ? canonical(g.rv) !== canonical(replayed) : g.rv !== digest(replayed))
    || canonical(again.value.record()) !== canonical(g.rec)) {
    return where("record", `fromRecord of the record differs\n  browser: ${canonical(replayed)}`);
  }
  return null;
}
