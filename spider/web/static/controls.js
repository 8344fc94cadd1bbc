// The page's fixed controls: their texts, the menu, pause, restart, copying the game code and
// "Describe the table".
import { api, ApiError } from "./api.js";
import { clearSelection } from "./actions.js";
import { saveClock, syncClock } from "./clock.js";
import { $ } from "./dom.js";
import { applyRovingFocus } from "./focus.js";
import { t } from "./i18n.js";
import { startGame } from "./newgame.js";
import { soundOn } from "./sound.js";
import { announce, remind } from "./speech.js";
import { state, update } from "./state.js";

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

export function openMenu() {
  $("menu").hidden = false;
  $("btn-menu").setAttribute("aria-expanded", "true");
  syncClock(); // the menu covers the table: the clock waits
  const first = $("menu").querySelector("button:not([disabled])");
  if (first) first.focus();
}

export function closeMenu(focusButton = false) {
  if ($("menu").hidden) return;
  $("menu").hidden = true;
  $("btn-menu").setAttribute("aria-expanded", "false");
  syncClock();
  if (focusButton) $("btn-menu").focus();
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

export async function restart() {
  const v = state.view;
  if (!v) return;
  closeMenu();
  try {
    startGame(await api.restart(v.id));
    announce(t("The deal starts again from the beginning."));
  } catch (e) {
    remind(e instanceof ApiError ? e.body.message || t("The deal could not be restarted.")
      : t("The server could not be reached. Try again."));
  }
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
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  remind(t("Press Ctrl+C to copy the selected code."));
}

export function describeTable() {
  if (state.view) announce(state.view.description || "");
}
