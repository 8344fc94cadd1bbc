// The state has one owner: it changes through setView/update, and subscribers hear of it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { setView, state, subscribe, update, updateSettings } from "../../spider/web/static/core/state.js";

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
