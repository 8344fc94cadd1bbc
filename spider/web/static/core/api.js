// A thin client for the JSON API (docs/API.md). Every call resolves to the parsed body or
// rejects with an ApiError carrying the status and the server's {reason, message, params, view}.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// Addresses are relative to the page, so the app also works under a sub-path behind a proxy
// (a page at https://host/spider/ calls https://host/spider/api/…): "/api/x" is fetched as "api/x".
export const relative = (path) => path.replace(/^\//, "");

async function call(method, path, body) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(relative(path), options);
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  player: () => call("GET", "/api/player"),
  saveSettings: (settings) => call("PUT", "/api/player/settings", settings),
  setName: (name) => call("PUT", "/api/player/name", { name }),
  transfer: () => call("POST", "/api/player/transfer"),
  link: (code) => call("POST", "/api/player/link", { code }),
  newGame: (options) => call("POST", "/api/games", options),
  checkCode: (code) => call("GET", `/api/codes/${encodeURIComponent(code)}`),
  current: () => call("GET", "/api/games/current"),
  health: () => call("GET", "/api/health"),
  act: (id, body) => call("POST", `/api/games/${encodeURIComponent(id)}/actions`, body),
  restart: (id) => call("POST", `/api/games/${encodeURIComponent(id)}/restart`),
  clock: (id, elapsed) => call("POST", `/api/games/${encodeURIComponent(id)}/clock`, { elapsed }),
  record: (id) => call("GET", `/api/games/${encodeURIComponent(id)}/record`),
  stats: (level) => call("GET", `/api/stats/${encodeURIComponent(level)}`),
  allStats: () => call("GET", "/api/stats"),
  // query: {level?, offset?, limit?}
  history: (query = {}) => call("GET", `/api/history?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined))}`),
  forgetHistory: () => call("DELETE", "/api/history"),
  replay: (id, step) => call("GET", `/api/games/${encodeURIComponent(id)}/replay/${step}`),
  help: () => call("GET", "/api/help"),
  catalog: () => call("GET", "/api/catalog"),
  // deep: the strong player's hint, worked out by a solver worker (seconds, one at a time)
  hint: (id, deep = false) => call("POST", `/api/games/${encodeURIComponent(id)}/hint${deep ? "?deep=true" : ""}`),
  // Finish: the solver's line from a position that hides nothing (docs/RULES.md, Finish)
  finish: (id) => call("POST", `/api/games/${encodeURIComponent(id)}/finish`),
  // a solve is a job: started (202 with its id), polled for progress and answer, or cancelled
  solve: (id, timeLimit) => call("POST", `/api/games/${encodeURIComponent(id)}/solve`,
    timeLimit ? { time_limit: timeLimit } : {}),
  solveState: (job) => call("GET", `/api/solves/${encodeURIComponent(job)}`),
  cancelSolve: (job) => call("DELETE", `/api/solves/${encodeURIComponent(job)}`),
  // a finished game's review: the stored one at once, else a job to poll (or cancel) as a solve's
  review: (id) => call("POST", `/api/games/${encodeURIComponent(id)}/review`),
  reviewState: (job) => call("GET", `/api/reviews/${encodeURIComponent(job)}`),
  cancelReview: (job) => call("DELETE", `/api/reviews/${encodeURIComponent(job)}`),
  reviewLine: (id, step) => call("GET", `/api/games/${encodeURIComponent(id)}/review/line/${step}`),
  // daily deals: today's (with the countdown and streak), a day's, a month's calendar, a deal's
  // leaderboard, and today's game of a level (started, resumed, or a practice attempt)
  daily: () => call("GET", "/api/daily"),
  dailyDay: (date) => call("GET", `/api/daily/${encodeURIComponent(date)}`),
  dailyCalendar: (month) => call("GET", `/api/daily/calendar/${encodeURIComponent(month)}`),
  dailyBoard: (date, level, club) => call("GET", `/api/daily/${encodeURIComponent(date)}/${encodeURIComponent(level)}/leaderboard${
    club ? `?club=${encodeURIComponent(club)}` : ""}`),
  // a past day's deal after `step` actions of its winning line, every card face up
  dailyLine: (date, level, step) =>
    call("GET", `/api/daily/${encodeURIComponent(date)}/${encodeURIComponent(level)}/line/${step}`),
  playDaily: (level) => call("POST", `/api/daily/${encodeURIComponent(level)}`),
  // clubs: the player's, making one, joining one by its invite, one's page, a new invite, leaving
  clubs: () => call("GET", "/api/clubs"),
  makeClub: (name) => call("POST", "/api/clubs", { name }),
  joinClub: (invite) => call("POST", "/api/invites/accept", { invite }),
  club: (id) => call("GET", `/api/clubs/${encodeURIComponent(id)}`),
  renewInvite: (id) => call("POST", `/api/clubs/${encodeURIComponent(id)}/invite`),
  leaveClub: (id) => call("DELETE", `/api/clubs/${encodeURIComponent(id)}/membership`),
};
