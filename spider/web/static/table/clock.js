// The game clock: runs from the first action while a game is being played in a visible page with nothing covering the
// table (no dialog, no open menu) and no pause; saved to the server on pause and when the page hides.
// This browser also keeps the game's time as it counts (localStorage), so a save that never landed
// (a page killed before its last request, a reload racing it, a lost connection) cannot set it back.
import { api, relative } from "../core/api.js";
import { $ } from "../core/dom.js";
import { formatTime, tenths } from "../core/format.js";
import { state, update } from "../core/state.js";
/** @import { GameView } from "../api" */

const CLOCK_KEY = "spider.clock"; // {id, elapsed} of the game this browser last counted time for

// The clock's base (seconds counted before `since`) and `since` (performance.now() when it last
// started, or null when stopped) are the store's (state.clock).

export function elapsed() {
  const { base, since } = state.clock;
  const running = since === null ? 0 : (performance.now() - since) / 1000;
  return base + running;
}

function shouldRun() {
  const v = state.view;
  // the clock starts at the first action (docs/RULES.md): a deal left open is not timed
  return Boolean(v && v.status === "active" && !v.won && v.version > 0 && !state.paused && document.visibilityState === "visible"
    && !document.querySelector("dialog[open]") && $("menu").hidden);
}

/** Start or stop the clock to match the page; call after anything that may change it. */
export function syncClock() {
  const run = shouldRun();
  const { since } = state.clock;
  if (run && since === null) update({ clock: { base: state.clock.base, since: performance.now() } });
  if (!run && since !== null) {
    update({ clock: { base: elapsed(), since: null } });
    tickClock(); // show the time it stopped at, not the last second's tick
    remember();
  }
}

// Any dialog (the solver's too, which opens itself) stops and restarts the clock as it opens and closes.
new MutationObserver(() => syncClock()).observe(document.body, { subtree: true, attributeFilter: ["open"] });

/** @param {number | null | undefined} seconds */
export function setClock(seconds) {
  update({ clock: { base: Number(seconds) || 0, since: null } });
  syncClock();
}

function remember() {
  const v = state.view;
  if (!v || v.status !== "active") return;
  try {
    localStorage.setItem(CLOCK_KEY, JSON.stringify({ id: v.id, elapsed: elapsed() }));
  } catch (_) {
    // no storage: the server's copy is all there is
  }
}

/** @param {string} id */
function remembered(id) {
  try {
    const kept = JSON.parse(localStorage.getItem(CLOCK_KEY) || "null");
    return kept && kept.id === id ? Number(kept.elapsed) || 0 : 0;
  } catch (_) {
    return 0;
  }
}

/** Set the clock from a view the server sent, never back from the time this browser counted for
 * the same game; the server is told when it was behind. Returns the seconds set.
 * @param {GameView} view */
export function clockFromView(view) {
  const server = Number(view.elapsed) || 0;
  const seconds = Math.max(server, remembered(view.id));
  setClock(seconds);
  if (seconds > server + 0.05 && view.status === "active") api.clock(view.id, tenths(seconds)).catch(() => {});
  return seconds;
}

/** Send the clock to the server; `keepalive` lets the request outlive a closing page. */
export function saveClock(keepalive = false) {
  const v = state.view;
  if (!v || v.status !== "active") return;
  const seconds = tenths(elapsed());
  if (keepalive) {
    fetch(relative(`/api/games/${encodeURIComponent(v.id)}/clock`), {
      method: "POST", keepalive: true, credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ elapsed: seconds }),
    }).catch(() => {});
  } else {
    api.clock(v.id, seconds).catch(() => {});
  }
}

export function tickClock() {
  const time = document.querySelector("#status .time b");
  if (time) time.textContent = formatTime(elapsed());
  if (state.clock.since !== null) remember();
}
