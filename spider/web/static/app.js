// The Spider / Spiderette table in the browser. It holds no rules: it renders the view the server
// sends (docs/API.md) and sends intents; which groups move and where they may go come in the view.
// This module wires the modules of one job each to the page and starts the app; nothing imports it
// but main.js. The state has one owner (core/state.js) and every part that draws follows it
// through a subscriber. The folders are mapped in docs/DEVELOPING.md ("Front end").
import { api } from "./core/api.js";
import { $, $button } from "./core/dom.js";
import { t } from "./core/i18n.js";
import { onReconnect } from "./core/offline.js";
import { soundOn } from "./core/sound.js";
import { setView, state, subscribe } from "./core/state.js";
import { registerWorker } from "./core/worker.js";
import { restoreFocus } from "./dialogs/dialog.js";
import { openHelp } from "./dialogs/help.js";
import { shareDeal } from "./game/links.js";
import { begin, keepForNextPage, load, loadEarly } from "./game/load.js";
import { openNewGame } from "./game/newgame.js";
import { showResult } from "./game/result.js";
import { continueGame, restart } from "./game/start.js";
import { deal, onWon, redo, undo } from "./play/actions.js";
import { playedHere } from "./play/local.js";
import { startSync } from "./play/sync.js";
import { applyPause, applyTexts, copyCode, describeTable, setPaused } from "./play/controls.js";
import { onGlobalKey, onTableauKey } from "./play/keys.js";
import { closeMenu, openMenu } from "./play/menu.js";
import { pointerInput } from "./play/pointer.js";
import { clearSelection } from "./play/selection.js";
import { settingsDialog } from "./settings/dialog.js";
import { fourColours } from "./settings/looks.js";
import { saveSettings } from "./settings/save.js";
import { showCourtArt } from "./table/cards.js";
import { clockFromView, elapsed, saveClock, setClock, syncClock, tickClock } from "./table/clock.js";
import { onTableauFocus } from "./table/focus.js";
import { applySelection, render, renderView } from "./table/render.js";
/** @import { Session } from "./game/load.js" */

/** The texts and states of the controls around a game: redo and sharing the deal. */
function applyFlowControls() {
  $("btn-redo").textContent = t("Redo");
  $("btn-share").textContent = t("Share this deal");
  $button("btn-redo").disabled = !state.view || !state.view.can_redo;
  $button("btn-share").disabled = !state.view || !state.view.code;
}

/** What each change of the state redraws. */
function follow(changed) {
  if (changed.has("language")) applyTexts();
  if (changed.has("language") || changed.has("view")) applyFlowControls();
  if (changed.has("language")) render();
  else if (changed.has("view")) renderView(); // a move shown at once redraws its columns only
  else if (changed.has("selected") || changed.has("settings")) applySelection();
  if (changed.has("paused")) applyPause();
}

/** The tableau's input; returns its pointer input (Escape stops a drag). */
function wireTableau() {
  const tableau = $("tableau");
  const pointer = pointerInput();
  tableau.addEventListener("pointerdown", pointer.onPointerDown);
  tableau.addEventListener("pointermove", pointer.onPointerMove);
  tableau.addEventListener("pointerup", pointer.onPointerUp);
  tableau.addEventListener("pointercancel", pointer.onPointerCancel);
  tableau.addEventListener("click", pointer.onTableauClick);
  tableau.addEventListener("keydown", onTableauKey);
  tableau.addEventListener("focusin", onTableauFocus);
  tableau.addEventListener("dragstart", (event) => event.preventDefault());
  return pointer;
}

function wireControls() {
  const click = (id, handler) => $(id).addEventListener("click", handler);
  click("stock", () => {
    clearSelection();
    deal();
  });
  click("btn-undo", () => undo());
  click("btn-redo", () => {
    closeMenu();
    redo();
  });
  click("btn-share", () => {
    closeMenu();
    shareDeal();
  });
  click("btn-new", () => openNewGame());
  click("btn-help", () => openHelp());
  click("btn-menu", () => ($("menu").hidden ? openMenu() : closeMenu(true)));
  click("btn-pause", () => {
    closeMenu();
    setPaused(!state.paused);
  });
  click("btn-resume", () => setPaused(false));
  click("btn-restart", () => restart());
  click("btn-sound", () => saveSettings({ sound: !soundOn() }));
  click("btn-describe", () => {
    closeMenu();
    describeTable();
  });
  const settings = settingsDialog({ dialog: /** @type {HTMLDialogElement} */ ($("dlg-settings")) });
  click("btn-settings", () => settings.open());
  click("btn-copy", copyCode);
}

/** @param {ReturnType<typeof pointerInput>} pointer */
function wirePage(pointer) {
  document.addEventListener("keydown", (event) => onGlobalKey(event, pointer));
  document.addEventListener("pointerdown", (event) => {
    if (!/** @type {Element} */ (event.target).closest(".menu-wrap")) closeMenu();
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => {
      syncClock();
      restoreFocus();
    });
  }
  $("dlg-new").addEventListener("cancel", (event) => {
    if (state.view) return;
    event.preventDefault(); // no table behind the dialog: Esc goes on with the unfinished game, if any
    if (state.current) continueGame();
  });
  document.addEventListener("visibilitychange", () => {
    syncClock();
    if (document.visibilityState === "hidden") saveClock(true);
  });
  window.addEventListener("pagehide", () => saveClock(true));
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (state.view) render(); // the whole table, so add-ons (the hint's highlight) lay out again too
    }, 80);
  });
  setInterval(tickClock, 1000);
}

/** The server answers again: load what never arrived, or the latest state of the game on the table.
 * @param {Session} session */
async function reconnected(session) {
  if (!session.loaded) {
    if (await load(session)) await begin(session);
    return;
  }
  if (!state.view || playedHere(state.view)) return; // the page's own game: play/sync.js sends it
  try {
    const view = await api.current();
    if (!state.view || view.id !== state.view.id) clockFromView(view);
    else setClock(Math.max(elapsed(), view.elapsed || 0)); // the time counted meanwhile stays
    setView(view);
  } catch (_) {
    // no unfinished game any more (won or replaced elsewhere): the table stays as it was
  }
}

/** `fn` once the page has loaded and the first table is painted: what may wait for it. */
function afterFirstTable(fn) {
  const painted = () => requestAnimationFrame(() => setTimeout(fn));
  if (document.readyState === "complete") painted();
  else window.addEventListener("load", painted, { once: true });
}

/** Start the app; main.js calls it once every module has registered its add-ons. */
export async function start() {
  /** @type {Session} */
  const session = { loaded: false, dealt: null, device: null };
  loadEarly(session);
  document.body.classList.toggle("four-colours", fourColours());
  subscribe(follow);
  keepForNextPage(session);
  onWon(() => showResult());
  const pointer = wireTableau();
  wireControls();
  wirePage(pointer);
  startSync();
  onReconnect(() => reconnected(session));
  if (await load(session)) await begin(session); // "ready": the game is on the table (or the dialog says why not)
  document.body.classList.add("ready");
  afterFirstTable(() => {
    showCourtArt();
    registerWorker();
  });
}
