// The view of a practice game the page plays itself (play/local-view.js): the browser engine's view
// with the fields the server adds, made from the device's copy, and the page's translations handed
// to the engine's describe() as gettext's four calls (core/i18n.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { translator } from "../../spider/web/static/core/i18n.js";
import { describe, ENGLISH, Game } from "../../spider/web/static/engine/index.js";
import { levelOf, localView } from "../../spider/web/static/play/local-view.js";

const CODE = "SP1-S2C-AAAAAAD";

function kept(extra = {}) {
  return { id: "abcdefghijklmnop", code: CODE, level: "spider-2-classic", profile: "standard", started: 1,
    actions: [], times: [], synced: 0, created: false, status: "active", grade: "easy", ...extra };
}

test("a new deal's view: the engine's, with the server's fields made on the page", () => {
  const game = Game.fromCode(CODE);
  const view = localView(game, kept(), 0, describe, ENGLISH);
  const engine = game.view();
  for (const key of Object.keys(engine)) assert.deepEqual(view[key], engine[key], key);
  assert.equal(view.id, "abcdefghijklmnop");
  assert.equal(view.version, 0);
  assert.equal(view.status, "active");
  assert.equal(view.elapsed, 0);
  assert.equal(view.assisted, false);
  assert.equal(view.perfect, true);
  assert.equal(view.grade, "easy");
  assert.equal(view.code, CODE);
  assert.equal(view.description, describe(engine, ENGLISH));
  assert.match(view.description, /Stock: 50 cards/);
  assert.equal(levelOf(view), "spider-2-classic");
});

test("the version counts the actions; an undo makes a win imperfect, as on the server", () => {
  const game = Game.fromCode(CODE);
  game.apply("deal", 3);
  assert.equal(localView(game, kept(), 3, describe, ENGLISH).version, 1);
  assert.equal(localView(game, kept(), 3, describe, ENGLISH).perfect, true);
  game.apply("undo", 4);
  const view = localView(game, kept(), 4, describe, ENGLISH);
  assert.equal(view.version, 2);
  assert.equal(view.perfect, false);
  assert.equal(view.elapsed, 4);
  assert.equal(localView(Game.fromCode(CODE), kept({ helped: true }), 0, describe, ENGLISH).perfect, false);
  const assisted = localView(Game.fromCode(CODE), kept({ assisted: true, grade: null }), 0, describe, ENGLISH);
  assert.deepEqual([assisted.assisted, assisted.perfect, assisted.grade], [true, false, null]);
});

test("the page's translations reach describe() as gettext's calls, placeholders left to it", () => {
  const texts = translator({ lang: "ru", messages: {
    "Stock: {n} card": ["Запас: {n} карта", "Запас: {n} карты", "Запас: {n} карт"],
    "later column\x04Column {column}: empty": "столбец {column}: пуст",
    "Moves": "Ходы",
  } });
  assert.equal(texts.ngettext("Stock: {n} card", "Stock: {n} cards", 50), "Запас: {n} карт");
  assert.equal(texts.ngettext("Stock: {n} card", "Stock: {n} cards", 2), "Запас: {n} карты");
  assert.equal(texts.ngettext("Unknown {n}", "Unknowns {n}", 2), "Unknowns {n}");
  assert.equal(texts.pgettext("later column", "Column {column}: empty"), "столбец {column}: пуст");
  assert.equal(texts.gettext("Moves"), "Ходы");
  assert.equal(texts.npgettext("ctx", "one {n}", "many {n}", 1), "one {n}");
  const view = localView(Game.fromCode(CODE), kept(), 0, describe, texts);
  assert.match(view.description, /Запас: 50 карт/);
});
