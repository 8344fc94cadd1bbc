// Finish (docs/RULES.md, Finish): once no card is face down and the stock is empty, the server's
// solver finds a line that plays the game out, and this plays it move by move through the
// actions route, at the demo's pace, so the record holds every move. Nothing hidden is used, so
// the game is not assisted, and a perfect game stays perfect. The player takes over with Escape,
// any key of the game or a touch on the table.
import { api as serverApi } from "../core/api.js";
import { el } from "../core/dom.js";
import { hookList } from "../core/hooks.js";
import { t } from "../core/i18n.js";
import { needsConnection } from "../core/offline.js";
import { state } from "../core/state.js";
import { send } from "../play/actions.js";
import { announce, remind } from "../table/speech.js";
import { DEMO_STEP_MS, DEMO_STEP_REDUCED_MS, reducedMotion } from "./demo.js";
import { active, serverMessage } from "./hint.js";
/** @import { hints as hintsOfTheTable } from "./hint.js" */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether Finish may play the game out: nothing hidden any more, and the game is being played. */
export const finishable = (v) => active(v) && v.stock === 0 && v.columns.every((c) => c.down === 0);

// The player takes over: Escape or any key of the game, a touch on the table or the toolbar.
const PASSIVE_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"]);

/** The Finish button (F), shown only while the game can be finished. */
export function finishButton() {
  return el("button", { id: "btn-finish", class: "finish", type: "button", "aria-keyshortcuts": "F", hidden: true });
}

export function applyFinishTexts(button) {
  button.textContent = t("Finish");
  button.setAttribute("aria-label", t("Finish: play the rest of the game for me"));
  button.title = t("Nothing is hidden any more: the solver plays the game out (it stays unassisted)");
}

// Disabled while the server thinks, the button lost the focus: the player who pressed it gets it
// back when nothing was played (no win found, or no answer), unless the focus went elsewhere.
function focusAgain(button) {
  if (document.activeElement === document.body && !button.hidden && !button.disabled) button.focus();
}

/** Finish: start(button) plays the game out, stop(message) stops it, running() says whether it
 * plays, onChange(hook) hears it start and stop, updateButton(button) shows the button while it
 * may. Made once, by assist/install.js; install() listens for the player taking over. `hints`: the
 * table's hint (hint.js hints()).
 * @param {{hints: ReturnType<typeof hintsOfTheTable>, api?: typeof serverApi}} deps */
export function finisher({ hints, api = serverApi }) {
  /** @type {object | null} */
  let running = null; // the running finish's token
  const changes = hookList();

  const finishRunning = () => Boolean(running);

  /** `hook()` is called when a finish starts or stops. Returns the function that removes it. */
  function onFinishChange(hook) {
    return changes.add(hook);
  }

  function stopFinish(message) {
    if (!running) return;
    running = null;
    changes.call();
    if (message) remind(message);
  }

  async function startFinish(button) {
    const first = state.view;
    if (!finishable(first) || running || state.paused) return;
    const token = {};
    const focused = document.activeElement === button;
    running = token;
    changes.call();
    hints.forget();
    button.setAttribute("aria-busy", "true");
    let answer;
    try {
      answer = await api.finish(first.id);
    } catch (error) {
      if (running === token) {
        stopFinish(serverMessage(error, needsConnection(t("Finish needs a connection."))));
        if (focused) focusAgain(button);
      }
      return;
    } finally {
      button.removeAttribute("aria-busy");
    }
    if (running !== token) return;
    if (answer.result !== "won" || state.view !== first) {
      stopFinish(state.view === first ? answer.message : t("Finish stopped."));
      if (focused) focusAgain(button);
      return;
    }
    announce(answer.message);
    for (const action of answer.actions) {
      await sleep(reducedMotion() ? DEMO_STEP_REDUCED_MS : DEMO_STEP_MS);
      const v = state.view;
      if (running !== token) return;
      if (!v || v.id !== first.id || state.paused || document.querySelector("dialog[open]")) {
        stopFinish(t("Finish stopped."));
        return;
      }
      await send(action);
      if (state.view === v) { // refused, or the game changed elsewhere
        stopFinish(t("Finish stopped."));
        return;
      }
    }
    if (running === token) stopFinish(null);
  }

  /** Listen (before the table does) for the player taking over. */
  function installFinish() {
    document.addEventListener("keydown", (event) => {
      if (!running || document.querySelector("dialog[open]") || PASSIVE_KEYS.has(event.key)) return;
      if (event.key === "Escape") event.preventDefault();
      stopFinish(t("Finish stopped."));
    }, true);
    document.addEventListener("pointerdown", (event) => {
      const target = /** @type {Element} */ (event.target);
      if (running && target.closest("#table-content, #toolbar") && !target.closest("#btn-finish")) {
        stopFinish(t("Finish stopped."));
      }
    }, true);
  }

  function updateFinishButton(button) {
    const can = finishable(state.view);
    button.hidden = !can;
    button.disabled = !can || Boolean(running);
  }

  return {
    running: finishRunning, onChange: onFinishChange, stop: stopFinish, start: startFinish, install: installFinish,
    updateButton: updateFinishButton,
  };
}
