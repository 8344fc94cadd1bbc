// Putting a game on the table: a new, restarted or continued game starts from its first view,
// with the clock set, the focus on the table and the level said aloud.
import { api, ApiError } from "../core/api.js";
import { levelName } from "../core/catalog.js";
import { $, afterPaint } from "../core/dom.js";
import { hookList } from "../core/hooks.js";
import { t } from "../core/i18n.js";
import { setView, state } from "../core/state.js";
import { confirmLoss, gameInProgress } from "../dialogs/confirm.js";
import { closeDialog, forgetReturnFocus } from "../dialogs/dialog.js";
import { closeMenu } from "../play/menu.js";
import { clockFromView, elapsed, setClock, syncClock } from "../table/clock.js";
import { applyRovingFocus } from "../table/focus.js";
import { announce, remind } from "../table/speech.js";

const lostHooks = hookList();

/** `fn(game)` hears of each game a new deal made a loss (its last view), once the new one is on
 * the table: the statistics add-on offers its review so. Returns the function that removes it. */
export function onGameLost(fn) {
  return lostHooks.add(fn);
}

/** A new deal has just replaced `game`, an unfinished game with an action: it counts as a loss. */
export function gameLost(game) {
  if (game) lostHooks.call(game);
}

/** Show a game from its first view (a new, restarted or continued game). */
export function startGame(view) {
  forgetReturnFocus();
  clockFromView(view);
  setView(view, { current: null, focus: null, paused: false });
  syncClock();
  announce(t("New game: {level}. {description}", {
    level: levelName(state.catalog, view.game, view.suits, view.rules), description: view.description || "",
  }));
  applyRovingFocus(true);
}

/** Go on with the unfinished game offered at page load. */
export async function continueGame() {
  const view = state.current;
  closeDialog($("dlg-new"));
  startGame(view);
  announce(t("Continuing your game. {description}", { description: view.description || "" }));
  // Ask again once the table is on screen (the request's own work waits for that): the timer saved
  // as the last page closed may have landed after this page was made.
  try {
    await afterPaint();
    const fresh = await api.current();
    if (state.view && fresh.id === state.view.id) setClock(Math.max(elapsed(), fresh.elapsed || 0));
  } catch (_) {
    // the view from page load stays (the game can still be played from it)
  }
}

/** A first visit: a game of the default level (the player's scoring) at once, no dialog in the
 * way; if it cannot be dealt, the new-game dialog says why. */
export async function dealFirstGame() {
  try {
    startGame(await api.newGame({ profile: state.settings.profile }));
  } catch (e) {
    remind(e instanceof ApiError ? e.body.message || t("That game could not be started.")
      : t("The server could not be reached. Try again."));
  }
}

/** "Restart this deal": the same cards again from the beginning. A daily deal's counted attempt
 * would end as lost (the restart is practice), so that is asked first. */
export async function restart() {
  const v = state.view;
  if (!v) return;
  closeMenu();
  const losing = gameInProgress();
  if (losing && losing.daily && losing.daily.counted && !(await confirmLoss(t("Restart this deal?")))) return;
  try {
    startGame(await api.restart(v.id));
    announce(t("The deal starts again from the beginning."));
  } catch (e) {
    remind(e instanceof ApiError ? e.body.message || t("The deal could not be restarted.")
      : t("The server could not be reached. Try again."));
  }
}
