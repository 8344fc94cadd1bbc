// Sending the practice games played on the page to the server in batches (play/sync-model.js
// decides when), and what the page does with the answers: an acknowledged batch is marked on the
// device; a refused one puts the server's game in the player's hands with the reason in plain words.
// A batch goes 30 s after the first action not yet sent, at once when 30 wait, when the game is won,
// when the page is hidden or closed (keepalive), when the network is back, and before any request
// that needs the server's copy of the games (core/api.js, beforeServerCopy).
import { api, ApiError, beforeServerCopy, onHelpAsked } from "../core/api.js";
import { onConnectionChange } from "../core/connection.js";
import { markSynced, pendingGames, pruneGames, saveGame } from "../core/device.js";
import { t, tn } from "../core/i18n.js";
import { setView, state } from "../core/state.js";
import { Game } from "../engine/index.js";
import { clockFromView } from "../table/clock.js";
import { remind } from "../table/speech.js";
import { playFromHere, viewHere } from "./local.js";
import { SyncClient } from "./sync-model.js";
/** @import { DeviceGame } from "../core/device.js" */
/** @import { Sent, SyncBody } from "./sync-model.js" */

/** @param {string} id @param {SyncBody} body @param {boolean} keepalive @returns {Promise<Sent>} */
async function send(id, body, keepalive) {
  try {
    return { ok: true, view: await api.sync(id, body, keepalive) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, offline: true };
    if (error.status === 429 || error.status >= 500) return { ok: false, later: true };
    return { ok: false, refused: { status: error.status, body: error.body } };
  }
}

/** @param {DeviceGame} game @param {SyncBody} body @param {any} view */
async function acknowledged(game, body, view) {
  const synced = body.version + body.actions.length;
  const more = view ? { grade: view.grade ?? game.grade ?? null, assisted: Boolean(view.assisted) } : {};
  await markSynced(game.id, synced, more);
  const local = state.local;
  if (local && local.kept.id === game.id) {
    // the device's copy in the page's hands learns it too (its actions stay the page's own)
    await playFromHere({ game: local.game, kept: { ...local.kept, ...more, created: true,
      synced: Math.max(local.kept.synced, synced) } });
  }
}

/** How many of `mine` come first in `theirs` too. @param {string[]} mine @param {string[]} theirs */
function common(mine, theirs) {
  let n = 0;
  while (n < mine.length && n < theirs.length && mine[n] === theirs[n]) n += 1;
  return n;
}

/** The server refused a batch: its copy of the game becomes the device's (and the table's, when
 * the game is on it), and the player is told why in plain words.
 * @param {DeviceGame} game @param {SyncBody} body @param {{status: number, body: any}} answer */
async function refused(game, body, answer) {
  const reason = answer.body && answer.body.reason;
  /** @type {any} */
  let record = null;
  try {
    record = await api.record(game.id, true);
  } catch (_) {
    record = null;
  }
  if (!record) { // the server has no copy to take (or said nothing): the game stops waiting to be sent
    await markSynced(game.id, game.actions.length);
    if (state.view && state.view.id === game.id) remind(t("This game could not be saved on the server."));
    return;
  }
  const theirs = /** @type {string[]} */ (record.actions || []);
  const same = common(game.actions, theirs);
  if (reason === "stale" && same === theirs.length) {
    // the server has a first part of ours (an answer lost before a reload): the rest goes next
    await markSynced(game.id, same);
    return;
  }
  let server;
  try {
    server = Game.fromRecord(record);
  } catch (_) {
    server = null;
  }
  const view = answer.body && answer.body.view;
  const over = reason === "finished" || (view && view.status !== "active");
  const kept = { ...game, actions: server ? server.actions : theirs, times: server ? server.times : record.times || [],
    synced: theirs.length, created: true, status: /** @type {DeviceGame["status"]} */ (over ? (view && view.status === "won" ? "won" : "abandoned") : game.status) };
  const lost = game.actions.length - same;
  const onTable = Boolean(state.view && state.view.id === game.id);
  if (onTable && server && !over) {
    await playFromHere({ game: server, kept });
    const shown = viewHere(Math.max(kept.times[kept.times.length - 1] || 0, (view && view.elapsed) || 0));
    clockFromView(shown);
    setView(shown);
  } else {
    await saveGame(kept);
    if (onTable && view) {
      clockFromView(view);
      setView(view);
    }
  }
  if (!onTable && !lost) return;
  if (reason === "stale" || reason === "finished") {
    remind(lost
      ? tn("This game was played on in another window or on another device. The table shows the game as the server keeps it; {n} action played here was not kept.",
        "This game was played on in another window or on another device. The table shows the game as the server keeps it; {n} actions played here were not kept.", lost)
      : t("This game was played on in another window or on another device. The table shows the game as the server keeps it."));
  } else {
    const why = (answer.body && answer.body.message) || t("an illegal action"); // on its own line: Babel misses a t() nested in t()
    remind(t("The server refused an action of this game ({reason}). The table shows the game as the server keeps it.", { reason: why }));
  }
}

/** The page's one sync client (made at the app's start). */
const client = new SyncClient({
  pending: async () => (await pendingGames()).reverse(), // oldest first: a new game's start abandons the one before it
  send,
  acknowledged,
  refused,
});

/** An action was played on the page: a batch follows soon, at once when the game is won. */
export function playedOnPage() {
  const local = state.local;
  if (!local) return;
  if (local.game.won) client.flush();
  else client.played(local.kept.actions.length - local.kept.synced);
}

/** Send what waits now; resolves once the server has it all, or it could not be reached. */
export function syncNow() {
  return client.flush();
}

/** Start syncing: what earlier pages left on the device goes now; then on each trigger. */
export function startSync() {
  beforeServerCopy(() => client.flush());
  onHelpAsked((id, kind) => {
    // the server marked the game: the page's copy says so from its next view (the table stays as it
    // is, with the hint it is about to show)
    const local = state.local;
    if (!local || local.kept.id !== id) return;
    const more = kind === "solve" ? { assisted: true } : { helped: true };
    playFromHere({ game: local.game, kept: { ...local.kept, ...more } });
  });
  onConnectionChange((online) => {
    if (online) client.flush();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") client.flush({ keepalive: true });
    else client.visible();
  });
  window.addEventListener("pagehide", () => client.flush({ keepalive: true }));
  client.flush().then(() => pruneGames()).catch(() => {});
}
