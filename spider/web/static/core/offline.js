// When the server cannot be reached: one clear message with a "Try again" button, instead of a
// table that silently ignores every click. Trying again first asks the server whether it is
// back, then lets the app load what it missed (onReconnect).
import { api, ApiError } from "./api.js";
import { onConnectionChange, online as reachable, reached } from "./connection.js";
import { $, $button, el } from "./dom.js";
import { hookList } from "./hooks.js";
import { state, subscribe } from "./state.js";
import { t } from "./i18n.js";

const reconnected = hookList();

/** `hook()` runs once the server answers again (app.js reloads the player and the game); each
 * hook is awaited in turn. Returns the function that removes it. */
/** @param {() => unknown} hook */
export function onReconnect(hook) {
  return reconnected.add(hook);
}

function box() {
  let node = $("offline");
  if (!node) {
    node = el("div", { id: "offline", class: "offline", role: "alert" },
      el("p", { id: "offline-text" }),
      el("button", { id: "btn-retry", type: "button", class: "primary", onclick: () => retry() }));
    $("app").prepend(node);
  }
  return node;
}

export function connectionLost(text = t("The server cannot be reached. Check your connection, then try again.")) {
  const node = box();
  $("offline-text").textContent = text;
  $("btn-retry").textContent = t("Try again");
  $button("btn-retry").disabled = false;
  node.hidden = false;
}

export function connectionBack() {
  const node = $("offline");
  if (node) node.hidden = true;
}

async function retry() {
  $button("btn-retry").disabled = true;
  try {
    await api.health();
  } catch (_) {
    connectionLost(t("Still no answer from the server. Try again in a moment."));
    return;
  }
  connectionBack();
  await reconnected.callInTurn();
}

// What needs the server (hints, the solver, Finish, the review, daily deals, clubs, the transfer
// code, the display name, a winnable deal) says so calmly while it cannot be reached: play goes on
// on the device. A control that needs the server is marked data-online (or is the guarded root
// itself); while offline it is aria-disabled, described by a note that says why, and a press
// answers with that note instead of acting. Back online, it works again as it was.

/** Whether a request's `error` is no answer at all (the network or the server is away), not a refusal.
 * @param {unknown} error */
export const unanswered = (error) => !(error instanceof ApiError);

/** The sentence every such note ends with: a practice game goes on on the device; a daily deal's
 * actions are the server's own (its cards never reach the device), so it waits for the connection. */
export const keptHere = () => (state.view && state.view.daily
  ? t("Your daily deal goes on once the connection is back.") : t("Your game goes on and is saved on this device."));

/** `what` (say "Hints need a connection.") and that the game goes on. @param {string} what */
export const needsConnection = (what) => `${what} ${keptHere()}`;

/** Add or take `id` out of the aria-describedby of `node`.
 * @param {Element} node @param {string} id @param {boolean} on */
function describedBy(node, id, on) {
  const ids = (node.getAttribute("aria-describedby") || "").split(/\s+/).filter((x) => x && x !== id);
  if (on) ids.push(id);
  if (ids.length) node.setAttribute("aria-describedby", ids.join(" "));
  else node.removeAttribute("aria-describedby");
}

/** The controls of `root` that need the server: `root` itself when marked, and those in it.
 * @param {Element} root */
function marked(root) {
  const inside = [...root.querySelectorAll("[data-online]")];
  return root.hasAttribute("data-online") ? [root, ...inside] : inside;
}

/**
 * Guard `root`'s controls that need the server. `note` is the id of the element whose text says why
 * (`why()`; filled here while offline, emptied online: a role="status" note is heard as it changes);
 * `say(text)` answers a press made while offline (a note in a dialog already says it: say nothing);
 * `waiting()`: a request of the root's screen found no server (the note says so too).
 * `online` and `onChange` are core/connection.js's unless a test passes its own. Returns apply(), which
 * marks the controls again after the root drew new ones, and stop() (a root that left the page stops
 * on its own at the next change).
 * @param {Element} root
 * @param {{note: string, why: () => string, say?: (text: string) => void, waiting?: () => boolean, online?: () => boolean,
 *   onChange?: (hook: (online: boolean) => unknown) => () => unknown}} how */
