// Card sizes and column fans, from the real module.
import assert from "node:assert/strict";
import { test } from "node:test";

import { columnOffsets, metricsFor } from "../../spider/web/static/layout.js";

test("cards are as wide as ten columns allow, between 24 and 118 px", () => {
  const wide = metricsFor({ width: 1280, top: 100, viewportHeight: 800, bottomBar: 0 }, 10);
  assert.equal(wide.gap, 14);
  assert.equal(wide.cw, 115);
  assert.equal(wide.ch, 161);
  const narrow = metricsFor({ width: 200, top: 100, viewportHeight: 600, bottomBar: 50 }, 10);
  assert.equal(narrow.cw, 24);
  assert.equal(narrow.avail, Math.max(narrow.ch * 3, 600 - 100 - 50 - 12));
});

test("a short column keeps the usual offsets", () => {
  const m = { fd: 10, fu: 30, ch: 100, avail: 500 };
  assert.deepEqual(columnOffsets(4, 3, m), { fd: 10, fu: 30 });
});

test("a long column compresses face-down cards first, face-up ones never below 24 px", () => {
  const m = { fd: 10, fu: 30, ch: 100, avail: 500 };
  // 20 × 10 + 9 × 30 + 100 > 500: the face-down cards take all the squeeze
  assert.deepEqual(columnOffsets(20, 10, m), { fd: 6.5, fu: 30 });
  // with 14 face-up cards the face-down ones go down to 3 px, then the face-up ones close up
  const both = columnOffsets(20, 14, m);
  assert.equal(both.fd, 3);
  assert.ok(both.fu > 24 && both.fu < 30);
  const many = columnOffsets(0, 40, m);
  assert.equal(many.fu, 24);
});
