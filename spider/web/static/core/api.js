// A thin client for the JSON API (docs/API.md). Every call resolves to the parsed body or
// rejects with an ApiError carrying the status and the server's {reason, message, params, view}.
// The bodies' types are the server's models (api.d.ts, made from its OpenAPI schema). Each call
// tells core/connection.js whether the server answered; one that needs the server's copy of the
// games first lets the practice actions kept on the device reach it (beforeServerCopy).
import { reached } from "./connection.js";
import { hookList } from "./hooks.js";
/** @import * as A from "../api" */
/** @import { SyncBody } from "../play/sync-model.js" */

export class ApiError extends Error {
  /** @param {number} status @param {Partial<A.ErrorBody> & {view?: A.GameView} | null} body */
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    /** @type {Partial<A.ErrorBody> & {view?: A.GameView}} */
    this.body = body || {};
  }
}

// Addresses are relative to the page, so the app also works under a sub-path behind a proxy
// (a page at https://host/spider/ calls https://host/spider/api/…): "/api/x" is fetched as "api/x".
/** @param {string} path */
export const relative = (path) => path.replace(/^\//, "");

/** @type {ReturnType<typeof hookList<() => unknown>>} */
const serverCopy = hookList();

/** `hook()` runs (awaited) before each request that needs the server's copy of the player's games
 * (a hint, Finish, the solver, a review, a restart, a new game, a daily deal, the statistics): the
 * page sends the practice actions kept on the device first. Returns the function that removes it.
 * @param {() => unknown} hook */
export function beforeServerCopy(hook) {
  return serverCopy.add(hook);
}

/** @type {ReturnType<typeof hookList<(game: string, kind: "hint" | "solve") => unknown>>} */
const helpAsked = hookList();

/** `hook(game, kind)` after the server answered a hint ("hint": a win is no longer perfect) or a
 * solve ("solve": the game is assisted) for `game`, so the page's own copy of a practice game knows
 * it too (play/sync.js). Returns the function that removes it.
 * @param {(game: string, kind: "hint" | "solve") => unknown} hook */
export function onHelpAsked(hook) {
  return helpAsked.add(hook);
}

/** @template T @param {string} game @param {"hint" | "solve"} kind @param {Promise<T>} answer */
async function helped(game, kind, answer) {
  const value = await answer;
  helpAsked.call(game, kind);
  return value;
}

/** @template T @param {() => Promise<T>} request @returns {Promise<T>} */
async function withServerCopy(request) {
  try {
    await serverCopy.callInTurn();
  } catch (_) {
    // what could not be sent stays on the device; the request goes anyway
  }
  return request();
}

/** The answer's body, as the route's model says (`T`); null for 204 No Content. `keepalive` lets
 * the request outlive a closing page.
 * @template T
 * @param {string} method @param {string} path @param {unknown} [body] @param {{keepalive?: boolean}} [more]
 * @returns {Promise<T>} */
async function call(method, path, body, more = {}) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  if (more.keepalive) options.keepalive = true;
  /** @type {Response} */
  let response;
  try {
    response = await fetch(relative(path), options);
  } catch (error) {
    reached(false);
    throw error;
  }
  reached(true);
  if (response.status === 204) return /** @type {T} */ (null);
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return /** @type {T} */ (data);
}

const id = encodeURIComponent;

