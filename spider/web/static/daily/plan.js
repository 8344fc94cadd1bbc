// What the daily deals' screen offers, decided from the server's answers alone (pure, so node
// --test covers it): a level's name, the button a deal wears, what playing it does, and the rows
// of a leaderboard.
import { t, tn } from "../core/i18n.js";

/** A daily level's short name ("Spider, 2 suits"): every daily deal plays the classic rules, and
 * the catalog's longer name carries the level's usual difficulty, which the deal's own replaces. */
export function levelTitle(key) {
  const [game, suits] = key.split("-");
  const name = game === "spiderette" ? t("Spiderette") : t("Spider");
  return t("{game}, {suits}", { game: name, suits: tn("{n} suit", "{n} suits", Number(suits)) });
}

/** The one action a deal offers: today "play" (no counted attempt yet), "continue" (it is being
 * played) or "practice" (it is finished); "wait" while today's deal is being prepared (Play then
 * has the server make it at once: the schedule may have failed); a day that
 * is over "replay" (play its revealed deck as an ordinary game) or nothing without a deck. */
export function dealAction(deal, isToday) {
  if (!isToday) return deal.deck ? "replay" : null;
  if (!deal.difficulty) return "wait";
  if (!deal.result) return "play";
  return deal.result.state === "playing" ? "continue" : "practice";
}

/** Whether "continue" on `day`'s deal of `level` needs nothing but closing the screen: that game
 * is the one on the table (`view`), still in play. */
export function playingOnTable(action, day, level, view) {
  const shown = view && view.daily;
  return action === "continue" && Boolean(shown) && shown.date === day && shown.level === level && !view.won;
}

/** Whether the game in progress (`losing`, or null) is the attempt at `day`'s deal of `level`
 * itself: playing that deal again does not make it a loss, so nothing is asked first. */
export function sameAttempt(losing, day, level) {
  return Boolean(losing && losing.daily && losing.daily.date === day && losing.daily.level === level);
}

/** Whether a deal's winning line can be watched: only once its day is over, which reveals it. */
export function canWatch(deal, isToday) {
  return !isToday && Array.isArray(deal.line) && deal.line.length > 0;
}

/** The rows a leaderboard shows: the top entries, then, when the player's own place is outside
 * them, a gap and the entries around theirs. Each row is an entry or {gap: true}. */
export function boardRows(board) {
  const rows = [...(board.entries || [])];
  const you = board.you;
  if (!you || !you.around || !you.around.length || rows.some((entry) => entry.you)) return rows;
  const shown = new Set(rows.map((entry) => entry.rank));
  const around = you.around.filter((entry) => !shown.has(entry.rank));
  if (!around.length) return rows;
  const last = rows.length ? rows[rows.length - 1].rank : 0;
  if (around[0].rank > last + 1) rows.push({ gap: true });
  return [...rows, ...around];
}

/** The new game request that plays a day's revealed deck (POST /api/games). */
export function deckRequest(deck, profile) {
  return { game: deck.game, suits: deck.suits, rules: deck.rules, deck: deck.deck, profile: profile || "standard" };
}
