// The browser engine replays the committed small conformance corpus (tests/conformance/, made by the
// Python engine) action by action, with no difference: events, refusals, views and records.
// tests/conformance/test_conformance.py checks that the file is what the generator makes now.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";

import { replayGame } from "./conformance-lib.mjs";

const FILE = new URL("../conformance/small-corpus.jsonl.gz", import.meta.url);

test("the browser engine answers the small corpus's games as the Python engine did", () => {
  const [head, ...lines] = gunzipSync(readFileSync(FILE)).toString("utf8").split("\n").filter(Boolean);
  const header = JSON.parse(head);
  assert.equal(lines.length, header.games);
  const differences = lines.map((line) => replayGame(JSON.parse(line), header.full)).filter(Boolean);
  assert.deepEqual(differences.slice(0, 5), []);
});
