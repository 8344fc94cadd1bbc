// The page as it loads (app.js start()): the player, the catalog and the language from the page's
// boot block (core/boot.js), else from what the last page kept on the device (core/kept-boot.js: a
// page from the service worker's cache carries no boot block) with the device's practice game drawn
// at once (play/local.js) and the server asked behind it, else from the server; then the game to
// begin with.
import { api } from "../core/api.js";
import { takeBoot } from "../core/boot.js";
import { fetchCatalog } from "../core/catalog.js";
import { onConnectionChange } from "../core/connection.js";
import { loadLanguage, t } from "../core/i18n.js";
import { keepBoot, keptBoot } from "../core/kept-boot.js";
import { connectionLost } from "../core/offline.js";
import { state, subscribe, update } from "../core/state.js";
import { newGameHere, playNoneHere, resumeFromDevice } from "../play/local.js";
import { takeLinkedLanguage } from "../settings/language-link.js";
import { announce } from "../table/speech.js";
import { openLinkedDeal, takeLinkedCode } from "./links.js";
import { continueGame, dealFirstGame, startGame } from "./start.js";
/** @import * as A from "../api" */

/** @template T @param {() => Promise<T>} request @returns {Promise<T | null>} */
async function loadOrNull(request) {
  try {
    return await request();
  } catch (_) {
    return null;
  }
}

/** What start() learns as the page loads: whether the player and the catalog have arrived, the
 * first visit's game, dealt by the server with the page, and the game this device kept.
 * @typedef {{loaded: boolean, dealt: object | null, device: A.GameView | null, dealHere?: boolean,
 *   boot?: any, resumed?: Promise<A.GameView | null> | null}} Session */

/** What the page starts before it wires its controls: it takes its boot block and, where there is
 * none, reads the device's game at once (opening IndexedDB is most of the time a table from the
 * device waits for).
 * @param {Session} session */
export function loadEarly(session) {
  session.boot = takeBoot();
  session.resumed = session.boot ? null : resumeFromDevice().catch(() => null);
}

/** The settings of a player's answer over the catalog's defaults, with the language in use.
 * @param {A.Player | null} player @param {A.Catalog | null} catalog */
function settingsOf(player, catalog) {
  const settings = { ...(catalog ? catalog.default_settings : {}), ...((player && player.settings) || {}) };
  if (player && player.lang) settings.lang = player.lang;
  return settings;
}

/** Load the player, the catalog and the language (from the page's own data at first: core/boot.js);
 * false (and a clear message) when the server cannot be reached.
 * @param {Session} session */
export async function load(session) {
  const boot = session.boot || takeBoot();
  session.boot = null;
  await takeLinkedLanguage(); // a link's ?lang= is saved first (the page's data is in it already)
  if (!boot && (await loadKept(session))) return true;
  const player = boot ? boot.player : await loadOrNull(api.player);
  const catalog = boot ? boot.catalog : await loadOrNull(fetchCatalog); // after the player: in their language
  session.dealt = boot ? boot.dealt : null;
  const current = player && player.current && player.current.status !== "won" ? player.current : null;
  session.loaded = Boolean(player && catalog);
  if (!session.loaded && !boot && state.catalog) {
    // no server, but what the last page kept (loadKept): the page deals a game itself
    session.dealHere = true;
    session.loaded = true;
    return true;
  }
  if (session.loaded || !state.catalog) {
    // (a page that found no server keeps what the device kept: the kept copy's settings)
    const settings = settingsOf(player, catalog);
    const language = await loadLanguage(settings.lang, boot && boot.language);
    update({ settings, current, catalog, language });
  }
  if (!session.loaded) connectionLost();
  return session.loaded;
}

/** A page with no boot block (from the service worker's cache, or the server's store did not
 * answer): the settings, catalog and texts the last page kept at once, and the practice game this
 * device keeps on the table with no request; the server is asked behind it. False where the device
 * keeps no copy or no game: the page then waits for the server's player, as before.
 * @param {Session} session */
