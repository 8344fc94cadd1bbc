// Whether the server can be reached, as the page last found out: the browser's own word
// (navigator.onLine, the online and offline events) and the fate of the page's last request. Play
// of a practice game never waits for it; what needs the server (hints, the solver, Finish, the
// review, daily deals, boards, clubs, transfer) reads it to say plainly that it waits for a network.
import { hookList } from "./hooks.js";
import { state, subscribe, update } from "./state.js";

/** @type {ReturnType<typeof hookList<(online: boolean) => unknown>>} */
const changes = hookList();

/** Whether the page can reach the server, as far as it knows. */
export function online() {
  return state.online;
}

/** `hook(online)` after each change; returns the function that removes it.
 * @param {(online: boolean) => unknown} hook */
export function onConnectionChange(hook) {
  return changes.add(hook);
}

/** What a request found out: `ok` an answer of any status came back, false none did. */
export function reached(/** @type {boolean} */ ok) {
  if (state.online !== ok) update({ online: ok });
}

subscribe((changed) => {
  if (changed.has("online")) changes.call(state.online);
});

// The browser's own word: "offline" is certain; "online" only means a request may now get through.
if (typeof window !== "undefined") {
  window.addEventListener("offline", () => reached(false));
  window.addEventListener("online", () => reached(true));
}
