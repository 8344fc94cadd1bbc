// The player's history as files to keep: JSON (the statistics and every finished game) and CSV
// (one row a game). Pure, so node --test covers them; the column names are data, not UI text.

const CSV_COLUMNS = ["finished", "started", "level", "profile", "result", "moves", "seconds", "score", "assisted",
  "code", "id", "grade"];

/** Seconds since 1970 as an ISO 8601 UTC time ("" when missing). */
export function isoTime(seconds) {
  return seconds === null || seconds === undefined ? "" : new Date(seconds * 1000).toISOString();
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The games (as GET /api/history sends them) as CSV text, a header line first. */
export function historyCsv(games) {
  const lines = [CSV_COLUMNS.join(",")];
  for (const g of games) {
    const row = [isoTime(g.finished), isoTime(g.started), g.level, g.profile, g.result, g.moves, g.elapsed, g.score,
      g.assisted ? "yes" : "no", g.code, g.id, g.grade || ""];
    lines.push(row.map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The statistics (GET /api/stats's "levels") and the games as JSON text. */
export function historyJson(levels, games, now = Date.now() / 1000) {
  return `${JSON.stringify({ exported: isoTime(now), levels, games }, null, 2)}\n`;
}

/** Every game of the history, fetched page by page: `page(offset, limit)` → GET /api/history's answer. */
export async function allGames(page, limit = 200) {
  const games = [];
  for (;;) {
    const answer = await page(games.length, limit);
    games.push(...answer.games);
    if (!answer.games.length || games.length >= answer.total) return games;
  }
}
