// The browser engine's cost per practice action, in node: prints figures, asserts nothing.
//   node bench/browser_engine.mjs [--quick]
// For each level, seeded random play (mostly legal moves, some deals, undos and redos) over many
// deals; each action is timed from apply() through view() (the public view with every group's
// targets and best column) and describe() (the table's description): what the page does per tap
// before it draws. Also a 300-action record's replay (Game.fromRecord), as a page restoring a game
// from the device does. The budget: a 16 ms frame on a phone with a CPU 4× slower than this machine.
/* global process, console */
import { Game, allVariants, describe, formatCode } from "../spider/web/static/engine/index.js";

const quick = process.argv.includes("--quick");
const DEALS = quick ? 20 : 200;
const ACTIONS = 150;

/** A small seeded generator (mulberry32), so every run plays the same games. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** Random play of one deal: each action's microseconds (apply + view + describe). */
function play(code, rand) {
  const game = Game.fromCode(code);
  const times = [];
  for (let i = 0; i < ACTIONS; i++) {
    const legal = game.legalActions();
    const r = rand();
    const action = r < 0.08 ? "undo" : r < 0.12 ? "redo" : legal.length ? legal[Math.floor(rand() * legal.length)] : "undo";
    const start = process.hrtime.bigint();
    try {
      game.apply(action);
    } catch {
      // a refused undo or redo costs its check too
    }
    describe(game.view());
    times.push(Number(process.hrtime.bigint() - start) / 1000);
    if (game.won) break;
  }
  return { times };
}

/** The record of 300 actions of random play (legal moves and deals, an undo where none is left). */
function longRecord(code, rand) {
  const game = Game.fromCode(code);
  while (game.actions.length < 300) {
    const legal = game.legalActions();
    if (!legal.length && !game.canUndo) break;
    const undo = game.canUndo && (!legal.length || rand() < 0.05);
    game.apply(undo ? "undo" : legal[Math.floor(rand() * legal.length)]);
  }
  return game.record();
}

console.log(`node ${process.version}, ${DEALS} deals × up to ${ACTIONS} actions per level`);
console.log("level                  median µs   p95 µs   p99 µs   replay of 300 actions ms");
let worst = 0;
for (const v of allVariants()) {
  const rand = random(7);
  const times = [];
  for (let d = 0; d < DEALS; d++) {
    const run = play(formatCode(v, Math.floor(rand() * 26 ** 7)), rand);
    if (d >= 2) times.push(...run.times); // the first deals warm the JIT up
  }
  times.sort((a, b) => a - b);
  const record = longRecord(formatCode(v, 12345), rand);
  const replays = [];
  for (let i = 0; i < 20; i++) {
    const start = process.hrtime.bigint();
    Game.fromRecord(record);
    replays.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  replays.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  worst = Math.max(worst, p95);
  console.log(`${v.key.padEnd(22)} ${percentile(times, 0.5).toFixed(0).padStart(9)} ${p95.toFixed(0).padStart(8)}`
    + ` ${percentile(times, 0.99).toFixed(0).padStart(8)}   ${percentile(replays, 0.5).toFixed(2).padStart(10)}`);
}
console.log(`worst p95 ${worst.toFixed(0)} µs per action: ${(4 * worst / 1000).toFixed(2)} ms on a CPU 4× slower,`
  + ` ${((4 * worst) / 16000 * 100).toFixed(1)}% of a 16 ms frame`);
