// The chart of results over time: the player's games oldest to newest, each a dot (won high, lost
// low) on the line of their win rate so far. Drawn as SVG in the page's own colours (history.css).
import { t, tn } from "../core/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 130;
const PLOT = { left: 34, right: 312, top: 10, bottom: 100 }; // the plot area, in viewBox units

/** The chart's points from games newest first (GET /api/history): oldest first, each with the
 * win rate (percent) over the games up to and including it. Assisted games take no part. */
export function winRateLine(gamesNewestFirst) {
  const points = [];
  let wins = 0;
  for (const game of [...gamesNewestFirst].reverse()) {
    if (game.assisted) continue;
    wins += game.result === "won" ? 1 : 0;
    points.push({ won: game.result === "won", rate: (100 * wins) / (points.length + 1), finished: game.finished });
  }
  return points;
}

function node(tag, attrs, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, String(v));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** The chart for `games` (newest first); `date(seconds)` formats the first and last game's date. */
export function drawChart(games, date) {
  const points = winRateLine(games);
  const wins = points.filter((p) => p.won).length;
  const label = points.length
    ? tn("Your win rate, game by game, over {n} game: {wins} won.",
      "Your win rate, game by game, over {n} games: {wins} won.", points.length, { wins })
    : t("No games to chart yet.");
  const chart = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "history-chart", role: "img",
    "aria-label": label, focusable: "false" });
  const y = (rate) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * rate) / 100;
  for (const rate of [0, 50, 100]) {
    chart.append(node("line", { x1: PLOT.left, x2: PLOT.right, y1: y(rate), y2: y(rate), class: "grid" }));
    chart.append(node("text", { x: PLOT.left - 4, y: y(rate) + 3, class: "axis", "text-anchor": "end" }, `${rate} %`));
  }
  if (!points.length) return chart;
  const step = points.length > 1 ? (PLOT.right - PLOT.left) / (points.length - 1) : 0;
  const x = (i) => (points.length > 1 ? PLOT.left + i * step : (PLOT.left + PLOT.right) / 2);
  chart.append(node("polyline", { class: "rate",
    points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rate).toFixed(1)}`).join(" ") }));
  const radius = Math.max(1.6, Math.min(4, step / 2.5 || 4));
  points.forEach((p, i) => chart.append(node("circle", { cx: x(i).toFixed(1), cy: y(p.rate).toFixed(1), r: radius,
    class: p.won ? "won" : "lost" })));
  const bottom = PLOT.bottom + 16;
  chart.append(node("text", { x: PLOT.left, y: bottom, class: "axis" }, date(points[0].finished)));
  if (points.length > 1) {
    chart.append(node("text", { x: PLOT.right, y: bottom, class: "axis", "text-anchor": "end" },
      date(points[points.length - 1].finished)));
  }
  const legend = PLOT.bottom + 28;
  chart.append(node("circle", { cx: PLOT.left + 4, cy: legend - 3, r: 3.5, class: "won" }));
  chart.append(node("text", { x: PLOT.left + 11, y: legend, class: "axis" }, t("won")));
  chart.append(node("circle", { cx: PLOT.left + 74, cy: legend - 3, r: 3.5, class: "lost" }));
  chart.append(node("text", { x: PLOT.left + 81, y: legend, class: "axis" }, t("lost")));
  chart.append(node("line", { x1: PLOT.left + 144, x2: PLOT.left + 160, y1: legend - 3, y2: legend - 3, class: "rate" }));
  chart.append(node("text", { x: PLOT.left + 166, y: legend, class: "axis" }, t("Win rate")));
  return chart;
}
