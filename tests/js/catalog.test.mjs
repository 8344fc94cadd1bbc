// Which rules a level offers and what it is called come from the catalog, not from the code.
import assert from "node:assert/strict";
import { test } from "node:test";

import { levelFor, levelName, rulesOffered } from "../../spider/web/static/core/catalog.js";

const level = (game, suits, rules) => ({ key: `${game}-${suits}-${rules}`, game, suits, rules, name: `${game} ${suits} ${rules}` });
const CATALOG = {
  levels: [level("spider", 1, "classic"), level("spider", 2, "classic"), level("spider", 2, "relaxed"),
    level("spiderette", 4, "classic")],
};

test("the rules offered are the catalog's levels for that game and suit count", () => {
  assert.deepEqual(rulesOffered(CATALOG, "spider", 2), ["classic", "relaxed"]);
  assert.deepEqual(rulesOffered(CATALOG, "spider", "2"), ["classic", "relaxed"]); // a form's value
  assert.deepEqual(rulesOffered(CATALOG, "spider", 1), ["classic"]);
  assert.deepEqual(rulesOffered(CATALOG, "spiderette", 2), []);
});

test("a choice plays its rules where offered, else the level's first rules", () => {
  assert.equal(levelFor(CATALOG, "spider", 2, "relaxed").key, "spider-2-relaxed");
  assert.equal(levelFor(CATALOG, "spider", 1, "relaxed").key, "spider-1-classic");
  assert.equal(levelFor(CATALOG, "spider", 1, null).key, "spider-1-classic");
  assert.equal(levelFor(CATALOG, "spiderette", 2, "classic"), null);
});

test("names come from the catalog; unknown ones are empty", () => {
  assert.equal(levelName(CATALOG, "spiderette", 4, "classic"), "spiderette 4 classic");
  assert.equal(levelName(CATALOG, "spiderette", 2, "classic"), "");
  assert.equal(levelName(null, "spider", 1, "classic"), "");
});
