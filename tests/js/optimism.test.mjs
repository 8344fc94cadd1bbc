// The table shown while actions await the server's answer (play/optimism.js): which moves are
// shown at once, what is shown of them, and how the answers and refusals change it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { movedColumns, moveEvents, Outbox, plannedMove } from "../../spider/web/static/play/optimism.js";

// Four columns as a view names them: 9H can go onto column 2's 10S or into the empty column 4;
// column 3's 5D 4D run goes nowhere; column 2's 10S goes into the empty column.
function view(extra = {}) {
  return {
    id: "g", version: 7, status: "active", won: false, moves: 3, score: 497, can_undo: true,
    columns: [{ down: 2, up: ["9H"] }, { down: 1, up: ["10S"] }, { down: 0, up: ["6C", "5D", "4D"] }, { down: 0, up: [] }],
    groups: [
      { column: 1, count: 1, targets: [2, 4], best: 2 },
      { column: 2, count: 1, targets: [4], best: 4 },
      { column: 3, count: 2, targets: [], best: null },
      { column: 3, count: 1, targets: [], best: null },
    ],
    ...extra,
  };
}

test("a move is shown at once only when the view lists its group and target", () => {
  assert.deepEqual(plannedMove(view(), { action: "1>2:1" }), { from: 1, to: 2, count: 1 });
  assert.deepEqual(plannedMove(view(), { best: { column: 1, count: 1 } }), { from: 1, to: 2, count: 1 });
  assert.equal(plannedMove(view(), { action: "1>3:1" }), null, "not a target: the server says why");
  assert.equal(plannedMove(view(), { action: "3>4:3" }), null, "not a movable group");
  assert.equal(plannedMove(view(), { best: { column: 3, count: 2 } }), null, "no best column");
  assert.equal(plannedMove(view(), { action: "1>2" }), null, "no count: the server chooses it");
  for (const action of ["deal", "undo", "redo"]) assert.equal(plannedMove(view(), { action }), null);
  assert.equal(plannedMove(view({ status: "won", won: true }), { action: "1>2:1" }), null);
  assert.equal(plannedMove(null, { action: "1>2:1" }), null);
});

test("a shown move carries its cards and says nothing of the card it uncovers", () => {
  const move = { from: 3, to: 4, count: 2 };
  const before = view().columns;
  const after = movedColumns(before, move);
  assert.deepEqual(after[2], { down: 0, up: ["6C"] });
  assert.deepEqual(after[3], { down: 0, up: ["5D", "4D"] });
  assert.deepEqual(before[3], { down: 0, up: [] }, "the view it came from is unchanged");
  const uncovering = movedColumns(before, { from: 1, to: 2, count: 1 });
  assert.deepEqual(uncovering[0], { down: 2, up: [] }, "its face-down cards stay face down until the answer");
  const events = moveEvents(view(), { from: 1, to: 2, count: 1 });
  assert.deepEqual(events, {
    kind: "move", action: "1>2:1", from: 1, to: 2, cards: ["9H"], onto: "10S",
    revealed: [], completed: [], hidden: 0, won: false, redone: false,
  });
  assert.equal(moveEvents(view(), { from: 2, to: 4, count: 1 }).onto, null);
});

test("queued moves show on the server's view, and only untouched columns keep their targets", () => {
  const outbox = new Outbox(view());
  const first = outbox.add({ action: "1>2:1" });
  assert.deepEqual(first.move, { from: 1, to: 2, count: 1 });
  const shown = outbox.view;
  assert.deepEqual(shown.columns[1].up, ["10S", "9H"]);
  assert.equal(shown.version, 7, "sent with the server's version");
  assert.equal(shown.moves, 3, "counters wait for the server");
  assert.deepEqual(shown.groups, [
    { column: 3, count: 2, targets: [], best: null },
    { column: 3, count: 1, targets: [], best: null },
  ]);
  // a move into column 2 now waits for the answer: the view cannot vouch for it
  const second = outbox.add({ action: "3>2:1" });
  assert.equal(second.move, null);
  assert.deepEqual(outbox.body(first), { action: "1>2:1", version: 7 });
  assert.deepEqual(outbox.body(second), { action: "3>2:1", version: 7 });
  // the answer to the first comes: it is the base, the second is still on its way
  const answer = view({
    version: 8, moves: 4,
    columns: [{ down: 1, up: ["10C"] }, { down: 1, up: ["10S", "9H"] }, { down: 0, up: ["6C", "5D", "4D"] }, { down: 0, up: [] }],
  });
  outbox.settle(first, answer);
  assert.equal(outbox.holds(first), false);
  assert.equal(outbox.pending, 1);
  assert.equal(outbox.view.columns[0].up[0], "10C");
  assert.deepEqual(outbox.body(second), { action: "3>2:1", version: 8 });
  outbox.drop(second);
  assert.equal(outbox.view, answer, "nothing on its way: the server's view itself");
});

test("a deal, an undo or a refusal", () => {
  const outbox = new Outbox(view());
  const dealing = outbox.add({ action: "deal" });
  assert.deepEqual(outbox.view.groups, [], "after a deal on its way nothing is known");
  assert.equal(outbox.add({ action: "1>2:1" }).move, null);
  outbox.reset(view({ version: 9 }));
  assert.equal(outbox.holds(dealing), false, "a new table drops what was queued");
  const move = outbox.add({ best: { column: 1, count: 1 } });
  assert.deepEqual(outbox.view.columns[1].up, ["10S", "9H"]);
  outbox.drop(move);
  assert.deepEqual(outbox.view.columns[1].up, ["10S"], "refused: the cards are back");
});
