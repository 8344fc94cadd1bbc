// When and what the page sends of the practice games played on this device (docs/API.md, "Syncing
// a practice game"): a batch 30 s after the first action not yet sent, at once when 30 wait, and
// whenever asked (a win, the page hidden or closed, the network back, a request that needs the
// server's copy of the game). One batch at a time, each with the version the server acknowledged:
// a batch whose answer was lost is sent again as it was, and the server answers it without
// storing it twice. Pure: the device, the network and the timers are handed in, so node --test
// drives it with fakes.
/** @import { DeviceGame } from "../core/device.js" */

export const DELAY_MS = 30_000;
export const MAX_PENDING = 30;
export const MAX_BATCH = 500;

/** The body of POST /api/games/{id}/sync.
 * @typedef {{version: number, actions: string[], times: number[], start?: {code: string | null, profile: string, proof?: string}}} SyncBody */
/** What a batch came to: acknowledged (with the server's view), refused by the server (its
 * answer: 4xx other than 429), no answer (`offline`), or an answer to try again later (429, 5xx).
 * @typedef {{ok: true, view: any} | {ok: false, refused: {status: number, body: any}} | {ok: false, offline: true} | {ok: false, later: true}} Sent */
/** @typedef {"done" | "offline" | "later"} Outcome */

/** The next batch of `game`: its first actions the server has not acknowledged (at most 500),
 * with the game's start while the server has not got it; null when nothing waits.
 * @param {DeviceGame} game @param {number} [limit] @returns {SyncBody | null} */
export function batchOf(game, limit = MAX_BATCH) {
  if (game.created && game.synced >= game.actions.length) return null;
  const from = game.synced;
  const to = Math.min(game.actions.length, from + limit);
  /** @type {SyncBody} */
  const body = { version: from, actions: game.actions.slice(from, to), times: game.times.slice(from, to) };
  if (!game.created) {
    body.start = { code: game.code, profile: game.profile };
    if (game.proof) body.start.proof = game.proof;
  }
  return body;
}

/**
 * @typedef {object} SyncDeps
 * @property {() => Promise<DeviceGame[]>} pending the device's games with something to send, newest first
 * @property {(id: string, body: SyncBody, keepalive: boolean) => Promise<Sent>} send
 * @property {(game: DeviceGame, body: SyncBody, view: any) => Promise<unknown>} acknowledged the server stored the batch
 * @property {(game: DeviceGame, body: SyncBody, answer: {status: number, body: any}) => Promise<unknown>} refused
 *   the server refused the batch: the page takes the server's game (it must leave nothing of this batch pending)
 * @property {{setTimeout: (fn: () => void, ms: number) => any, clearTimeout: (timer: any) => void}} [timers]
 * @property {number} [delay] ms from the first unsent action to its batch
 * @property {number} [most] actions waiting that send a batch at once
 */

export class SyncClient {
  /** @param {SyncDeps} deps */
  constructor(deps) {
    this.deps = deps;
    this.timers = deps.timers || { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t) };
    this.delay = deps.delay ?? DELAY_MS;
    this.most = deps.most ?? MAX_PENDING;
    /** @type {any} */
    this.timer = null;
    /** @type {Promise<Outcome> | null} */
    this.running = null;
    this.keepalive = false; // the page is hidden or closing: requests must outlive it
    this.rerun = false;
    /** @type {Outcome | null} */
    this.last = null;
    /** The batch of each game whose answer never came: sent again as it was (not with what was
     * played since), so the server can tell it is a retry.
     * @type {Map<string, {version: number, count: number}>} */
    this.unanswered = new Map();
  }

  /** An action was kept on the device; `waiting` actions of its game are not acknowledged yet.
   * @param {number} waiting */
  played(waiting) {
    if (waiting >= this.most) this.flush();
    else this.schedule();
  }

  /** A batch within the delay, unless one is on its way or due already. */
  schedule() {
    if (this.timer === null && !this.running) {
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.flush();
      }, this.delay);
    }
  }

  /** Send what waits now, batch after batch; resolves once nothing waits ("done"), or the server
   * could not be reached ("offline") or asked to wait ("later": tried again after the delay).
   * @param {{keepalive?: boolean}} [options] @returns {Promise<Outcome>} */
  flush(options = {}) {
    if (options.keepalive) this.keepalive = true;
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.running) {
      this.rerun = true; // what was played since the run read the device goes in a batch of its own
      return this.running;
    }
    const run = this.loop().then((outcome) => {
      this.running = null;
      if (outcome !== "done") this.schedule(); // tried again after the delay (and when the network is back)
      return outcome;
    }, (error) => {
      this.running = null;
      throw error;
    });
    this.running = run;
    return run;
  }

  /** @returns {Promise<Outcome>} */
  async loop() {
    /** @type {Set<string>} */
    const refusedNow = new Set();
    for (;;) {
      this.rerun = false;
      const games = (await this.deps.pending()).filter((g) => !refusedNow.has(batchKey(g)));
      const game = games[0];
      const body = game ? batchOf(game, this.sizeFor(game)) : null;
      if (!game || !body) return this.ended("done");
      let sent;
      try {
        sent = await this.deps.send(game.id, body, this.keepalive);
      } catch (_) {
        sent = /** @type {Sent} */ ({ ok: false, offline: true });
      }
      if (sent.ok || "refused" in sent) this.unanswered.delete(game.id);
      else this.unanswered.set(game.id, { version: body.version, count: body.actions.length });
      if (sent.ok) {
        await this.deps.acknowledged(game, body, sent.view);
      } else if ("refused" in sent) {
        refusedNow.add(batchKey(game)); // never the same batch twice in a run, whatever the page did of it
        await this.deps.refused(game, body, sent.refused);
      } else {
        return this.ended("offline" in sent ? "offline" : "later");
      }
    }
  }

  /** How many actions the next batch of `game` may hold.
   * @param {DeviceGame} game */
  sizeFor(game) {
    const kept = this.unanswered.get(game.id);
    return kept && kept.version === game.synced && kept.count > 0 ? kept.count : MAX_BATCH;
  }

  /** @param {Outcome} outcome */
  ended(outcome) {
    this.last = outcome;
    return outcome;
  }

  /** The page is visible again: requests need not outlive it. */
  visible() {
    this.keepalive = false;
  }
}

/** @param {DeviceGame} game */
const batchKey = (game) => `${game.id}@${game.synced}/${game.actions.length}`;
