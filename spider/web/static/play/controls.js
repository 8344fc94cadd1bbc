// The page's fixed controls: their texts, pause, copying the game code and "Describe the table".
import { $ } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { soundOn } from "../core/sound.js";
import { state, update } from "../core/state.js";
import { saveClock, syncClock } from "../table/clock.js";
import { applyRovingFocus } from "../table/focus.js";
import { settled } from "./actions.js";
import { announce, remind } from "../table/speech.js";
import { clearSelection } from "./selection.js";

/** Fill in every fixed text of the page in the current language. */
export function applyTexts() {
  document.title = t("Spider solitaire");
  $("app-title").textContent = t("Spider solitaire");
  $("code-label").textContent = t("Game code");
  $("btn-copy").textContent = t("Copy");
  $("btn-new").textContent = t("New game");
  $("btn-undo").textContent = t("Undo");
  $("btn-menu").textContent = t("Menu");
  $("btn-restart").textContent = t("Restart this deal");
  $("btn-describe").textContent = t("Describe the table");
  $("btn-settings").textContent = t("Settings");
  $("btn-resume").textContent = t("Resume");
  $("pause-text").textContent = t("Paused");
  $("btn-copy").setAttribute("aria-label", t("Copy the game code"));
  $("btn-help").textContent = t("Help");
  $("btn-help").setAttribute("aria-label", t("Help"));
  $("tableau").setAttribute("aria-label", t("Table"));
  $("toolbar").setAttribute("aria-label", t("Game controls"));
  $("status").setAttribute("aria-label", t("Game status"));
  applyPause();
  updateSoundButton();
}

export function updateSoundButton() {
  $("btn-sound").textContent = t("Sound");
  $("btn-sound").setAttribute("aria-pressed", soundOn() ? "true" : "false");
}

/** Cover or uncover the table to match state.paused (a subscriber calls it on every change). */
export function applyPause() {
  const content = $("table-content");
  $("pause-cover").hidden = !state.paused;
  content.classList.toggle("hidden", state.paused);
  if (state.paused) content.setAttribute("inert", "");
  else content.removeAttribute("inert");
  content.setAttribute("aria-hidden", state.paused ? "true" : "false");
  $("btn-pause").textContent = state.paused ? t("Resume") : t("Pause");
}

/** @param {boolean} paused */
export function setPaused(paused) {
  if (!state.view) return;
  clearSelection();
  update({ paused });
  syncClock();
  if (paused) saveClock();
  announce(paused ? t("Paused. The timer has stopped.") : t("Resumed."));
  if (paused) $("btn-resume").focus();
  else applyRovingFocus(true);
}

export function copyCode() {
  const code = state.view && state.view.code;
  if (!code) return;
  const done = () => remind(t("Game code {code} copied.", { code }));
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(code).then(done, () => selectCode());
  } else selectCode();
}

function selectCode() {
  const range = document.createRange();
  range.selectNodeContents($("code"));
  const selection = /** @type {Selection} */ (window.getSelection());
  selection.removeAllRanges();
  selection.addRange(range);
  remind(t("Press Ctrl+C to copy the selected code."));
}

export async function describeTable() {
  await settled(); // the description is the server's: of the table once the moves on their way land
  if (state.view) announce(state.view.description || "");
}
