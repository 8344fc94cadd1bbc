// The Spider / Spiderette table in the browser. It holds no rules: it renders the view the server
// sends (docs/API.md) and sends intents; which groups move and where they may go come in the view.
// This module wires the modules of one job each to the page and starts the app; the state has one
// owner (state.js) and every part that draws follows it through a subscriber.
import { act, clearSelection, deal, redo, undo } from "./actions.js";
import { api } from "./api.js";
import { suitSprite } from "./cards.js";
import { fetchCatalog } from "./catalog.js";
import { saveClock, setClock, syncClock, tickClock } from "./clock.js";
import { applyPause, applyTexts, closeMenu, copyCode, describeTable, openMenu, restart, setPaused } from "./controls.js";
import { openHelp, restoreFocus } from "./dialogs.js";
import { $ } from "./dom.js";
import { onTableauFocus } from "./focus.js";
import { loadLanguage, t } from "./i18n.js";
import { onGlobalKey, onTableauKey } from "./keys.js";
import { openLinkedDeal, shareDeal, takeLinkedCode } from "./links.js";
import { addNewGameOption, continueGame, openNewGame } from "./newgame.js";
import { connectionLost, onReconnect } from "./offline.js";
import { onPointerCancel, onPointerDown, onPointerMove, onPointerUp, onTableauClick } from "./pointer.js";
import { afterRender, applySelection, render } from "./render.js";
import { fourColours, openSettings, saveSettings } from "./settings.js";
import { setSound, soundOn } from "./sound.js";
import { announce, remind } from "./speech.js";
import { setView, state, subscribe, update } from "./state.js";

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

/** The texts and states of the controls around a game: redo and sharing the deal. */
function applyFlowControls() {
  $("btn-redo").textContent = t("Redo");
  $("btn-share").textContent = t("Share this deal");
  $("btn-redo").disabled = !state.view || !state.view.can_redo;
  $("btn-share").disabled = !state.view || !state.view.code;
}

/** What each change of the state redraws. */
function follow(changed) {
  if (changed.has("language")) applyTexts();
  if (changed.has("language") || changed.has("view")) applyFlowControls();
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

async function loadOrNull(request) {
  try {
    return await request();
  } catch (_) {
    return null;
  }
}

let loaded = false; // the player and the catalog have arrived

/** Load the player, the catalog and the language; false (and a clear message) when the server
 * cannot be reached. */
async function load() {
  const player = await loadOrNull(api.player);
  const catalog = await loadOrNull(fetchCatalog); // asked after the player, so in their language
  const settings = { ...(catalog ? catalog.default_settings : {}), ...((player && player.settings) || {}) };
  if (player && player.lang) settings.lang = player.lang;
  const current = player && player.current && player.current.status !== "won" ? player.current : null;
  setSound(settings.sound !== false);
  const language = await loadLanguage(settings.lang);
  update({ settings, current, catalog, language });
  loaded = Boolean(player && catalog);
  if (!loaded) connectionLost();
  return loaded;
}

/** After loading: a deal link opens its deal, else the new-game dialog offers CONTINUE or PLAY. */
function begin() {
  const code = takeLinkedCode();
  if (code) openLinkedDeal(code);
  else openNewGame();
}

/** The server answers again: load what never arrived, or the latest state of the game on the table. */
async function reconnected() {
  if (!loaded) {
    if (await load()) begin();
    return;
  }
  if (!state.view) return;
  try {
    const view = await api.current();
    setClock(view.elapsed || 0);
    setView(view);
  } catch (_) {
    // no unfinished game any more (won or replaced elsewhere): the table stays as it was
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
  onReconnect(reconnected);
  if (await load()) begin();
  document.body.classList.add("ready");
}
