// A daily deal's fingerprint on its card (daily/fingerprint.js): short to read, whole to copy, and a
// past day's link to the published deal to verify; nothing for a deal not made yet, and a note for
// a past deal made before fingerprints.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fairness, shortFingerprint } from "../../spider/web/static/daily/fingerprint.js";

const FULL = "3f9a21bc0d7e55aa".padEnd(64, "0");
const MADE = { level: "spider-1-classic", difficulty: "easy", fingerprint: FULL };

test("the short form is the first sixteen digits in groups of four", () => {
  assert.equal(shortFingerprint(FULL), "3f9a 21bc 0d7e 55aa…");
});

test("today's deal shows its fingerprint, whole to copy, and no way to verify yet", () => {
  const shown = fairness(MADE, "2026-12-05", true);
  assert.deepEqual(shown, { label: "Deal fingerprint", short: "3f9a 21bc 0d7e 55aa…", full: FULL,
    copy: "Copy the full fingerprint", verify: null, note: "" });
  assert.equal(fairness({ ...MADE, difficulty: null, fingerprint: null }, "2026-12-05", true), null);
});

test("a past day's sealed deal links to its published data", () => {
  const seal = { salt: "a".repeat(64), day_key: "b".repeat(64), attempt: 0 };
  assert.equal(fairness({ ...MADE, seal }, "2026-12-04", false).verify, "api/daily/2026-12-04");
});

test("a deal made before fingerprints says it cannot be verified once its day is over", () => {
  const old = { ...MADE, fingerprint: null };
  assert.equal(fairness(old, "2026-12-05", true), null);
  const shown = fairness({ ...old, seal: null }, "2026-12-04", false);
  assert.equal(shown.full, null);
  assert.equal(shown.verify, null);
  assert.match(shown.note, /cannot be verified/);
});
