// Taking a practice game put on the table from outside (a new game, a continued one, a
// reconnection) into the page's own hands (play/local.js), so its actions need no request each.
import { setView, state } from "../core/state.js";
import { elapsed, setClock } from "../table/clock.js";
import { endDeviceGame, engineGameOf, playedHere, playFromHere, playNoneHere, viewHere } from "./local.js";
import { playedOnPage } from "./sync.js";
/** @import { GameView } from "../api" */

/** A practice game put on the table from outside (a new game, a continued one, a reconnection):
 * the page plays it itself from now on, once it holds the engine's copy (at once for a new deal
 * of a code; the server's record otherwise), unless the table moved on meanwhile.
 * @param {GameView | null} view @param {() => boolean} busy actions of the server's path still on their way */
export async function takeOnPage(view, busy) {
  if (!view || playedHere(view)) return;
  if (view.daily) {
    await endDeviceGame();
    return;
  }
  if (view.status !== "active") {
    playNoneHere();
    return;
  }
  let found = null;
  try {
    found = await engineGameOf(view);
  } catch (_) {
    found = null; // no record (offline): the server's one request per action goes on
  }
  const now = state.view;
  if (!found || !now || now.id !== view.id || now.version !== view.version || busy()) return;
  await playFromHere(found);
  if (found.kept.actions.length !== view.version) { // the device played further than the server has heard
    const seconds = Math.max(elapsed(), found.kept.elapsed || 0);
    setClock(seconds);
    setView(viewHere(seconds));
  }
  playedOnPage();
}
