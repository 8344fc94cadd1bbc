// Pure formatting of numbers the page shows (no DOM, so node --test covers it).

/** Seconds as "mm:ss", or "h:mm:ss" from an hour on; negative or missing counts as 0.
 * @param {number | null | undefined} seconds */
export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** The server's win rate is already a percentage (0–100) or null with no finished game.
 * @param {number | null | undefined} winRate */
export function formatWinRate(winRate, none = "—") {
  if (winRate === null || winRate === undefined || !Number.isFinite(Number(winRate))) return none;
  return `${Math.round(Number(winRate))} %`;
}

/** Seconds rounded to a tenth, as the server keeps the clock.
 * @param {number} seconds */
export function tenths(seconds) {
  return Math.round(seconds * 10) / 10;
}

/** Whether a game is of a daily deal whose day (UTC) still lasts: the server shows nothing of its
 * deck then, so its replay and review wait. `daily` is a past game's date or a view's daily block.
 * @param {string | {date: string} | null | undefined} daily */
export function dailySecret(daily, now = new Date()) {
  const day = typeof daily === "string" ? daily : daily && daily.date;
  return day ? day >= now.toISOString().slice(0, 10) : false;
}
