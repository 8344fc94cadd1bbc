// The browser engine behind a pipe, for the differential test (tests/conformance/test_differential.py):
// one JSON request a line on standard input, one JSON answer a line on standard output.
//   {"op": "new", "start": {"code", "profile"} | {"level", "deck", "profile"} | {"record"}}
//   {"op": "apply", "action": "3>7" | {"best": {...}} | {"clock": s}, "t"?: seconds}
//   {"op": "view"} answers {"v": view}, {"op": "record"} {"record": the game's record}
//   {"op": "catalog", "catalog": {"lang", "messages"}} (as GET /api/i18n/{lang}) answers {}
//   {"op": "describe", "lang": "ru", "view": {...}} answers {"text"}: the view described in that language
// A new game or an action answers {"ev"?: events, "v": view} or {"err": {reason, params, message}}
// (views with the English description).
import { createInterface } from "node:readline";

import { translator } from "../../spider/web/static/core/i18n.js";
import { EngineError, describe } from "../../spider/web/static/engine/index.js";
import { applyAction, startGame, viewOf } from "./conformance-lib.mjs";

let game = null;
const translators = new Map();

/** @returns {object} the answer to one request */
function answer(request) {
  try {
    if (request.op === "catalog") {
      translators.set(request.catalog.lang, translator(request.catalog));
      return {};
    }
    if (request.op === "describe") return { text: describe(request.view, translators.get(request.lang)) };
    if (request.op === "view") return { v: viewOf(game) };
    if (request.op === "record") return { record: game.record() };
    if (request.op === "new") {
      game = startGame(request.start);
      return { v: viewOf(game) };
    }
    const events = applyAction(game, request.action, request.t ?? undefined);
    return events === null ? { v: viewOf(game) } : { ev: events, v: viewOf(game) };
  } catch (e) {
    if (!(e instanceof EngineError)) return { crash: String(e && e.stack ? e.stack : e) };
    return { err: { reason: e.reason, params: e.params, message: e.message } };
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line) process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + "\n");
}
