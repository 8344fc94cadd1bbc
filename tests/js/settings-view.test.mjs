// The settings dialog made alone (settings/dialog.js settingsDialog()), drawn into a dialog of a
// linkedom page with a store of its own, a stand-in for the server and a recorder of the changes
// saved: what it shows of the player's settings, and what a change saves.
import "./dom.mjs";

import assert from "node:assert/strict";
import { test } from "node:test";

import { createStore } from "../../spider/web/static/core/state.js";
import { settingsDialog } from "../../spider/web/static/settings/dialog.js";
import { newDialog, texts } from "./dom.mjs";
import { settle } from "./fakes.mjs";

const CATALOG = {
  profiles: [{ id: "standard", name: "Standard", label: "Points for each move" }, { id: "timed", name: "Timed", label: "Against the clock" }],
  card_backs: [{ id: "blue", name: "Blue" }, { id: "red", name: "Red" }],
  tables: [{ id: "green", name: "Green" }],
  languages: [{ code: "en", name: "English" }, { code: "fi", name: "Suomi" }],
  default_settings: { profile: "standard" },
};

function opened(settings) {
  const store = createStore({ catalog: CATALOG, settings });
  const saved = [];
  const api = { player: async () => ({ name: { display: "Player 1234", chosen: false } }) };
  const dialog = newDialog();
  settingsDialog({ dialog, store, api, save: async (change) => saved.push(change) }).open();
  return { dialog, saved };
}

test("the dialog shows the player's settings, their looks, scoring profile and language", async () => {
  const { dialog } = opened({ sound: false, placement_help: true, profile: "timed", card_back: "red", table: "green", lang: "fi",
    single_tap: false });
  await settle();
  assert.equal(dialog.open, true);
  assert.equal(dialog.querySelector("h2").textContent, "Settings");
  assert.equal(dialog.querySelector("#set-sound").checked, false);
  assert.equal(dialog.querySelector("#set-placement_help").checked, true);
  assert.equal(dialog.querySelector("#set-single_tap").checked, false);
  assert.equal(dialog.querySelector("#set-card_back-red").checked, true);
  assert.equal(dialog.querySelector("#set-card_back-blue").checked, false);
  assert.equal(dialog.querySelector("#set-profile").value, "timed");
  assert.equal(dialog.querySelector("#set-profile-details").textContent, "Against the clock");
  assert.equal(dialog.querySelector("#set-lang").value, "fi");
  assert.deepEqual(texts(dialog, "#set-lang option"), ["English", "Suomi"]);
  assert.equal(dialog.querySelector("#set-name").placeholder, "Player 1234"); // from the stand-in's player
});

test("a change is saved as it is made: a checkbox's state, a look's choice", async () => {
  const { dialog, saved } = opened({ sound: true, profile: "standard" });
  const sound = dialog.querySelector("#set-sound");
  sound.checked = false;
  sound.dispatchEvent(new globalThis.window.Event("change", { bubbles: true }));
  const back = dialog.querySelector("#set-card_back-blue");
  back.checked = true;
  back.dispatchEvent(new globalThis.window.Event("change", { bubbles: true }));
  await settle();
  assert.deepEqual(saved, [{ sound: false }, { card_back: "blue" }]);
});
