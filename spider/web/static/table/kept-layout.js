// What this browser last measured of the page's layout (the toolbar's fit, the cards' sizes), kept
// in localStorage by what it was measured for. Each measure lays out the whole page, most of a slow
// phone's time before its first card; a return visit in the same window draws its first table from
// what was kept and measures once the table is on screen (render.js), drawing again if it differs.

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

let kept = null; // read on first use
let taken = false; // whether a kept value was handed out since takenKept() last asked

/** What was kept of `part` for `key` (a string naming what the value depends on), or undefined. */
export function keptFor(part, key) {
  kept = kept || read();
  const entries = Array.isArray(kept[part]) ? kept[part] : [];
  const found = entries.find((entry) => Array.isArray(entry) && entry[0] === key);
  if (found) taken = true;
  return found ? found[1] : undefined;
}

/** Whether a kept value was handed out since the last call (it is then to be checked). */
export function takenKept() {
  const was = taken;
  taken = false;
  return was;
}

/** Keep `value` of `part` for `key`, newest first. */
export function keep(part, key, value) {
  kept = kept || read();
  const others = (Array.isArray(kept[part]) ? kept[part] : []).filter((entry) => Array.isArray(entry) && entry[0] !== key);
  kept = { ...kept, [part]: [[key, value], ...others].slice(0, MOST) };
  try {
    localStorage.setItem(STORE, JSON.stringify(kept));
  } catch (_) {
    // a full or blocked storage only costs the next visit a measure
  }
}
