// What a screen reader hears after an action, from the real module (English: no catalog loaded).
import assert from "node:assert/strict";
import { test } from "node:test";

import { describeEvents, describeOutcome } from "../../spider/web/static/table/speech.js";

const view = { columns: new Array(10).fill({ down: 0, up: [] }), won: false };

test("a move names its cards and where they went", () => {
  assert.equal(describeEvents({ kind: "move", cards: ["9H"], onto: "10S", to: 3 }, view), "Moved 9 of hearts onto 10 of spades.");
  assert.equal(describeEvents({ kind: "move", cards: ["QS", "JS", "10S"], to: 4 }, view),
    "Moved queen of spades and 2 cards on it to empty column 4.");
});

test("deals, undos, revealed cards, completed sequences and the win are said in order", () => {
  assert.equal(describeEvents({ kind: "deal", cards: [] }, view), "Dealt 10 cards.");
  assert.equal(describeEvents({ kind: "undo", hidden: 1 }, view), "Undid the last action. 1 card turned face down.");
  const ev = { kind: "move", cards: ["AS"], onto: "2S", to: 1, revealed: [{ card: "KD", column: 2 }],
    completed: [{ suit: "S", column: 1 }], won: true };
  assert.equal(describeEvents(ev, view), "Moved ace of spades onto 2 of spades. Revealed king of diamonds in column 2. "
    + "A sequence of spades is complete and leaves the table. You won!");
  assert.equal(describeEvents(null, view), "");
});

test("what the server's answer adds to a move shown at once: the card turned up, sets, the win", () => {
  const ev = { kind: "move", cards: ["AS"], onto: "2S", to: 1, revealed: [{ card: "KD", column: 2 }],
    completed: [{ suit: "S", column: 1 }], won: true };
  assert.equal(describeOutcome(ev, view), "Revealed king of diamonds in column 2. "
    + "A sequence of spades is complete and leaves the table. You won!");
  assert.equal(describeOutcome({ kind: "move", cards: ["AS"], revealed: [], completed: [] }, view), "");
});
