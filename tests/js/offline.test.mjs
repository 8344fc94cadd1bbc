// "Try again" after the server was lost: once it answers, every onReconnect hook runs, in turn,
// and one that unsubscribed does not (core/offline.js, driven through its button on a tiny
// stand-in for the page).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { connectionLost, onReconnect } from "../../spider/web/static/core/offline.js";
import { deferred, settle } from "./fakes.mjs";

/** Just enough of an element for core/dom.js's el() and core/offline.js. */
class FakeElement {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.children = [];
    this.listeners = [];
    this.textContent = "";
    this.hidden = false;
    this.disabled = false;
  }

  setAttribute(name, value) {
    if (name === "id") this.id = value;
  }

  addEventListener(type, fn) {
    if (type === "click") this.listeners.push(fn);
  }

  append(...nodes) {
    this.children.push(...nodes);
  }

  prepend(...nodes) {
    this.children.unshift(...nodes);
  }

  click() {
    for (const fn of this.listeners) fn({ target: this });
  }

  find(id) {
    if (this.id === id) return this;
    for (const child of this.children) {
      const found = child instanceof FakeElement ? child.find(id) : null;
      if (found) return found;
    }
    return null;
  }
}

const page = new FakeElement("div");
page.id = "app";
globalThis.document = { createElement: (tag) => new FakeElement(tag), getElementById: (id) => page.find(id) };
const realFetch = globalThis.fetch;
const asked = [];

/** The server answers /api/health with `status`. */
function serverAnswers(status) {
  globalThis.fetch = async (url) => {
    asked.push(url);
    return { status, ok: status < 400, json: async () => ({}) };
  };
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

test("once the server answers again, every reconnect hook runs in turn; an unsubscribed one does not", async () => {
  const heard = [];
  const slow = deferred();
  onReconnect(async () => {
    heard.push("app starts");
    await slow.promise;
    heard.push("app ends");
  });
  const off = onReconnect(() => heard.push("gone"));
  onReconnect(() => heard.push("add-on"));
  off();

  connectionLost();
  const box = page.find("offline");
  assert.equal(box.hidden, false);
  serverAnswers(503);
  page.find("btn-retry").click();
  await settle();
  assert.deepEqual(heard, []); // no answer yet: nothing reloads
  assert.equal(page.find("offline-text").textContent, "Still no answer from the server. Try again in a moment.");
  assert.equal(page.find("btn-retry").disabled, false);

  serverAnswers(200);
  page.find("btn-retry").click();
  await settle();
  assert.equal(box.hidden, true);
  assert.deepEqual(heard, ["app starts"]); // the next waits for it
  slow.resolve();
  await settle();
  assert.deepEqual(heard, ["app starts", "app ends", "add-on"]);
  assert.deepEqual(asked, ["api/health", "api/health"]);
});
