// The browser engine's own checks where a pinned value says more than the corpus: the shuffle's
// test vectors (tests/engine/vectors.json, as the Python engine's tests pin them), SplitMix64's
// first outputs, codes, and the refusal messages.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  EngineError, Game, SplitMix64, allVariants, cardText, describe, formatCode, parseCode, randomCode, shuffledDeck,
} from "../../spider/web/static/engine/index.js";

const VECTORS = JSON.parse(readFileSync(new URL("../engine/vectors.json", import.meta.url), "utf8"));

test("every code of the test vectors deals its pinned deck, card for card", () => {
  assert.ok(Object.keys(VECTORS).length >= 6);
  for (const [code, vector] of Object.entries(VECTORS)) {
    const parsed = parseCode(code);
    assert.equal(parsed.deal, vector.deal, code);
    assert.deepEqual(shuffledDeck(parsed.variant, parsed.deal).map(cardText), vector.deck, code);
    assert.deepEqual(Game.fromCode(code).deck.map(cardText), vector.deck, code);
  }
});

test("SplitMix64 gives the reference generator's numbers (seed 0 and a large seed)", () => {
  // the first outputs of SplitMix64 as its author's reference code prints them
  const zero = new SplitMix64(0);
  assert.deepEqual([zero.next(), zero.next(), zero.next()],
    [0xe220a8397b1dcdafn, 0x6e789e6aa1b965f4n, 0x06c45d188009454fn]);
  const rng = new SplitMix64(26 ** 7 - 1);
  for (let i = 0; i < 1000; i++) assert.ok(rng.below(104) < 104);
});

test("a code is read case-insensitively and written back in its canonical form", () => {
  const parsed = parseCode(" sp1-s2r-abcdefg ");
  assert.equal(parsed.variant.key, "spider-2-relaxed");
  assert.equal(formatCode(parsed.variant, parsed.deal), "SP1-S2R-ABCDEFG");
});

test("a bad code is refused naming the part that is wrong", () => {
  assert.throws(() => Game.fromCode("SP1-S3C-AAAAAAA"), (e) => e instanceof EngineError && e.reason === "bad_code"
    && e.params.part === "S3" && e.message === "Game code 'SP1-S3C-AAAAAAA': S3 is not a suit count (1, 2 or 4)");
});

test("a random code of each level names that level, drawn afresh", () => {
  for (const v of allVariants()) {
    const codes = new Set(Array.from({ length: 5 }, () => randomCode(v)));
    assert.ok(codes.size > 1);
    for (const code of codes) assert.equal(parseCode(code).variant.key, v.key);
  }
});

test("a refused action throws the rule's reason and English text, and changes nothing", () => {
  const game = Game.fromCode("SP1-S1C-AAAAAAD");
  const before = JSON.stringify(game.view());
  assert.throws(() => game.apply("1>1"), { reason: "same_column", message: "A group must move to another column" });
  assert.throws(() => game.apply("undo"), { reason: "nothing_to_undo" });
  assert.throws(() => game.apply("3>7:x"), { reason: "bad_action",
    message: "Unknown action '3>7:x': expected F>T, F>T:N, deal, undo or redo" });
  assert.equal(JSON.stringify(game.view()), before);
  assert.deepEqual(game.actions, []);
});

test("a record's refused action names its index", () => {
  const record = { code: "SP1-S1C-AAAAAAD", actions: ["deal", "1>1"] };
  assert.throws(() => Game.fromRecord(record), { reason: "same_column",
    message: "action 1 ('1>1'): A group must move to another column" });
});

test("the description reads the table sentence by sentence", () => {
  const text = describe(Game.fromCode("SD1-S1-AAAAAAD").view());
  assert.match(text, /^Stock: 24 cards, 4 deals left; no sequence removed\. Column 1: 0 face-down, then /);
});
