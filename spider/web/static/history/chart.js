// The chart of results over time: every game, oldest to newest, a dot (won green, lost red, an
// assisted game a ring: it does not count) on the line of the win rate so far. A few games are
// spaced as if there were more, so one game reads as a dot with its rate beside it, not a lone
// point in the middle. Drawn as SVG in the page's own colours (history.css); its key is a line of
// HTML under it, which wraps and makes room for each language's words.
import { el } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 120;
const PLOT = { left: 34, right: 300, top: 10, bottom: 100 }; // the plot area, in viewBox units
const FEW = 12; // up to this many games, each has the room of one twelfth of the width

/** The chart's points from games newest first (GET /api/history): oldest first, each with the
 * win rate (percent) over the games up to and including it. Assisted games take no part. */
export function winRateLine(gamesNewestFirst) {
  return gameMarks(gamesNewestFirst).filter((mark) => !mark.assisted);
}

/** Every game oldest first: {won, assisted, rate, finished}; an assisted game's rate is the rate
 * so far (null before any counted game), as it changes nothing. */
export function gameMarks(gamesNewestFirst) {
  const marks = [];
  let wins = 0;
  let counted = 0;
  for (const game of [...gamesNewestFirst].reverse()) {
    const won = game.result === "won";
    if (!game.assisted) {
      counted += 1;
      wins += won ? 1 : 0;
    }
    marks.push({ won, assisted: Boolean(game.assisted), rate: counted ? (100 * wins) / counted : null,
      finished: game.finished });
  }
  return marks;
}

function node(tag, attrs, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, String(v));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** The chart for `games` (newest first, at least one) with its key under it; `date(seconds)`
 * formats the first and last game's date. */
export function drawChart(games, date) {
  const marks = gameMarks(games);
  const line = marks.filter((m) => !m.assisted);
  const wins = line.filter((p) => p.won).length;
  const label = line.length
    ? tn("Your win rate, game by game, over {n} game: {wins} won.",
      "Your win rate, game by game, over {n} games: {wins} won.", line.length, { wins })
    : t("No games to chart yet.");
  const chart = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "history-chart", role: "img",
    "aria-label": label, focusable: "false" });
  const y = (rate) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * (rate ?? 0)) / 100;
  for (const rate of [0, 50, 100]) {
    chart.append(node("line", { x1: PLOT.left, x2: PLOT.right, y1: y(rate), y2: y(rate), class: "grid" }));
    chart.append(node("text", { x: PLOT.left - 4, y: y(rate) + 3, class: "axis", "text-anchor": "end" }, `${rate} %`));
  }
  const slots = Math.max(marks.length, FEW);
  const step = (PLOT.right - PLOT.left) / slots;
  const x = (i) => PLOT.left + step * (i + 0.5);
  const xy = marks.map((m, i) => [x(i), y(m.rate)]);
  const counted = xy.filter((_, i) => !marks[i].assisted);
  if (counted.length > 1) {
    chart.append(node("polyline", { class: "rate", points: counted.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ") }));
  }
  const radius = Math.max(1.6, Math.min(4, step / 2.5));
  marks.forEach((m, i) => chart.append(node("circle", { cx: xy[i][0].toFixed(1), cy: xy[i][1].toFixed(1), r: radius,
    class: m.assisted ? "assisted" : m.won ? "won" : "lost" })));
  const newest = line[line.length - 1];
  if (newest) { // the rate now, beside the newest counted game
    const [lx, ly] = counted[counted.length - 1];
    const right = lx > PLOT.right - 30;
    chart.append(node("text", { x: right ? lx - 6 : lx + 6, y: Math.max(ly - 5, PLOT.top + 3), class: "axis now",
      "text-anchor": right ? "end" : "start" }, `${Math.round(newest.rate)} %`));
  }
  const bottom = PLOT.bottom + 16;
  const first = date(marks[0].finished);
  const last = date(marks[marks.length - 1].finished);
  chart.append(node("text", { x: PLOT.left, y: bottom, class: "axis" }, first));
  if (last !== first) chart.append(node("text", { x: PLOT.right, y: bottom, class: "axis", "text-anchor": "end" }, last));
  return el("div", { class: "history-chart-figure" }, chart, legendOf(marks.some((m) => m.assisted)));
}

/** The key under the chart: a swatch (a dot, a ring, the rate's line) beside each word. */
function legendOf(withAssisted) {
  const swatch = (shape) => {
    const svg = node("svg", { viewBox: "0 0 16 8", class: "history-chart swatch", "aria-hidden": "true", focusable: "false" });
    svg.append(shape);
    return svg;
  };
  const dot = (cls) => swatch(node("circle", { cx: 8, cy: 4, r: 3.5, class: cls }));
  const key = (mark, text) => el("li", {}, mark, text);
  return el("ul", { class: "history-legend" },
    key(dot("won"), t("won")),
    key(dot("lost"), t("lost")),
    key(swatch(node("line", { x1: 0, x2: 16, y1: 4, y2: 4, class: "rate" })), t("Win rate")),
    withAssisted ? key(dot("assisted"), t("assisted")) : null);
}
