// Practice games played by the page itself: the browser engine (engine/) applies each action at
// once, the device (core/device.js) keeps the game and the actions the server has not acknowledged,
// and play/sync.js sends them in batches. A daily deal is never played here: its cards stay on the
// server and each of its actions goes there (play/actions.js).
import { api } from "../core/api.js";
import { currentGame, deviceGame, saveGame } from "../core/device.js";
import { texts } from "../core/i18n.js";
import { state, update } from "../core/state.js";
import { describe, Game, randomCode } from "../engine/index.js";
import { levelOf, localView } from "./local-view.js";
/** @import { GameView } from "../api" */
/** @import { DeviceGame } from "../core/device.js" */
/** @import { Payload } from "./optimism.js" */

/** The record (docs/FORMATS.md) of the device's copy of a game.
 * @param {DeviceGame} kept */
export function recordOf(kept) {
  const [game, suits, rules] = kept.level.split("-");
  return { game, suits: Number(suits), rules, profile: kept.profile, actions: kept.actions, times: kept.times,
    ...(kept.code ? { code: kept.code } : { deck: kept.deck }) };
}

/** A game id for a game the page starts: 16 characters of [A-Za-z0-9_-], 96 random bits. */
export function newGameId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

/** The view of the game the page plays, `elapsed` seconds into it. */
export function viewHere(elapsed = 0) {
  const local = /** @type {NonNullable<typeof state.local>} */ (state.local);
  return localView(local.game, local.kept, elapsed, describe, texts());
}

/** Whether the page plays the game of `view` itself. */
export function playedHere(/** @type {GameView | null | undefined} */ view) {
  return Boolean(view && state.local && state.local.kept.id === view.id && !view.daily);
}

/** Put a game in the page's hands (null: none) and keep it on the device.
 * @param {Game} game @param {DeviceGame | null} kept */
function hold(game, kept) {
  update({ local: kept ? { game, kept } : null });
  return kept ? saveGame(kept) : Promise.resolve();
}

/** The device's current practice game, replayed by the engine and put in the page's hands; its
 * view, with what the server adds to it made here; null when the device keeps none (or the engine
 * cannot replay it). */
export async function resumeFromDevice() {
  const kept = await currentGame();
  if (!kept) return null;
  let game;
  try {
    game = Game.fromRecord(recordOf(kept));
  } catch (_) {
    return null;
  }
  update({ local: { game, kept } });
  return viewHere(Math.max(kept.elapsed || 0, kept.times[kept.times.length - 1] || 0));
}

/** What the page keeps of a game the server sent: its level, grade and whether it counts.
 * @param {GameView} view @param {Game} game @param {Partial<DeviceGame>} more @returns {DeviceGame} */
function keptFrom(view, game, more) {
  return {
    id: view.id, code: view.code, level: levelOf(view), profile: view.profile, started: Date.now(),
    actions: [...game.actions], times: [...game.times], synced: game.actions.length, created: true,
    status: "active", grade: view.grade, assisted: view.assisted, helped: !view.perfect && !view.assisted,
    elapsed: view.elapsed || 0, ...more,
  };
}

/** The engine's game of a practice view the server sent, and the device's copy of it: the device's
 * own when it has played further, the deal itself for a new game of a code, else the server's
 * record replayed. Null for a game the page does not play (a daily deal, a finished one), or when
 * the engine's table differs from the server's (it then stays the server's to play).
 * @param {GameView} view @returns {Promise<{game: Game, kept: DeviceGame} | null>} */
export async function engineGameOf(view) {
  if (view.daily || view.status !== "active" || view.won) return null;
  const mine = await deviceGame(view.id);
  /** @type {{game: Game, kept: DeviceGame} | null} */
  let found = null;
  if (mine && mine.actions.length >= view.version && mine.status !== "won") {
    found = { game: Game.fromRecord(recordOf(mine)), kept: { ...mine, status: "active" } };
    return found;
  }
  let game;
  if (view.version === 0 && view.code) {
    game = Game.fromCode(view.code, view.profile);
  } else {
    const record = await api.record(view.id, true);
    game = Game.fromRecord(record);
    if (!record.code) return sameTable(game, view) ? { game, kept: keptFrom(view, game, { deck: record.deck || null, code: null }) } : null;
  }
  return sameTable(game, view) ? { game, kept: keptFrom(view, game, {}) } : null;
}

/** @param {Game} game @param {GameView} view */
function sameTable(game, view) {
  return game.actions.length === view.version && JSON.stringify(game.view().columns) === JSON.stringify(view.columns);
}

/** Hand the page a game (from engineGameOf) to play. */
export function playFromHere(/** @type {{game: Game, kept: DeviceGame}} */ found) {
  return hold(found.game, found.kept);
}

/** The page plays no game of its own (a daily deal is on the table). */
export function playNoneHere() {
  if (state.local) update({ local: null });
}

/** A daily deal went on the table: it ended the practice game on the server, so the device's no
 * longer goes on (its actions not yet sent still go). */
export async function endDeviceGame() {
  playNoneHere();
  const kept = await currentGame();
  if (kept) await saveGame({ ...kept, status: "abandoned" });
}

/** Play an action on the page's game at `elapsed` seconds: the engine's events and the new view.
 * Throws the engine's refusal (EngineError), changing nothing. The device's copy is written in
 * turn (`written` resolves once it is).
 * @param {Payload} payload @param {number} elapsed */
export function playHere(payload, elapsed) {
  const local = /** @type {NonNullable<typeof state.local>} */ (state.local);
  const events = local.game.apply(payload.best ? { best: payload.best } : /** @type {string} */ (payload.action), elapsed);
  /** @type {DeviceGame} */
  const kept = { ...local.kept, actions: [...local.game.actions], times: [...local.game.times], elapsed,
    status: local.game.won ? "won" : "active" };
  const written = hold(local.game, kept);
  // the engine's events are the server's "events", word for word (tests/js: the conformance corpus)
  return { events: /** @type {GameView["events"]} */ (/** @type {unknown} */ (events)), view: viewHere(elapsed), written };
}

/** A new practice game dealt by the page: a kept winnable deal's code (with the server's proof) or
 * a random one; the server creates it at the next sync.
 * @param {{game: string, suits: number, rules: string, profile: string}} choice
 * @param {{code: string, grade: string | null, proof: string} | null} [deal] */
export async function newGameHere(choice, deal = null) {
  const code = deal ? deal.code : randomCode({ game: choice.game, suits: choice.suits, rules: choice.rules });
  const game = Game.fromCode(code, choice.profile);
  /** @type {DeviceGame} */
  const kept = {
    id: newGameId(), code: game.code, level: levelOf(game.variant), profile: choice.profile, started: Date.now(),
    actions: [], times: [], synced: 0, created: false, status: "active", grade: deal ? deal.grade : null,
    proof: deal ? deal.proof : null, assisted: false, helped: false, elapsed: 0,
  };
  await hold(game, kept);
  return viewHere(0);
}
