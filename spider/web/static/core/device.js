// The practice games kept on this device (IndexedDB "spider"): the game in play and every action
// the server has not acknowledged yet, so a reload, a closed tab or a lost network loses nothing.
// Writes go one after the other in the order they were asked for, each awaited to its commit.
// A daily deal's game is never written here: its deck and its cards stay on the server.

/** A practice game as this device keeps it.
 * @typedef {object} DeviceGame
 * @property {string} id the game's id (the server's, or made by the page for a game it started)
 * @property {string | null} code its game code; null for a game dealt from a deck (then `deck` is set)
 * @property {string} level "spider-1-classic"
 * @property {string} profile "standard" | "timed" | "moves"
 * @property {number} started when it started (ms since the epoch)
 * @property {string[]} actions every action played, as the record keeps them
 * @property {number[]} times the game's clock at each action (seconds)
 * @property {number} synced how many of `actions` the server has acknowledged
 * @property {boolean} created the server has the game
 * @property {"active" | "won" | "abandoned"} status
 * @property {string[] | null} [deck] the deck of a game without a code
 * @property {string | null} [grade] the deal's grade (from the server, or a kept winnable deal)
 * @property {string | null} [proof] the server's proof of a kept winnable deal, sent with `start`
 * @property {boolean} [assisted] the server counts the game as assisted
 * @property {boolean} [helped] a hint or the solver helped (the server said the game is not perfect)
 * @property {number} [elapsed] seconds played, as last counted
 */
/** A winnable deal kept for a game started with no network.
 * @typedef {{key: string, level: string, code: string, grade: string | null, proof: string}} KeptDeal */

export const DATABASE = "spider";
const VERSION = 1;
const GAMES = "games";
const DEALS = "deals";

/** The games with actions (or a start) the server has not acknowledged, newest first.
 * @param {DeviceGame[]} games */
export function pendingOf(games) {
  return games.filter((g) => !g.created || g.synced < g.actions.length).sort((a, b) => b.started - a.started);
}

/** The game in play: the newest active one.
 * @param {DeviceGame[]} games */
export function currentOf(games) {
  return games.filter((g) => g.status === "active").sort((a, b) => b.started - a.started)[0] || null;
}

/** Games there is no more reason to keep: over or replaced, and wholly on the server.
 * @param {DeviceGame[]} games */
export function spentOf(games) {
  const current = currentOf(games);
  return games.filter((g) => g !== current && g.created && g.synced >= g.actions.length);
}

/** @param {IDBRequest | IDBTransaction} request @returns {Promise<any>} */
function settled(request) {
  return new Promise((resolve, reject) => {
    if ("oncomplete" in request) {
      request.oncomplete = () => resolve(undefined);
      request.onabort = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve(request.result);
    }
    request.onerror = () => reject(request.error);
  });
}

/** The database, opened once per page (null where the browser keeps none: private modes, old ones). */
const opened = { db: /** @type {Promise<IDBDatabase | null> | null} */ (null), queue: Promise.resolve() };

/** @returns {Promise<IDBDatabase | null>} */
function database() {
  if (!opened.db) {
    opened.db = new Promise((resolve) => {
      if (typeof indexedDB === "undefined") {
        resolve(null);
        return;
      }
      const request = indexedDB.open(DATABASE, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(GAMES)) db.createObjectStore(GAMES, { keyPath: "id" });
        if (!db.objectStoreNames.contains(DEALS)) db.createObjectStore(DEALS, { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    });
  }
  return opened.db;
}

/** Run `work(stores)` in one transaction after every write asked for before it; resolves once it
 * has committed (to what `work` resolved to), or to `fallback` with no database.
 * @template T @param {IDBTransactionMode} mode @param {(stores: {games: IDBObjectStore, deals: IDBObjectStore}) => Promise<T>} work @param {T} fallback
 * @returns {Promise<T>} */
function inTurn(mode, work, fallback) {
  const run = opened.queue.then(async () => {
    const db = await database();
    if (!db) return fallback;
    const tx = db.transaction([GAMES, DEALS], mode);
    const done = settled(tx);
    const answer = await work({ games: tx.objectStore(GAMES), deals: tx.objectStore(DEALS) });
    await done;
    return answer;
  });
  opened.queue = run.then(() => undefined, () => undefined);
  return run;
}

/** @returns {Promise<DeviceGame[]>} */
export function allGames() {
  return inTurn("readonly", ({ games }) => settled(games.getAll()), []);
}

/** The practice game in play on this device, or null. */
export async function currentGame() {
  return currentOf(await allGames());
}

/** Games with actions (or a start) the server has not acknowledged, newest first. */
export async function pendingGames() {
  return pendingOf(await allGames());
}

/** @param {string} id @returns {Promise<DeviceGame | null>} */
export function deviceGame(id) {
  return inTurn("readonly", async ({ games }) => (await settled(games.get(id))) || null, null);
}

/** Keep `game` (a copy), replacing the one of its id; a new active game ends the one in play
 * before it (abandoned), in the same write.
 * @param {DeviceGame} game */
export function saveGame(game) {
  const copy = { ...game, actions: [...game.actions], times: [...game.times] };
  return inTurn("readwrite", async ({ games }) => {
    if (copy.status === "active") {
      for (const other of /** @type {DeviceGame[]} */ (await settled(games.getAll()))) {
        if (other.id !== copy.id && other.status === "active") games.put({ ...other, status: "abandoned" });
      }
    }
    games.put(copy);
  }, undefined);
}

/** The server has acknowledged the game's first `synced` actions (and has the game).
 * @param {string} id @param {number} synced @param {Partial<DeviceGame>} [more] */
export function markSynced(id, synced, more = {}) {
  return inTurn("readwrite", async ({ games }) => {
    const game = /** @type {DeviceGame | undefined} */ (await settled(games.get(id)));
    if (game) games.put({ ...game, ...more, created: true, synced: Math.max(game.synced, synced) });
  }, undefined);
}

/** Drop the games there is no more reason to keep. */
export function pruneGames() {
  return inTurn("readwrite", async ({ games }) => {
    for (const game of spentOf(await settled(games.getAll()))) games.delete(game.id);
  }, undefined);
}

/** @param {string} id */
export function forgetGame(id) {
  return inTurn("readwrite", async ({ games }) => {
    games.delete(id);
  }, undefined);
}

/** The winnable deals kept for `level`.
 * @param {string} level @returns {Promise<KeptDeal[]>} */
export function keptDeals(level) {
  return inTurn("readonly", async ({ deals }) => {
    const all = /** @type {KeptDeal[]} */ (await settled(deals.getAll()));
    return all.filter((d) => d.level === level);
  }, []);
}

/** @param {KeptDeal} deal */
export function keepDeal(deal) {
  return inTurn("readwrite", async ({ deals }) => {
    deals.put(deal);
  }, undefined);
}

/** Take a kept deal of `level` (it is used once), or null.
 * @param {string} level @returns {Promise<KeptDeal | null>} */
export function takeDeal(level) {
  return inTurn("readwrite", async ({ deals }) => {
    const all = /** @type {KeptDeal[]} */ (await settled(deals.getAll()));
    const deal = all.find((d) => d.level === level) || null;
    if (deal) deals.delete(deal.key);
    return deal;
  }, null);
}
