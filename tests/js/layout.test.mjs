// Card sizes and column fans, from the real module.
import assert from "node:assert/strict";
import { test } from "node:test";

import { columnOffsets, indexHeight, MAX_CW, metricsFor, MIN_CW } from "../../spider/web/static/table/layout.js";

test("on a wide, tall window cards are as wide as ten columns allow", () => {
  const wide = metricsFor({ width: 1280, height: 1000 }, 10);
  assert.equal(wide.gap, 14);
  assert.equal(wide.cw, 115);
  assert.equal(wide.ch, 161);
  assert.equal(wide.avail, 1000 - Math.round(161 * 0.8) - 6);
});

test("a low window makes the cards smaller, so a column still has room to fan", () => {
  const low = metricsFor({ width: 1280, height: 400 }, 10);
  assert.ok(low.cw < 115);
  // the stock row plus 2.6 card heights fit the height
  assert.ok(low.ch * 0.8 + 6 + low.ch * 2.6 <= 400 + 1.4);
  assert.equal(metricsFor({ width: 1280, height: 100 }, 10).cw, MIN_CW);
  assert.equal(metricsFor({ width: 4000, height: 3000 }, 10).cw, MAX_CW);
});

test("a phone's narrow cards fan wide enough to show their corner index", () => {
  const phone = metricsFor({ width: 352, height: 500 }, 10);
  assert.equal(phone.cw, 31);
  assert.ok(phone.fu >= indexHeight(phone.cw));
  assert.ok(phone.fu > Math.round(phone.ch * 0.27));
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

test("an upright window fans the columns wider, up to 40% of a card", () => {
  const upright = metricsFor({ width: 760, height: 900 }, 10);
  const level = metricsFor({ width: 760, height: 420 }, 10);
  assert.equal(upright.cw, level.cw);
  assert.ok(upright.fu > level.fu);
  assert.ok(upright.fu <= Math.round(upright.ch * 0.4));
  // an upright phone: narrow cards, a tall table, a fan of one and a half corner indexes
  const phone = metricsFor({ width: 382, height: 700 }, 10);
  assert.equal(phone.fu, Math.round(indexHeight(phone.cw) * 1.5));
});
