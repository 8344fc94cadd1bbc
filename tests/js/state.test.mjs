// The state has one owner: it changes through setView/update, and subscribers hear of it; a
// language's texts live there too.
import assert from "node:assert/strict";
import { test } from "node:test";

import { currentLanguage, t, translator } from "../../spider/web/static/core/i18n.js";
import { createStore, setView, state, subscribe, update, updateSettings } from "../../spider/web/static/core/state.js";

test("subscribers hear which keys changed; a new view drops the selection", () => {
  const heard = [];
  const stop = subscribe((changed, s) => heard.push([[...changed].sort(), s.view && s.view.id]));
  update({ selected: { column: 3, count: 2 } });
  setView({ id: "g1" }, { focus: { col: 1, idx: 0 } });
  stop();
  update({ paused: true });
  assert.deepEqual(heard, [[["selected"], null], [["focus", "selected", "view"], "g1"]]);
  assert.equal(state.selected, null);
  assert.equal(state.paused, true);
});

test("writing to the state directly or with an unknown key throws", () => {
  assert.throws(() => {
    state.view = null;
  }, TypeError);
  assert.throws(() => update({ vieww: 1 }), TypeError);
  assert.equal(state.view.id, "g1");
});

test("settings are merged into a new object", () => {
  update({ settings: { sound: true, profile: "standard" } });
  const before = state.settings;
  updateSettings({ profile: "timed" });
  assert.deepEqual(state.settings, { sound: true, profile: "timed" });
  assert.notEqual(state.settings, before);
});

test("a store made by createStore() is its own: the page's store does not hear of it", () => {
  const mine = createStore({ language: "fi" });
  const heard = [];
  const stop = subscribe((changed) => heard.push([...changed]));
  mine.update({ paused: true });
  stop();
  assert.deepEqual(heard, []);
  assert.equal(mine.state.paused, true);
  assert.equal(mine.state.language, "fi");
  assert.equal(mine.state.clock.since, null);
  assert.throws(() => mine.update({ nothing: 1 }), TypeError);
});

test("a language's texts: its messages, their plural forms by the language's rule, English else", () => {
  const ru = translator({ lang: "ru", messages: { Hint: "Подсказка", "{n} move": ["{n} ход", "{n} хода", "{n} ходов"] } });
  assert.equal(ru.t("Hint"), "Подсказка");
  assert.equal(ru.t("Undo"), "Undo");
  assert.deepEqual([1, 3, 5, 21].map((n) => ru.tn("{n} move", "{n} moves", n)), ["1 ход", "3 хода", "5 ходов", "21 ход"]);
  const english = translator({});
  assert.equal(english.tn("{n} move", "{n} moves", 2), "2 moves");
  assert.equal(english.lang, "en");
});

test("t() speaks the store's language once loaded, English before", () => {
  update({ texts: null });
  assert.equal(t("Hint"), "Hint");
  assert.equal(currentLanguage(), "en");
  update({ texts: translator({ lang: "sk", messages: { Hint: "Rada" } }) });
  assert.equal(t("Hint"), "Rada");
  assert.equal(currentLanguage(), "sk");
  update({ texts: null });
});