async function loadKept(session) {
  const kept = keptBoot();
  if (!kept) return false;
  const settings = { ...kept.catalog.default_settings, ...kept.settings };
  const language = await loadLanguage(settings.lang, kept.language);
  update({ settings, current: null, catalog: kept.catalog, language });
  session.device = await (session.resumed || resumeFromDevice().catch(() => null));
  session.resumed = null;
  if (!session.device) return false;
  session.loaded = true;
  return true;
}

/** Behind a table drawn from the device: the player as the server has it now (settings changed on
 * another device, a language chosen there), and its game: the device's goes on unless another device
 * went on with the server's (deviceGoesOn). With no network, once the page reaches the server.
 * @param {A.GameView} device the view drawn */
async function serverBehind(device) {
  const player = await loadOrNull(api.player);
  if (!player) {
    const forget = onConnectionChange((online) => {
      if (!online) return;
      forget();
      serverBehind(device);
    });
    return;
  }
  const lang = settingsOf(player, state.catalog).lang;
  const sameLanguage = lang === state.settings.lang;
  const catalog = sameLanguage ? state.catalog : (await loadOrNull(fetchCatalog)) || state.catalog;
  const language = sameLanguage ? state.language : await loadLanguage(lang);
  update({ settings: settingsOf(player, catalog), catalog, language });
  const kept = state.local && state.local.kept;
  if (!kept || kept.id !== device.id || !state.view || state.view.id !== device.id) return; // a new game meanwhile
  const server = player.current && player.current.status !== "won" ? player.current : null;
  if (deviceGoesOn(state.view, kept, server)) return; // play/sync.js sends what the server has not heard
  playNoneHere();
  update({ current: server });
  await continueGame();
}

/** Keep the settings, catalog and texts for the next page (core/kept-boot.js) as they change, once
 * the page has them from the server (or from the copy itself).
 * @param {Session} session */
export function keepForNextPage(session) {
  subscribe((changed) => {
    if (!session.loaded || !(changed.has("settings") || changed.has("catalog") || changed.has("texts"))) return;
    keepBoot(state.settings, state.catalog, state.texts && state.texts.catalog);
  });
}

/** After loading: a deal link opens its deal; else the game this device keeps goes on, or the
 * server's unfinished game (a reload keeps the table), or a first visit deals a game of the default
 * level. The new-game dialog opens only when asked for. Resolves once the game is on the table (a
 * link's may wait for the player's answer to a question, so it is not waited for).
 * @param {Session} session */
export async function begin(session) {
  const code = takeLinkedCode();
  const first = session.dealt;
  const device = session.device;
  session.dealt = null;
  session.device = null;
  const dealHere = session.dealHere;
  session.dealHere = false;
  if (device && !code) {
    startGame(device); // at once, from the device: the server's word comes behind it
    announce(t("Continuing your game. {description}", { description: device.description || "" }));
    serverBehind(device);
    return;
  }
  if (dealHere && !code) {
    // no server and no game on the device: a random deal of the first visit's level, created on
    // the server at the next sync
    const dealt = await newGameHere({ game: "spider", suits: 1, rules: "classic", profile: state.settings.profile || "standard" });
    startGame(dealt);
    serverBehind(dealt);
    return;
  }
  const here = await fromDevice(); // a deal link asks first when it would end the device's game too
  if (here) update({ current: here });
  if (code) openLinkedDeal(code);
  else if (state.current) await continueGame();
  else if (first) startGame(first);
  else await dealFirstGame();
}

/** Whether the device's practice game goes on rather than the server's current game: the server has
 * not heard all of it yet, or it is the server's current game too and as far on (else another
 * device went on since, and the server's game is the one).
 * @param {A.GameView} view the device's @param {NonNullable<typeof state.local>["kept"]} kept
 * @param {A.GameView | null} server */
function deviceGoesOn(view, kept, server) {
  const waiting = !kept.created || kept.synced < kept.actions.length;
  return waiting || !server || (server.id === view.id && view.version >= server.version);
}

/** The device's practice game, when it is the one to go on with: the server has not heard all of
 * it yet, or it is the server's current game too and as far on. */
async function fromDevice() {
  const view = await resumeFromDevice();
  const kept = state.local && state.local.kept;
  if (!view || !kept) return null;
  if (deviceGoesOn(view, kept, state.current)) return view;
  playNoneHere(); // another device went on since: the server's game is the one
  return null;
}
