// What this browser last measured of the page's layout (the toolbar's fit, the cards' sizes), kept
// in localStorage by what it was measured for. Each measure lays out the whole page, most of a slow
// phone's time before its first card; a return visit in the same window draws its first table from
// what was kept and measures once the table is on screen (render.js), drawing again if it differs.
// The entries, once read, are the store's (state.keptLayout), and so is whether one was handed out
// since takenKept() last asked (state.keptTaken).
import { state, update } from "../core/state.js";

const STORE = "spider.layout";
const MOST = 8; // entries of each part: a few windows (a phone turned, a laptop's two screens)

function read() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch (_) {
    return {}; // storage blocked or a damaged entry: measure, as on a first visit
  }
}

/** The entries kept of every part, read on first use. */
function kept() {
  if (!state.keptLayout) update({ keptLayout: read() });
  return /** @type {Record<string, any>} */ (state.keptLayout);
}

/** The entries kept of `part`, newest first: [key, value] each.
 * @param {string} part @returns {[string, any][]} */
function entriesOf(part) {
  const all = kept();
  /** @type {unknown[]} */
  const entries = Array.isArray(all[part]) ? all[part] : [];
  return /** @type {[string, any][]} */ (entries.filter((entry) => Array.isArray(entry)));
}

/** What was kept of `part` for `key` (a string naming what the value depends on), or undefined.
 * @param {string} part @param {string} key */
export function keptFor(part, key) {
  const found = entriesOf(part).find((entry) => entry[0] === key);
  if (found && !state.keptTaken) update({ keptTaken: true });
  return found ? found[1] : undefined;
}

/** Whether a kept value was handed out since the last call (it is then to be checked). */
export function takenKept() {
  const was = state.keptTaken;
  if (was) update({ keptTaken: false });
  return was;
}

/** Keep `value` of `part` for `key`, newest first; the storage is written only when that changes
 * (each full render measures, and most measure what is kept already).
 * @param {string} part @param {string} key @param {unknown} value */
export function keep(part, key, value) {
  const entries = entriesOf(part);
  if (entries.length && entries[0][0] === key && JSON.stringify(entries[0][1]) === JSON.stringify(value)) return;
  const now = { ...kept(), [part]: [[key, value], ...entries.filter((entry) => entry[0] !== key)].slice(0, MOST) };
  update({ keptLayout: now });
  try {
    localStorage.setItem(STORE, JSON.stringify(now));
  } catch (_) {
    // a full or blocked storage only costs the next visit a measure
  }
}
