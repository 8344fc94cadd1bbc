// The game clock: runs while a game is being played in a visible page with nothing covering the
// table (no dialog, no open menu) and no pause; saved to the server on pause and when the page hides.
import { api, relative } from "../core/api.js";
import { $ } from "../core/dom.js";
import { formatTime, tenths } from "../core/format.js";
import { state } from "../core/state.js";

let base = 0; // seconds counted before `since`
let since = null; // performance.now() when the clock last started, or null when stopped

export function elapsed() {
  const running = since === null ? 0 : (performance.now() - since) / 1000;
  return base + running;
}

function shouldRun() {
  const v = state.view;
  return Boolean(v) && v.status === "active" && !v.won && !state.paused && document.visibilityState === "visible"
    && !document.querySelector("dialog[open]") && $("menu").hidden;
}

/** Start or stop the clock to match the page; call after anything that may change it. */
export function syncClock() {
  const run = shouldRun();
  if (run && since === null) since = performance.now();
  if (!run && since !== null) {
    base = elapsed();
    since = null;
    tickClock(); // show the time it stopped at, not the last second's tick
  }
}

// Any dialog (the solver's too, which opens itself) stops and restarts the clock as it opens and closes.
new MutationObserver(() => syncClock()).observe(document.body, { subtree: true, attributeFilter: ["open"] });

export function setClock(seconds) {
  base = Number(seconds) || 0;
  since = null;
  syncClock();
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
}
