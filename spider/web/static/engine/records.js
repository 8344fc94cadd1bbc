// Game records (spider/engine/records.py, docs/FORMATS.md "Game records"): a code or a deck plus
// the actions played, and optionally the seconds of play at each action.
import { EngineError, pyRepr } from "./errors.js";
import { parseCode } from "./codes.js";
import { variant } from "./variants.js";

/** @typedef {import("./variants.js").Variant} Variant */
/**
 * A record's fields as far as readRecord checks them; Game.fromRecord checks the rest in order.
 * @typedef {{code: unknown, deck: unknown, variant: Variant | null, profile: unknown, actions: unknown, times: unknown}} RecordStart
 */

const KNOWN = ["game", "suits", "rules", "code", "deck", "actions", "profile", "times"];

/** @param {Record<string, unknown>} data @param {string} key @param {unknown} fallback dict.get */
const get = (data, key, fallback) => (data[key] !== undefined && Object.prototype.hasOwnProperty.call(data, key) ? data[key] : fallback);

/**
 * Read a record (an object, or its JSON text) and check its shape and level.
 * @param {unknown} data
 * @returns {RecordStart}
 */
export function readRecord(data) {
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch (e) {
      throw new EngineError("bad_record", "The record is not valid JSON: {error}", { error: String(e) });
    }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new EngineError("bad_record", "A record must be a JSON object");
  }
  const record = /** @type {Record<string, unknown>} */ (data);
  const unknown = Object.keys(record).filter((k) => !KNOWN.includes(k)).sort();
  if (unknown.length) {
    throw new EngineError("bad_record", "Unknown field(s) in the record: {fields}", { fields: unknown.map(pyRepr).join(", ") });
  }
  const code = get(record, "code", null);
  const deck = get(record, "deck", null);
  if ((code === null) === (deck === null)) {
    throw new EngineError("bad_record", "A record needs exactly one of 'code' and 'deck'");
  }
  /** @type {Variant | null} */
  let v = null;
  if (deck !== null) {
    v = variant(get(record, "game", "spider"), get(record, "suits", 1), get(record, "rules", "classic"));
  } else if (["game", "suits", "rules"].some((key) => key in record)) {
    // a code names its variant; fields that are given must agree with it, missing ones follow it
    const named = parseCode(code).variant;
    v = variant(get(record, "game", named.game), get(record, "suits", named.suits), get(record, "rules", named.rules));
  }
  return {
    code, deck, variant: v, profile: get(record, "profile", "standard"), actions: get(record, "actions", []),
    times: get(record, "times", null),
  };
}

/**
 * The actions and their times (null when the record has none), checked as lists.
 * @param {RecordStart} start
 * @returns {{actions: unknown[], times: number[] | null}}
 */
export function played(start) {
  const { actions, times } = start;
  if (!Array.isArray(actions)) throw new EngineError("bad_record", "'actions' must be a list");
  if (times !== null && (!Array.isArray(times) || times.length !== actions.length || !times.every(isSeconds))) {
    throw new EngineError("bad_record", "'times' must be a list of seconds, one per action");
  }
  return { actions, times: /** @type {number[] | null} */ (times) };
}

/** A finite, non-negative number of seconds (not a boolean). @param {unknown} t */
const isSeconds = (t) => typeof t === "number" && Number.isFinite(t) && t >= 0;
