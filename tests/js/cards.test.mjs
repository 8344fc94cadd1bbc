// The pip layouts of A–10 (real module, node --test): inside the pip area, no pip touching
// another, mirror-symmetric, upside down below the middle, and the printed deck's counts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ACE, PIP, PIP_H, PIP_W, applyLooks, courtArt, pipLayout } from "../../spider/web/static/table/cards.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const GAP = 3; // at least this much felt-white between two pips, in card units (a card is 100 wide)

test("each rank has as many pips as its value, the ace one large pip", () => {
  for (const rank of RANKS) assert.equal(pipLayout(rank).length, rank === "A" ? 1 : Number(rank), rank);
  assert.equal(pipLayout("A")[0].size, ACE);
  assert.deepEqual(pipLayout("K"), []); // court cards have a picture, not pips
});

test("every pip lies inside the pip area", () => {
  for (const rank of RANKS) {
    for (const { x, y, size } of pipLayout(rank)) {
      assert.ok(x - size / 2 >= 0 && x + size / 2 <= PIP_W, `${rank}: x ${x}`);
      assert.ok(y - size / 2 >= 0 && y + size / 2 <= PIP_H, `${rank}: y ${y}`);
    }
  }
});

test("no two pips touch: their boxes are apart by a gap across or down", () => {
  for (const rank of RANKS) {
    const pips = pipLayout(rank);
    for (let i = 0; i < pips.length; i += 1) {
      for (let j = i + 1; j < pips.length; j += 1) {
        const dx = Math.abs(pips[i].x - pips[j].x);
        const dy = Math.abs(pips[i].y - pips[j].y);
        assert.ok(dx >= PIP + GAP || dy >= PIP + GAP, `${rank}: pips ${i} and ${j} touch (dx ${dx}, dy ${dy})`);
      }
    }
  }
});

const has = (pips, x, y) => pips.some((p) => Math.abs(p.x - x) < 1e-9 && Math.abs(p.y - y) < 1e-9);

test("layouts are symmetric: left-right always, and half a turn except the 7's extra pip", () => {
  for (const rank of RANKS) {
    const pips = pipLayout(rank);
    for (const p of pips) {
      assert.ok(has(pips, PIP_W - p.x, p.y), `${rank}: no mirror of (${p.x}, ${p.y})`);
      if (rank !== "7") assert.ok(has(pips, PIP_W - p.x, PIP_H - p.y), `${rank}: not symmetric under a half turn`);
    }
  }
});

test("pips below the middle are upside down, the others upright", () => {
  for (const rank of RANKS) {
    for (const p of pipLayout(rank)) assert.equal(p.flip, p.y > PIP_H / 2 + 0.01, `${rank} at ${p.y}`);
  }
  assert.ok(pipLayout("10").some((p) => p.flip) && pipLayout("10").some((p) => !p.flip));
});

test("pips fill the area from top to bottom rather than sitting low", () => {
  for (const rank of ["2", "4", "10"]) {
    const ys = pipLayout(rank).map((p) => p.y);
    assert.equal(Math.min(...ys), PIP / 2);
    assert.equal(Math.max(...ys), PIP_H - PIP / 2);
  }
});

test("a court card's picture is its own static file", () => {
  assert.equal(courtArt("Q", "H"), "static/art/court-QH.svg#art");
});

test("the card back and table colour become one class each on the body", () => {
  const classes = new Set(["ready", "back-red", "felt-blue"]);
  const body = {
    classList: {
      [Symbol.iterator]: () => classes[Symbol.iterator](),
      add: (c) => classes.add(c),
      remove: (c) => classes.delete(c),
    },
  };
  applyLooks({ card_back: "green", table: "wine" }, body);
  assert.deepEqual([...classes].sort(), ["back-green", "felt-wine", "ready"]);
});