export const api = {
  /** @returns {Promise<A.Player>} */
  player: () => call("GET", "/api/player"),
  /** `lang` may be any the page was asked for: the server refuses one it has not
   * @param {Omit<A.SettingsBody, "lang"> & {lang?: string | null}} settings @returns {Promise<A.PlayerSettings>} */
  saveSettings: (settings) => call("PUT", "/api/player/settings", settings),
  /** @param {string} name @returns {Promise<A.DisplayName>} */
  setName: (name) => call("PUT", "/api/player/name", { name }),
  /** @returns {Promise<A.TransferCode>} */
  transfer: () => withServerCopy(() => call("POST", "/api/player/transfer")),
  /** @param {string} code @returns {Promise<A.Player>} */
  link: (code) => withServerCopy(() => call("POST", "/api/player/link", { code })),
  /** @param {A.NewGame} options @returns {Promise<A.GameView>} */
  newGame: (options) => withServerCopy(() => call("POST", "/api/games", options)),
  /** @param {string} code @returns {Promise<A.CodeCheck>} */
  checkCode: (code) => call("GET", `/api/codes/${id(code)}`),
  /** @returns {Promise<A.GameView>} */
  current: () => withServerCopy(() => call("GET", "/api/games/current")),
  /** @returns {Promise<A.Health>} */
  health: () => call("GET", "/api/health"),
  /** @param {string} game @param {A.ActionBody} body @returns {Promise<A.GameView>} */
  act: (game, body) => call("POST", `/api/games/${id(game)}/actions`, body),
  /** @param {string} game @returns {Promise<A.GameView>} */
  restart: (game) => withServerCopy(() => call("POST", `/api/games/${id(game)}/restart`)),
  /** @param {string} game @param {number} elapsed @returns {Promise<null>} */
  clock: (game, elapsed) => call("POST", `/api/games/${id(game)}/clock`, { elapsed }),
  /** `asIs`: the server's copy as it stands, without sending the device's actions first
   * @param {string} game @param {boolean} [asIs] @returns {Promise<A.GameRecord>} */
  record: (game, asIs = false) => (asIs ? call("GET", `/api/games/${id(game)}/record`)
    : withServerCopy(() => call("GET", `/api/games/${id(game)}/record`))),
  /** a batch of a practice game's actions played on the page (docs/API.md, "Syncing a practice game")
   * @param {string} game @param {SyncBody} body @param {boolean} [keepalive] @returns {Promise<A.GameView>} */
  sync: (game, body, keepalive = false) => call("POST", `/api/games/${id(game)}/sync`, body, { keepalive }),
  /** a deal the solver proved winnable, with the server's proof, kept for a game started offline
   * @param {{game: string, suits: number, rules: string, grade?: string}} level
   * @returns {Promise<{code: string, grade: string | null, proof: string}>} */
  winnableDeal: (level) => call("POST", "/api/deals/winnable", level),
  /** @param {string} level @returns {Promise<A.Stats>} */
  stats: (level) => withServerCopy(() => call("GET", `/api/stats/${id(level)}`)),
  /** @returns {Promise<A.AllStats>} */
  allStats: () => withServerCopy(() => call("GET", "/api/stats")),
  /** @param {{level?: string, offset?: number, limit?: number}} [query] @returns {Promise<A.History>} */
  history: (query = {}) => withServerCopy(() => call("GET", `/api/history?${new URLSearchParams(
    /** @type {[string, string][]} */ (Object.entries(query).filter(([, v]) => v !== undefined)))}`)),
  /** @returns {Promise<A.HistoryDeleted>} */
  forgetHistory: () => call("DELETE", "/api/history"),
  /** @param {string} game @param {number} step @returns {Promise<A.ReplayStep>} */
  replay: (game, step) => call("GET", `/api/games/${id(game)}/replay/${step}`),
  /** @returns {Promise<A.HelpPage>} */
  help: () => call("GET", "/api/help"),
  /** @returns {Promise<A.Catalog>} */
  catalog: () => call("GET", "/api/catalog"),
  /** deep: the strong player's hint, worked out by a solver worker (seconds, one at a time)
   * @param {string} game @param {boolean} [deep] @returns {Promise<A.Hint>} */
  hint: (game, deep = false) => helped(game, "hint", withServerCopy(() => call("POST", `/api/games/${id(game)}/hint${deep ? "?deep=true" : ""}`))),
  /** Finish: the solver's line from a position that hides nothing (docs/RULES.md, Finish)
   * @param {string} game @returns {Promise<A.Finish>} */
  finish: (game) => withServerCopy(() => call("POST", `/api/games/${id(game)}/finish`)),
  /** a solve is a job: started (202 with its id), polled for progress and answer, or cancelled
   * @param {string} game @param {number} [timeLimit] @returns {Promise<A.SolveJob>} */
  solve: (game, timeLimit) => helped(game, "solve", withServerCopy(() => call("POST", `/api/games/${id(game)}/solve`, timeLimit ? { time_limit: timeLimit } : {}))),
  /** @param {string} job @returns {Promise<A.SolveJob>} */
  solveState: (job) => call("GET", `/api/solves/${id(job)}`),
  /** @param {string} job @returns {Promise<null>} */
  cancelSolve: (job) => call("DELETE", `/api/solves/${id(job)}`),
  /** a finished game's review: the stored one at once, else a job to poll (or cancel) as a solve's
   * @param {string} game @returns {Promise<A.ReviewAnswer>} */
  review: (game) => withServerCopy(() => call("POST", `/api/games/${id(game)}/review`)),
  /** @param {string} job @returns {Promise<A.ReviewAnswer>} */
  reviewState: (job) => call("GET", `/api/reviews/${id(job)}`),
  /** @param {string} job @returns {Promise<null>} */
  cancelReview: (job) => call("DELETE", `/api/reviews/${id(job)}`),
  /** @param {string} game @param {number} step @returns {Promise<A.ReviewStep>} */
  reviewLine: (game, step) => call("GET", `/api/games/${id(game)}/review/line/${step}`),
  // daily deals: today's (with the countdown and streak), a day's, a month's calendar, a deal's
  // leaderboard, and today's game of a level (started, resumed, or a practice attempt)
  /** @returns {Promise<A.DailyToday>} */
  daily: () => call("GET", "/api/daily"),
  /** @param {string} date @returns {Promise<A.DailyDay>} */
  dailyDay: (date) => call("GET", `/api/daily/${id(date)}`),
  /** @param {string} month @returns {Promise<A.DailyCalendar>} */
  dailyCalendar: (month) => call("GET", `/api/daily/calendar/${id(month)}`),
  /** @param {string} date @param {string} level @param {string | null} [club] @returns {Promise<A.ClubLeaderboard>} */
  dailyBoard: (date, level, club) => call("GET", `/api/daily/${id(date)}/${id(level)}/leaderboard${
    club ? `?club=${id(club)}` : ""}`),
  /** a past day's deal after `step` actions of its winning line, every card face up
   * @param {string} date @param {string} level @param {number} step @returns {Promise<A.DailyLineStep>} */
  dailyLine: (date, level, step) => call("GET", `/api/daily/${id(date)}/${id(level)}/line/${step}`),
  /** @param {string} level @returns {Promise<A.GameView>} */
  playDaily: (level) => withServerCopy(() => call("POST", `/api/daily/${id(level)}`)),
  // clubs: the player's, making one, joining one by its invite, one's page, a new invite, leaving
  /** @returns {Promise<A.ClubList>} */
  clubs: () => call("GET", "/api/clubs"),
  /** @param {string} name @returns {Promise<A.ClubSummary>} */
  makeClub: (name) => call("POST", "/api/clubs", { name }),
  /** @param {string} invite @returns {Promise<A.ClubSummary>} */
  joinClub: (invite) => call("POST", "/api/invites/accept", { invite }),
  /** @param {string} club @returns {Promise<A.ClubPage>} */
  club: (club) => call("GET", `/api/clubs/${id(club)}`),
  /** @param {string} club @returns {Promise<A.ClubSummary>} */
  renewInvite: (club) => call("POST", `/api/clubs/${id(club)}/invite`),
  /** @param {string} club @returns {Promise<null>} */
  leaveClub: (club) => call("DELETE", `/api/clubs/${id(club)}/membership`),
};
