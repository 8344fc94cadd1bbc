// The demo: plays hint after hint until the game is won, no hint is useful, a position comes
// back or the player takes over (Escape, Stop, any key of the game, a touch on the table).
import { api as serverApi } from "../core/api.js";
import { $, el } from "../core/dom.js";
import { hookList } from "../core/hooks.js";
import { t, tn } from "../core/i18n.js";
import { needsConnection } from "../core/offline.js";
import { state } from "../core/state.js";
import { send } from "../play/actions.js";
import { announce, remind } from "../table/speech.js";
import { active, serverMessage } from "./hint.js";
/** @import { hints as hintsOfTheTable } from "./hint.js" */

// about one action per step (Finish plays its line at the same pace)
export const DEMO_STEP_MS = 600;
export const DEMO_STEP_REDUCED_MS = 300;
const DEMO_MAX_ACTIONS = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const positionKey = (v) => JSON.stringify([v.columns, v.stock, v.removed]);
const PASSIVE_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"]);

/** The demo: start() plays hint after hint, stop(message) stops it, running() says whether it plays,
 * onChange(hook) hears it start and stop. Made once, by assist/install.js; install() listens for the
 * player taking over. `hints`: the table's hint (hint.js hints()).
 * @param {{hints: ReturnType<typeof hintsOfTheTable>, api?: typeof serverApi}} deps */
export function demoPlayer({ hints, api = serverApi }) {
  /** @type {object | null} */
  let demo = null; // the running demo's token
  /** @type {HTMLElement | null} */
  let demoBar = null;
  const changes = hookList();

  const demoRunning = () => Boolean(demo);

  /** `hook()` is called when the demo starts or stops (the controls enable themselves again).
   * Returns the function that removes it. */
  function onDemoChange(hook) {
    return changes.add(hook);
  }

  function applyDemoTexts() {
    if (!demoBar) return;
    demoBar.setAttribute("aria-label", t("Demo"));
    demoBar.querySelector(".demo-text").textContent = t("Demo in progress");
    demoBar.querySelector("button").textContent = t("Stop");
    demoBar.querySelector("button").setAttribute("aria-label", t("Stop the demo"));
  }

  function showDemoBar(on) {
    if (!demoBar) {
      demoBar = el("div", { id: "demo-bar", class: "demo-bar", role: "region" },
        el("span", { class: "demo-text" }),
        el("button", { type: "button", class: "stop", "aria-keyshortcuts": "Escape", onclick: () => stopDemo(t("Demo stopped.")) }));
      document.body.append(demoBar);
      applyDemoTexts();
    }
    demoBar.hidden = !on;
    document.body.classList.toggle("demo-on", on);
  }

  function stopDemo(message) {
    if (!demo) return;
    const hadFocus = demoBar && demoBar.contains(document.activeElement);
    demo = null;
    hints.forget();
    showDemoBar(false);
    changes.call();
    if (message) remind(message);
    if (hadFocus) $("btn-hint").focus();
  }

  /** Why the demo must stop before its next step, or null to go on. */
  function stopReason(v, first, actions) {
    if (!v || v.id !== first.id || !active(v)) return ""; // another game, or won: the result says it all
    if (state.paused || document.querySelector("dialog[open]")) return t("Demo stopped.");
    if (actions >= DEMO_MAX_ACTIONS) return tn("Demo stopped after {n} action.", "Demo stopped after {n} actions.", actions);
    return null;
  }

  async function startDemo() {
    const first = state.view;
    if (!active(first) || demo) return undefined;
    const token = {};
    demo = token;
    changes.call();
    showDemoBar(true);
    demoBar.querySelector("button").focus();
    announce(t("Demo started. Press Escape or Stop to take over."));
    const seen = new Set([positionKey(first)]);
    let actions = 0;
    while (demo === token) {
      const v = state.view;
      const reason = stopReason(v, first, actions);
      if (reason !== null) return stopDemo(reason || null);
      let answer;
      try {
        answer = await api.hint(v.id);
      } catch (error) {
        return stopDemo(serverMessage(error, needsConnection(t("The demo plays the server's hints: it needs a connection."))));
      }
      if (demo !== token) return undefined;
      if (state.view !== v) continue; // the table changed meanwhile: ask again
      if (!answer.action) return stopDemo(t("Demo stopped: {reason}", { reason: answer.message || "" }));
      hints.showAnswer(v, answer, false);
      await sleep(reducedMotion() ? DEMO_STEP_REDUCED_MS : DEMO_STEP_MS);
      if (demo !== token) return undefined;
      if (state.view !== v) continue;
      await send(answer.action);
      const after = state.view;
      if (!after || after.version === v.version) return stopDemo(t("Demo stopped."));
      actions += 1;
      const key = positionKey(after);
      if (seen.has(key)) return stopDemo(t("Demo stopped: the same position came back."));
      seen.add(key);
    }
    return undefined;
  }

  // Escape stops the demo; so does any other key of the game (the player takes over), but not
  // moving around the page with Tab or pressing the Stop button itself.
  function onKey(event) {
    if (!demo || document.querySelector("dialog[open]")) return;
    if (event.key === "Escape") {
      event.preventDefault();
      stopDemo(t("Demo stopped."));
    } else if (!PASSIVE_KEYS.has(event.key) && !(demoBar && demoBar.contains(event.target))) {
      stopDemo(t("Demo stopped."));
    }
  }

  /** Listen (before the table does) for the player taking over. */
  function installDemo() {
    document.addEventListener("keydown", onKey, true);
    // The player takes over by touching the table or the toolbar.
    document.addEventListener("pointerdown", (event) => {
      if (demo && /** @type {Element} */ (event.target).closest("#table-content, #toolbar")) stopDemo(t("Demo stopped."));
    }, true);
  }

  return {
    running: demoRunning, onChange: onDemoChange, applyTexts: applyDemoTexts, start: startDemo, stop: stopDemo,
    install: installDemo,
  };
}
