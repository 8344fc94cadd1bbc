// The hooks that let a lower folder reach a higher one keep every subscriber, each with its own
// unsubscribe (core/hooks.js), and a screen's model tells its subscribers of each change
// (core/model.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { hookList } from "../../spider/web/static/core/hooks.js";
import { message, Model } from "../../spider/web/static/core/model.js";
import { deferred, settle } from "./fakes.mjs";

test("subscribing twice keeps both, in order; each unsubscribe removes only its own", () => {
  const hooks = hookList();
  const heard = [];
  const first = (x) => heard.push(["first", x]);
  const offFirst = hooks.add(first);
  const offSecond = hooks.add((x) => heard.push(["second", x]));
  const offAgain = hooks.add(first); // the same function again: a second subscription
  assert.deepEqual(hooks.call(1), [1, 2, 3]);
  assert.deepEqual(heard, [["first", 1], ["second", 1], ["first", 1]]);
  offFirst();
  offFirst(); // twice: nothing more goes
  heard.length = 0;
  hooks.call(2);
  assert.deepEqual(heard, [["second", 2], ["first", 2]]);
  offSecond();
  offAgain();
  assert.equal(hooks.size, 0);
  assert.deepEqual(hooks.call(3), []);
});

test("a subscriber that throws does not keep the others from hearing; its error comes after", () => {
  const hooks = hookList();
  const heard = [];
  hooks.add(() => {
    throw new Error("first");
  });
  hooks.add(() => heard.push("second"));
  hooks.add(() => {
    throw new Error("third");
  });
  assert.throws(() => hooks.call(), /first/);
  assert.deepEqual(heard, ["second"]);
});

test("callInTurn waits for each subscriber before the next, and an unsubscribe during a call holds", async () => {
  const hooks = hookList();
  const heard = [];
  const slow = deferred();
  hooks.add(async () => {
    heard.push("first starts");
    await slow.promise;
    heard.push("first ends");
    return "a";
  });
  let offLast = null;
  hooks.add(() => {
    heard.push("second");
    offLast();
    return "b";
  });
  offLast = hooks.add(() => {
    heard.push("third");
    return "c";
  });
  const done = hooks.callInTurn();
  await settle();
  assert.deepEqual(heard, ["first starts"]);
  slow.resolve();
  assert.deepEqual(await done, ["a", "b", "c"]); // the third was called: it was there when the call began
  assert.deepEqual(heard, ["first starts", "first ends", "second", "third"]);
  assert.equal(hooks.list().length, 2);
});

test("a model's change reaches its subscribers with the state before; events are apart", () => {
  const model = new Model({ a: 1, b: "x" });
  const changes = [];
  const events = [];
  const off = model.subscribe((now, before) => changes.push([before.a, now.a, now.b]));
  model.on((event) => events.push(event));
  model.set({ a: 2 });
  assert.equal(model.state.a, 2);
  assert.throws(() => {
    model.state.a = 3;
  }, TypeError); // frozen: only set() changes it
  model.emit({ say: "hello" });
  off();
  model.set({ a: 4 });
  assert.deepEqual(changes, [[1, 2, "x"]]);
  assert.deepEqual(events, [{ say: "hello" }]);
  assert.notEqual(message("same"), message("same")); // said twice, written twice
});
