// A level's statistics as a definition list (the new-game dialog and the result show them), and
// the news of a win.
import { api } from "../core/api.js";
import { pendingGames } from "../core/device.js";
import { el } from "../core/dom.js";
import { formatTime, formatWinRate } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { unanswered } from "../core/offline.js";
import { GRADES, gradeName } from "./grade.js";

const DASH = "—";

/** The rows of the statistics list as [label, text]; `stats` may be null (none could be loaded). */
export function statsRows(stats) {
  const s = stats || {};
  const given = (value) => value !== null && value !== undefined;
  return [
    [t("Played"), s.played ?? 0],
    [t("Wins"), s.wins ?? 0],
    [t("Losses"), s.losses ?? 0],
    [t("Win rate"), formatWinRate(s.win_rate, DASH)],
    [t("Current streak"), s.streak ?? 0],
    [t("Best streak"), s.best_streak ?? 0],
    [t("Best score"), given(s.best_score) ? s.best_score : DASH],
    [t("Best time"), s.best_time ? formatTime(s.best_time) : DASH],
    [t("Fewest moves"), s.fewest_moves ? s.fewest_moves : DASH],
    [t("Perfect games"), s.perfect_wins ?? 0],
    [t("Best perfect streak"), s.best_perfect_streak ?? 0],
    ...gradeRows(s.by_grade || {}),
  ].map(([label, value]) => [label, String(value)]);
}

/** A definition list of [label, text] rows whose columns are about as wide as its longest row
 * (style.css, .stats: --row-ch characters), so a label like "Fewest moves" never wraps, in any
 * language: a long one takes fewer columns instead. */
export function statsList(rows, cls = "stats") {
  const dl = el("dl", { class: cls });
  for (const [label, value] of rows) dl.append(el("div", {}, el("dt", { text: label }), el("dd", { text: value })));
  dl.style.setProperty("--row-ch", String(Math.max(0, ...rows.map(([label, value]) => label.length + value.length))));
  return dl;
}

/** The win rate of each grade of winnable deal played: "Winnable: easy" → "67% (2 of 3)". */
function gradeRows(byGrade) {
  return GRADES.filter((grade) => byGrade[grade]).map((grade) => [
    t("Winnable: {grade}", { grade: gradeName(grade) }),
    t("{rate} ({wins} of {played})", { rate: formatWinRate(byGrade[grade].win_rate, DASH), wins: byGrade[grade].wins,
      played: byGrade[grade].played }),
  ]);
}

/** The finished games of `pending` (core/device.js's DeviceGame) not synced yet, newest first: of
 * `level` ("" for every one), but those a history lists already (`listed`: the server's ids).
 * @param {import("../core/device.js").DeviceGame[]} pending @param {string} [level] @param {Set<string>} [listed] */
export function unsyncedGames(pending, level = "", listed = new Set()) {
  return pending.filter((g) => g.status !== "active" && (!level || g.level === level) && !listed.has(g.id))
    .sort((a, b) => b.started - a.started);
}

/** What a level's figures do not count yet: `n` finished games this device has not synced ("" for none). */
export function unsyncedText(/** @type {number} */ n) {
  return n ? tn("And {n} game not synced yet: it counts once synced.", "And {n} games not synced yet: they count once synced.", n)
    : null;
}

/** Fill `container` with a heading and the statistics of `level` (a level key), and the games of it
 * this device has not synced yet; returns the statistics (null when none could be loaded). With no
 * server, it says the figures wait for it instead of showing empty ones.
 * @param {string | null | undefined} level @param {HTMLElement} container @param {string} headingText
 * @param {() => Promise<import("../core/device.js").DeviceGame[]>} [pending] */
export async function loadStats(level, container, headingText, pending = pendingGames) {
  const heading = () => el("h3", { id: `${container.id}-h`, text: headingText });
  container.replaceChildren(heading(), el("p", { class: "muted", text: t("Loading…") }));
  let stats = null;
  let away = false;
  try {
    stats = level ? await api.stats(level) : null;
  } catch (error) {
    away = unanswered(error);
  }
  let waiting = 0;
  try {
    waiting = level ? unsyncedGames(await pending(), level).length : 0;
  } catch (_) {
    waiting = 0; // no storage on this device: nothing kept
  }
  const figures = away ? el("p", { class: "muted", text: t("Your figures show once the server can be reached.") })
    : statsList(statsRows(stats));
  const later = unsyncedText(waiting);
  container.replaceChildren(heading(), figures, ...(later ? [el("p", { class: "hint-text", text: later })] : []));
  return stats;
}

/** The news of a win, in words: each best it set, then the streak (pure; node --test covers it). */
export function winNews(stats) {
  if (!stats) return { records: [], streak: "" };
  const set = new Set(stats.new_records || []);
  const records = [];
  if (set.has("best_time")) records.push(t("Best time!"));
  if (set.has("fewest_moves")) records.push(t("Fewest moves!"));
  if (set.has("best_score")) records.push(t("Best score!"));
  if (set.has("best_streak")) records.push(t("Longest streak: {n}", { n: stats.best_streak }));
  const streak = stats.streak ? t("Current streak: {n}", { n: stats.streak }) : "";
  return { records, streak };
}

/** A perfect win's words (docs/RULES.md, Perfect games): "" for any other game (pure). */
export function perfectNews(view, stats) {
  if (!view || !view.won || !view.perfect) return "";
  const streak = stats && stats.perfect_streak > 1 ? stats.perfect_streak : 0;
  return streak ? t("A perfect game: no undo, no hint. Perfect wins in a row: {n}", { n: streak })
    : t("A perfect game: no undo, no hint.");
}
