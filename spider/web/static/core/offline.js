// When the server cannot be reached: one clear message with a "Try again" button, instead of a
// table that silently ignores every click. Trying again first asks the server whether it is
// back, then lets the app load what it missed (onReconnect).
import { api } from "./api.js";
import { $, $button, el } from "./dom.js";
import { hookList } from "./hooks.js";
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
