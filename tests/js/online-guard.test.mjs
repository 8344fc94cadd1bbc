// What needs the server while it cannot be reached (core/offline.js guardOnline): its controls are
// aria-disabled and described by a note that says why, a press is answered with that note instead
// of acting, and back online everything works again; a guard whose part of the page has gone stops.
import "./dom.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { el } from "../../spider/web/static/core/dom.js";
import { guardOnline, needsConnection } from "../../spider/web/static/core/offline.js";
import { hookList } from "../../spider/web/static/core/hooks.js";
import { update } from "../../spider/web/static/core/state.js";

/** A connection a test switches: online(), onChange(hook), set(on). */
function connection(on = true) {
  const hooks = hookList();
  const self = { on, online: () => self.on, onChange: (hook) => hooks.add(hook), set(value) {
    self.on = value;
    hooks.call(value);
  }, hooks };
  return self;
}

function part() {
  const pressed = [];
  const play = el("button", { type: "button", "data-online": true, "aria-describedby": "own-help", onclick: () => pressed.push("play") }, "Play");
  const close = el("button", { type: "button", onclick: () => pressed.push("close") }, "Close");
  const root = el("div", {}, el("p", { id: "part-offline", role: "status" }), play, close);
  globalThis.document.body.append(root);
  return { root, play, close, pressed, note: () => root.querySelector("#part-offline").textContent };
}

test("offline, a control that needs the server says why and does nothing; online again, it works", () => {
  const net = connection(true);
  const { root, play, close, pressed, note } = part();
  const said = [];
  const why = () => needsConnection("Daily deals need a connection.");
  guardOnline(root, { note: "part-offline", why, say: (text) => said.push(text), online: net.online, onChange: net.onChange });
  assert.equal(note(), "");
  assert.equal(play.getAttribute("aria-disabled"), null);
  play.click();
  assert.deepEqual(pressed, ["play"]);

  net.set(false);
  assert.equal(note(), "Daily deals need a connection. Your game goes on and is saved on this device.");
  assert.equal(play.getAttribute("aria-disabled"), "true");
  assert.equal(play.getAttribute("aria-describedby"), "own-help part-offline"); // its own description stays
  assert.equal(close.getAttribute("aria-disabled"), null); // closing needs no server
  play.click();
  close.click();
  assert.deepEqual(pressed, ["play", "close"]); // the press on Play was answered, not played
  assert.deepEqual(said, [why()]);

  net.set(true);
  assert.equal(note(), "");
  assert.equal(play.getAttribute("aria-disabled"), null);
  assert.equal(play.getAttribute("aria-describedby"), "own-help");
  play.click();
  assert.deepEqual(pressed, ["play", "close", "play"]);
  root.remove();
});

test("a screen's request that found no server shows the note too, and controls drawn later are guarded", () => {
  const net = connection(true);
  const { root, pressed, note } = part();
  let waiting = false;
  const guard = guardOnline(root, { note: "part-offline", why: () => "Clubs need a connection.", waiting: () => waiting,
    online: net.online, onChange: net.onChange });
  waiting = true;
  guard.apply();
  assert.equal(note(), "Clubs need a connection.");
  net.set(false);
  const later = el("button", { type: "button", "data-online": true, onclick: () => pressed.push("later") }, "Later");
  root.append(later);
  guard.apply();
  assert.equal(later.getAttribute("aria-disabled"), "true");
  later.click();
  assert.deepEqual(pressed, []);
  root.remove();
});

test("a guarded control of its own is its root; a guard whose part left the page stops listening", () => {
  const net = connection(false);
  const hint = el("button", { id: "btn-x", type: "button", "data-online": true, onclick: () => {
    throw new Error("played with no server");
  } }, "Hint");
  const note = el("span", { id: "btn-x-offline", hidden: true });
  globalThis.document.body.append(hint, note);
  const said = [];
  guardOnline(hint, { note: "btn-x-offline", why: () => "Hints need a connection.", say: (text) => said.push(text),
    online: net.online, onChange: net.onChange });
  assert.equal(hint.getAttribute("aria-disabled"), "true");
  assert.equal(note.textContent, "Hints need a connection.");
  hint.click();
  assert.deepEqual(said, ["Hints need a connection."]);
  assert.equal(net.hooks.size, 1);
  hint.remove();
  net.set(true);
  assert.equal(net.hooks.size, 0);
});

test("with a daily deal on the table, the notes say it waits for the connection: its cards are the server's", () => {
  update({ view: /** @type {any} */ ({ id: "g1", daily: { date: "2026-12-07", level: "spider-1-classic" } }) });
  assert.equal(needsConnection("Hints need a connection."),
    "Hints need a connection. Your daily deal goes on once the connection is back.");
  update({ view: /** @type {any} */ ({ id: "g2", daily: null }) });
  assert.equal(needsConnection("Hints need a connection."),
    "Hints need a connection. Your game goes on and is saved on this device.");
  update({ view: null });
});
