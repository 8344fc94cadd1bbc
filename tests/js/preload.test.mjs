// index.html preloads exactly the modules that main.js imports, directly or not (so the first
// load fetches them at once, and a moved module cannot be left behind in the list), and every
// module of the front end is reached from main.js, at page load or by a dynamic import().
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const STATIC = fileURLToPath(new URL("../../spider/web/static/", import.meta.url));
// an import, or a module's re-export of another (engine/index.js)
const STATIC_IMPORT = /^(?:import|export)\s+(?:[^"';]*?\s+from\s+)?"([^"]+)";/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

const source = (file) => readFileSync(join(STATIC, file), "utf8");
const target = (file, spec) => relative(STATIC, resolve(STATIC, dirname(file), spec));

/** The modules reached from `entry` (itself left out); dynamic imports only when `dynamic`. */
function reached(entry, dynamic) {
  const seen = new Set();
  const visit = (file) => {
    const text = source(file);
    const specs = [...text.matchAll(STATIC_IMPORT)].map((m) => m[1]);
    if (dynamic) specs.push(...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));
    for (const spec of specs) {
      const next = target(file, spec);
      if (!seen.has(next)) {
        seen.add(next);
        visit(next);
      }
    }
  };
  visit(entry);
  return seen;
}

function preloaded() {
  const html = source("index.html");
  return [...html.matchAll(/<link rel="modulepreload" href="static\/([^"]+)">/g)].map((m) => m[1]);
}

// every module of the page: not the service worker (sw.js, a script of its own) nor the built bundle
function allModules(folder = "") {
  return readdirSync(join(STATIC, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (path === "dist" || path === "sw.js") return [];
    if (entry.isDirectory()) return allModules(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

test("index.html preloads every module main.js imports, and nothing else", () => {
  const list = preloaded();
  assert.equal(new Set(list).size, list.length, "a module is preloaded twice");
  assert.deepEqual(new Set(list), reached("main.js", false));
});

test("the page loads main.js, and every module is reached from it", () => {
  assert.match(source("index.html"), /<script type="module" src="static\/main\.js"><\/script>/);
  const loaded = reached("main.js", true);
  loaded.add("main.js");
  assert.deepEqual(allModules().filter((file) => !loaded.has(file)), []);
});

test("the history screen's modules are not preloaded: they load when it first opens", () => {
  const list = new Set(preloaded());
  assert.ok(!list.has("history/screen.js"));
  assert.ok(reached("main.js", true).has("history/screen.js"));
});
