// Card sizes and column fans, from the real module.
import assert from "node:assert/strict";
import { test } from "node:test";

import { columnOffsets, indexFont, indexHeight, MAX_CW, metricsFor, MIN_CW, MIN_STRIP } from "../../spider/web/static/table/layout.js";

test("the ten columns span a wide window's width and the design column fits its height", () => {
  const full = metricsFor({ width: 1888, height: 1010 }, 10); // 1920 × 1080 less the bars
  assert.ok(full.cw >= 150, `card ${full.cw} px`);
  assert.ok(full.cw * 10 + full.gap * 9 <= 1888);
  assert.ok(full.cw * 10 + full.gap * 9 > 1888 - 10 - full.gap); // no width left unused
  // 5 face-down and 13 face-up cards end within the room, each face-up one showing its index
  const { fd, fu } = columnOffsets(5, 13, full);
  assert.ok(5 * fd + 12 * fu + full.ch <= full.avail + 1e-9);
  assert.ok(fu >= full.strip);
  assert.equal(full.avail, 1010 - Math.round(full.ch * 0.8) - 6);
});

test("a lower window makes the cards smaller, so the design column still fits", () => {
  const lower = metricsFor({ width: 1280, height: 640 }, 10);
  assert.ok(lower.cw < metricsFor({ width: 1280, height: 1000 }, 10).cw);
  const { fd, fu } = columnOffsets(5, 13, lower);
  assert.ok(5 * fd + 12 * fu + lower.ch <= lower.avail + 1e-9);
  assert.ok(fu >= lower.strip);
});

test("a window too low for the design column keeps cards of a third of its height", () => {
  // a phone on its side: no card size leaves room for 5 + 13 readable cards
  const side = metricsFor({ width: 632, height: 270 }, 10);
  assert.equal(side.cw, Math.floor((270 - 6) / 3.4 / 1.4));
  assert.ok(!side.stacked);
  const { fd, fu } = columnOffsets(5, 13, side);
  assert.ok(5 * fd + 12 * fu + side.ch <= side.avail + 1e-9);
  assert.equal(metricsFor({ width: 1280, height: 100 }, 10).cw, MIN_CW);
  assert.equal(metricsFor({ width: 8000, height: 6000 }, 10).cw, MAX_CW);
});

test("a phone's compact cards have a thumb-sized index and fan wider on a tall screen", () => {
  const phone = metricsFor({ width: 382, height: 680 }, 10); // 390 × 844 less the bars
  assert.ok(phone.compact);
  assert.ok(indexFont(phone.cw) >= 14);
  assert.ok(phone.fu >= indexHeight(phone.cw));
  const low = metricsFor({ width: 382, height: 330 }, 10);
  assert.ok(phone.fu > low.fu, "the tall screen fans wider");
  assert.ok(phone.fu < phone.ch);
});

test("a short column keeps the usual offsets", () => {
  const m = { fd: 10, fu: 30, ch: 100, avail: 500 };
  assert.deepEqual(columnOffsets(4, 3, m), { fd: 10, fu: 30 });
});

const bottom = (down, up, { fd, fu }, ch) => down * fd + Math.max(0, up - 1) * fu + ch;

test("a long column compresses face-down cards first, then face-up ones", () => {
  const m = { fd: 10, fu: 30, ch: 100, avail: 500 };
  // 20 × 10 + 9 × 30 + 100 > 500: the face-down cards take all the squeeze
  assert.deepEqual(columnOffsets(20, 10, m), { fd: 6.5, fu: 30 });
  // with 14 face-up cards the face-down ones go down to 3 px, then the face-up ones close up
  const both = columnOffsets(20, 14, m);
  assert.equal(both.fd, 3);
  assert.ok(both.fu > 20 && both.fu < 30);
  assert.ok(bottom(20, 14, both, 100) <= 500 + 1e-9);
});

test("however long the column, its last card ends within the room", () => {
  const m = { fd: 8, fu: 20, ch: 60, avail: 230 };
  for (const [down, up] of [[0, 40], [5, 13], [5, 25], [30, 5], [40, 40]]) {
    const offsets = columnOffsets(down, up, m);
    assert.ok(bottom(down, up, offsets, m.ch) <= m.avail + 1e-9, `${down} down, ${up} up`);
    assert.ok(offsets.fd >= 1 && offsets.fu >= 1);
  }
});

test("a compressed face-up card keeps a readable strip while the room allows it", () => {
  const m = { fd: 10, fu: 40, ch: 100, avail: 500 };
  // 4 × 3 + 14 × 24 + 100 = 448 fits: the face-up cards stop at the readable strip
  const { fd, fu } = columnOffsets(4, 15, m);
  assert.ok(fu >= MIN_STRIP && fu < 40);
  assert.ok(bottom(4, 15, { fd, fu }, 100) <= 500 + 1e-9);
});
