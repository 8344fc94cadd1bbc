// Card sizes and column offsets. metricsFor and columnOffsets are pure (node --test covers
// them); measureMetrics reads the page's sizes and hands them over.
import { $ } from "../core/dom.js";

export const MIN_CW = 24;
export const MAX_CW = 132;
// The row of the stock and the completed sets above the tableau: 0.8 card high plus a gap
// (style.css draws .top-row with the same figures).
const TOP_ROW = 0.8;
const TOP_GAP = 6;
// Room a column needs besides the stock row, in card heights: one card and a fan of 1.6 more.
// With it a card never grows so tall that a deal's columns leave no room to fan.
const COLUMN_ROOM = 2.6;

/** The height of a card's corner index at card width cw (style.css: .face font-size). */
export function indexHeight(cw) {
  const font = Math.max(11, Math.min(cw * 0.21, 19));
  return Math.ceil(font * 1.3) + 3;
}

/**
 * Card width and height, gap, the height left for the columns and the two fan offsets for n
 * columns in a table area `width` wide and `height` high (the stock row included). The card
 * is as large as both allow, so the table fits the window at any shape.
 */
export function metricsFor({ width, height }, n) {
  const gap = Math.round(Math.max(3, Math.min(14, width * 0.012)));
  const byWidth = Math.floor((width - gap * (n - 1)) / n);
  const byHeight = Math.floor((height - TOP_GAP) / (TOP_ROW + COLUMN_ROOM) / 1.4);
  const cw = Math.max(MIN_CW, Math.min(byWidth, byHeight, MAX_CW));
  const ch = Math.round(cw * 1.4);
  const avail = Math.max(ch, Math.floor(height - Math.round(ch * TOP_ROW) - TOP_GAP));
  const fd = Math.max(5, Math.round(ch * 0.11));
  // a face-up card shows at least its corner index (a narrow phone card fans wider than 27%),
  // and where the window is tall (a phone or tablet upright) columns of 5 + 13 cards fan wider:
  // up to 40% of a card, or on a narrow phone card one and a half corner indexes
  const index = indexHeight(cw);
  const widest = Math.max(Math.round(ch * 0.4), Math.round(index * 1.5));
  const roomy = Math.min(widest, Math.floor((avail - ch - 5 * fd) / 12));
  const fu = Math.max(index, Math.round(ch * 0.27), roomy);
  return { cw, ch, gap, avail, fu, fd };
}

function measureMetrics(n) {
  const table = $("table");
  const content = $("table-content");
  const box = table.getBoundingClientRect();
  const bottom = box.bottom - parseFloat(getComputedStyle(table).paddingBottom || "0");
  return metricsFor({
    width: $("tableau").clientWidth || window.innerWidth,
    height: Math.max(0, Math.min(bottom, window.innerHeight) - content.getBoundingClientRect().top),
  }, n);
}

/**
 * Offsets of a column so that its last card ends within m.avail: face-down cards close up first
 * (to 3 px), then face-up ones (as far as needed), then face-down ones again (to 1 px).
 */
export function columnOffsets(down, up, m) {
  let fd = m.fd;
  let fu = m.fu;
  const need = () => down * fd + Math.max(0, up - 1) * fu + m.ch;
  if (need() > m.avail && down) fd = Math.max(3, (m.avail - m.ch - Math.max(0, up - 1) * fu) / down);
  if (need() > m.avail && up > 1) fu = Math.max(1, (m.avail - m.ch - down * fd) / (up - 1));
  if (need() > m.avail && down) fd = Math.max(1, (m.avail - m.ch - Math.max(0, up - 1) * fu) / down);
  return { fd, fu };
}

let metrics = null;
/** The metrics of the last layout (pointer input and motion measure against them). */
export function currentMetrics() {
  return metrics;
}

/** Size the cards for n columns and publish the sizes as CSS variables. */
export function layOut(n) {
  metrics = measureMetrics(n);
  const root = document.documentElement;
  root.style.setProperty("--cw", `${metrics.cw}px`);
  root.style.setProperty("--ch", `${metrics.ch}px`);
  return metrics;
}