export function guardOnline(root, { note, why, say = () => {}, waiting = () => false, online = reachable,
  onChange = onConnectionChange }) {
  let offline = !online();
  let shown = false; // the root has been on the page: once it has left it, the guard ends
  const apply = () => {
    if (root.isConnected) shown = true;
    else if (shown) {
      stop();
      return;
    }
    offline = !online();
    const text = /** @type {HTMLElement | null} */ (root.querySelector(`#${note}`) || root.ownerDocument.getElementById(note));
    const said = offline || waiting() ? why() : "";
    if (text && text.textContent !== said) text.textContent = said;
    if (text) text.hidden = !said; // out of the page while there is nothing to say
    for (const control of marked(root)) {
      if (offline) control.setAttribute("aria-disabled", "true");
      else control.removeAttribute("aria-disabled");
      describedBy(control, note, offline);
    }
  };
  /** @param {Event} event */
  const refuse = (event) => {
    if (!offline) return;
    const target = /** @type {Element} */ (event.target);
    const control = target.closest && target.closest("[data-online]");
    if (!control || !(control === root || root.contains(control))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    say(why());
    probe(); // the player wants it now: ask the server at once whether it is back
  };
  root.addEventListener("click", refuse, true);
  const off = onChange(apply);
  const stop = () => {
    off();
    root.removeEventListener("click", refuse, true);
  };
  apply();
  return { apply, stop };
}

/** Guard a control of the table (a toolbar button, a menu item) that needs the server: its own
 * hidden note, read as its description, says why while it cannot be reached, and a press says it
 * on the table (`say`) instead of acting.
 * @param {HTMLElement} control @param {() => string} what @param {(text: string) => void} say */
export function guardControl(control, what, say) {
  const note = `${control.id}-offline`;
  control.setAttribute("data-online", "");
  control.after(el("span", { id: note, class: "sr-only", hidden: true }));
  return guardOnline(control, { note, why: () => needsConnection(what()), say });
}

/** The table's own note while the server cannot be reached: calm, beside the game's status, and
 * said once as it appears (`say`: the table's live region); gone once the server answers again.
 * @param {(text: string) => void} [say] */
export function showOfflineNote(say = () => {}) {
  const note = el("p", { id: "offline-note", class: "offline-note", hidden: true }); // `say` makes it heard
  $("topbar").append(note);
  const apply = () => {
    let text = "";
    if (!reachable()) {
      text = state.view && state.view.daily
        ? t("Offline: this daily deal goes on once the connection is back. Hints, daily deals and clubs need a connection.")
        : t("Offline: your game goes on and is saved on this device. Hints, daily deals and clubs need a connection.");
    }
    if (note.textContent === text) return;
    note.textContent = text;
    note.hidden = !text;
    if (text) say(text);
  };
  onConnectionChange(apply);
  subscribe((changed) => {
    if (changed.has("view") || changed.has("language")) apply();
  });
  apply();
  return apply;
}

// Whether the server is back, asked now and then while the page thinks it is not (a failed request
// said so, or the browser did): the page learns of its return with no request of the player's.
const PROBE_MS = [2000, 5000, 10000, 30000];
const probing = { timer: /** @type {any} */ (null), tries: 0, busy: false };

async function probe() {
  clearTimeout(probing.timer);
  probing.timer = null;
  if (reachable() || probing.busy) return;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return; // the "online" event will say
  probing.busy = true;
  try {
    await api.health();
    reached(true);
  } catch (_) {
    probing.tries += 1;
  } finally {
    probing.busy = false;
  }
  if (!reachable()) probing.timer = setTimeout(probe, PROBE_MS[Math.min(probing.tries, PROBE_MS.length - 1)]);
}

onConnectionChange((on) => {
  probing.tries = 0;
  if (on) clearTimeout(probing.timer);
  else probing.timer = setTimeout(probe, PROBE_MS[0]);
});
