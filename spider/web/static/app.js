// The Spider / Spiderette table in the browser. It holds no rules: it renders the view the server
// sends (docs/API.md) and sends intents; which groups move and where they may go come in the view.
// This module wires the modules of one job each to the page and starts the app; the state has one
// owner (state.js) and every part that draws follows it through a subscriber.
import { act, clearSelection, deal, undo } from "./actions.js";
import { api } from "./api.js";
import { suitSprite } from "./cards.js";
import { fetchCatalog } from "./catalog.js";
import { saveClock, syncClock, tickClock } from "./clock.js";
import { applyPause, applyTexts, closeMenu, copyCode, describeTable, openMenu, restart, setPaused } from "./controls.js";
import { openHelp, restoreFocus } from "./dialogs.js";
import { $ } from "./dom.js";
import { onTableauFocus } from "./focus.js";
import { loadLanguage, t } from "./i18n.js";
import { onGlobalKey, onTableauKey } from "./keys.js";
import { addNewGameOption, openNewGame } from "./newgame.js";
import { onPointerCancel, onPointerDown, onPointerMove, onPointerUp, onTableauClick } from "./pointer.js";
import { afterRender, applySelection, render } from "./render.js";
import { fourColours, openSettings, saveSettings } from "./settings.js";
import { setSound, soundOn } from "./sound.js";
import { announce, remind } from "./speech.js";
import { state, subscribe, update } from "./state.js";

// ----- for add-ons ----------------------------------------------------------------------------
// The Hint button goes into slot() (a button with id="btn-hint" also gets the H key).
// view is the current view; paused says whether the game is paused; send("3>7:2" | "deal")
// plays an action (animated and announced like any other); announce(text) and remind(text)
// speak; afterRender(hook) is called with the view after every render; addNewGameOption(option)
// adds an option to the new-game dialog (see newgame.js).
export const table = {
  get view() {
    return state.view;
  },
  get paused() {
    return state.paused;
  },
  send: (action) => act({ action }, {}),
  announce,
  remind,
  slot: () => $("tool-slot"),
  closeMenu: (focusButton = false) => closeMenu(focusButton),
  afterRender,
  addNewGameOption,
};

/** What each change of the state redraws. */
function follow(changed) {
  if (changed.has("language")) applyTexts();
  if (changed.has("view") || changed.has("language")) render();
  else if (changed.has("selected") || changed.has("settings")) applySelection();
  if (changed.has("paused")) applyPause();
}

function wireTableau() {
  const tableau = $("tableau");
  tableau.addEventListener("pointerdown", onPointerDown);
  tableau.addEventListener("pointermove", onPointerMove);
  tableau.addEventListener("pointerup", onPointerUp);
  tableau.addEventListener("pointercancel", onPointerCancel);
  tableau.addEventListener("click", onTableauClick);
  tableau.addEventListener("keydown", onTableauKey);
  tableau.addEventListener("focusin", onTableauFocus);
  tableau.addEventListener("dragstart", (event) => event.preventDefault());
}

function wireControls() {
  const click = (id, handler) => $(id).addEventListener("click", handler);
  click("stock", () => {
    clearSelection();
    deal();
  });
  click("btn-undo", () => undo());
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
  click("btn-settings", () => openSettings());
  click("btn-copy", copyCode);
}

function wirePage() {
  document.addEventListener("keydown", onGlobalKey);
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest(".menu-wrap")) closeMenu();
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => {
      syncClock();
      restoreFocus();
    });
  }
  $("dlg-new").addEventListener("cancel", (event) => {
    if (!state.view) event.preventDefault(); // nothing to return to: a game must be chosen first
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

async function loadOrNull(request) {
  try {
    return await request();
  } catch (_) {
    return null;
  }
}

/** Start the app; main.js calls it once every module has registered its add-ons. */
export async function start() {
  document.body.prepend(suitSprite());
  document.body.classList.toggle("four-colours", fourColours());
  subscribe(follow);
  wireTableau();
  wireControls();
  wirePage();
  const player = await loadOrNull(api.player);
  const catalog = await loadOrNull(fetchCatalog); // asked after the player, so in their language
  const settings = { ...(catalog ? catalog.default_settings : {}), ...((player && player.settings) || {}) };
  if (player && player.lang) settings.lang = player.lang;
  const current = player && player.current && player.current.status !== "won" ? player.current : null;
  setSound(settings.sound !== false);
  const language = await loadLanguage(settings.lang);
  update({ settings, current, catalog, language });
  if (!player || !catalog) remind(t("The server could not be reached. Try again."));
  if (catalog) openNewGame();
  document.body.classList.add("ready");
}
