// Card sizes and column offsets. metricsFor and columnOffsets are pure (node --test covers
// them); measureMetrics reads the page's sizes and hands them over.
import { $ } from "../core/dom.js";
import { state, update } from "../core/state.js";
import { keep, keptFor } from "./kept-layout.js";

/**
 * The cards' sizes for a table (metricsFor()), in px.
 * @typedef {object} Metrics
 * @property {number} cw a card's width
 * @property {number} ch its height
 * @property {number} gap between two columns
 * @property {number} avail the height left for the columns
 * @property {number} fu the fan of a face-up card
 * @property {number} fd the fan of a face-down card
 * @property {number} strip the height of a card's index strip
 * @property {number} font the index's font size
 * @property {boolean} compact a card under COMPACT_CW wide
 * @property {boolean} stacked its index rank over suit
 */

export const MIN_CW = 24;
export const MAX_CW = 240;
// Below this width a card is "compact" (phones): one large suit or face replaces the pips, and
// its index stands rank over suit ("stacked", render.js sets the classes, cards.css draws them).
export const COMPACT_CW = 56;
// The row of the stock and the completed sets above the tableau: 0.8 card high plus a gap
// (style.css draws .top-row with the same figures).
const TOP_ROW = 0.8;
const TOP_GAP = 6;
// The column a card size must leave room for: a deal's five face-down cards and a run of
// thirteen, each fanned by a readable strip (a long game's columns compress further).
const DESIGN_DOWN = 5;
const DESIGN_UP = 13;
// Room a column needs besides the stock row in a low window, in card heights.
const LOW_ROOM = 2.6;
// A face-up card in a compressed column never shows less than this (its rank still reads).
export const MIN_STRIP = 24;

/** The corner index's font size in px at card width cw (style.css reads it as --index-font).
 * @param {number} cw @param {boolean} [stacked] */
export function indexFont(cw, stacked = cw < COMPACT_CW) {
  if (stacked) return Math.max(14, Math.min(Math.round(cw * 0.48), 24));
  return Math.max(14, Math.min(Math.round(cw * 0.19), 32));
}

/** The height of the strip that holds a card's corner index: rank beside suit, or on a compact
 *  card rank over suit. Nothing else of the face is drawn in it, so a fanned card shows it clean.
 * @param {number} cw @param {boolean} [stacked] */
export function indexHeight(cw, stacked = cw < COMPACT_CW) {
  const font = indexFont(cw, stacked);
  return stacked ? Math.ceil(font * 1.85) + 3 : Math.ceil(font * 1.15) + 5;
}

const gapFor = (/** @type {number} */ width) => Math.round(Math.max(3, Math.min(16, width * 0.008)));

// A compact card is taller than 5:7, so its face shows under its tall index; on a tall table
// (a phone upright) taller still, which uses the height the narrow width leaves.
/** @type {(cw: number, tall: boolean, stacked?: boolean) => number} */
const heightOf = (cw, tall, stacked = cw < COMPACT_CW) => Math.round(cw * (!stacked ? 1.4 : tall ? 1.7 : 1.5));

/** Does a card cw wide leave room for the design column in a table `height` high?
 * @param {number} cw @param {number} height @param {boolean} tall */
function fitsHeight(cw, height, tall) {
  const ch = heightOf(cw, tall);
  const fd = Math.max(4, Math.round(ch * 0.05));
  const need = Math.round(ch * TOP_ROW) + TOP_GAP + ch + DESIGN_DOWN * fd + (DESIGN_UP - 1) * indexHeight(cw);
  return need <= height;
}

/**
 * Card width and height, gap, the height left for the columns and the two fan offsets for n
 * columns in a table area `width` wide and `height` high (the stock row included). The columns
 * span the width unless the design column would then not fit the height.
 * @param {{width: number, height: number}} room @param {number} n
 * @returns {Metrics}
 */
export function metricsFor({ width, height }, n) {
  const gap = gapFor(width);
  const byWidth = Math.floor((width - gap * (n - 1)) / n);
  const tall = height > width * 1.4;
  let cw = Math.max(MIN_CW, Math.min(byWidth, MAX_CW));
  while (cw > MIN_CW && !fitsHeight(cw, height, tall)) cw -= 1;
  // A compact card's index stands rank over suit ("stacked"), except in a low window (a phone on
  // its side): no card size leaves room there for the design column, so the cards take a third
  // of the height below the stock row, keep a flat index and long columns compress instead.
  let stacked = cw < COMPACT_CW;
  const low = Math.max(MIN_CW, Math.min(byWidth, MAX_CW, Math.floor((height - TOP_GAP) / (TOP_ROW + LOW_ROOM) / 1.4)));
  if (stacked && cw < low) {
    cw = low;
    stacked = false;
  }
  const compact = cw < COMPACT_CW;
  const ch = heightOf(cw, tall, stacked);
  const avail = Math.max(ch, Math.floor(height - Math.round(ch * TOP_ROW) - TOP_GAP));
  const strip = indexHeight(cw, stacked);
  const clean = Math.max(MIN_STRIP, strip + Math.round(ch * 0.02)); // a finger's width at least
  // a compact card's fan widens on a tall window (a phone upright) up to one and a half indexes,
  // and face-down cards fan by more than a back's edge where the design column leaves room
  const roomUp = Math.floor((avail - ch - DESIGN_DOWN * Math.round(ch * 0.1)) / (DESIGN_UP - 1));
  const fu = stacked ? Math.max(clean, Math.min(roomUp, Math.round(strip * 1.6), Math.round(ch * 0.85))) : clean;
  const roomDown = Math.floor((avail - ch - (DESIGN_UP - 1) * fu) / DESIGN_DOWN);
  const fd = Math.max(4, Math.round(ch * 0.07), Math.min(roomDown, Math.round(ch * (stacked ? 0.3 : 0.12))));
  return { cw, ch, gap, avail, fu, fd, strip, font: indexFont(cw, stacked), compact, stacked };
}

/** @param {number} n */
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
 * (to 3 px), then face-up ones down to a readable strip, then both as far as needed.
 * @param {number} down @param {number} up @param {Metrics} m
 */
export function columnOffsets(down, up, m) {
  let fd = m.fd;
  let fu = m.fu;
  const floor = Math.min(fu, MIN_STRIP);
  const need = () => down * fd + Math.max(0, up - 1) * fu + m.ch;
  const upRoom = () => (m.avail - m.ch - down * fd) / (up - 1);
  if (need() > m.avail && down) fd = Math.max(3, (m.avail - m.ch - Math.max(0, up - 1) * fu) / down);
  if (need() > m.avail && up > 1) fu = Math.max(floor, upRoom());
  if (need() > m.avail && down) fd = Math.max(1, (m.avail - m.ch - Math.max(0, up - 1) * fu) / down);
  if (need() > m.avail && up > 1) fu = Math.max(1, upRoom());
  return { fd, fu };
}

/** The metrics of the last layout (pointer input and motion measure against them).
 * @returns {Metrics | null} */
export function currentMetrics() {
  return state.metrics;
}

/** @param {Metrics} m */
function publish(m) {
  const root = document.documentElement;
  root.style.setProperty("--cw", `${m.cw}px`);
  root.style.setProperty("--ch", `${m.ch}px`);
}

/** @param {number | undefined} top */
function publishTop(top) {
  if (top !== undefined) document.documentElement.style.setProperty("--top-h", `${top}px`);
}

/** What the room for n columns depends on besides the bars' contents: the window, the language's
 * words, the toolbar's fit and the looks (the body's classes). */
/** @param {number} n */
function layoutKey(n) {
  const looks = [...document.body.classList].filter((name) => name !== "ready").sort();
  return [window.innerWidth, window.innerHeight, window.devicePixelRatio, n, document.documentElement.lang,
    $("toolbar").className, ...looks].join(" ");
}

/** Measure the sizes for n columns and publish them as CSS variables. The top bar's text follows
 *  the card size, so the room is measured again once the bar has its new size. */
/** @param {number} n */
function measured(n) {
  let m = measureMetrics(n);
  publish(m);
  const again = measureMetrics(n);
  if (again.cw !== m.cw) {
    m = again;
    publish(m);
  }
  const bar = $("topbar");
  const top = bar ? Math.round(bar.getBoundingClientRect().bottom) : undefined;
  publishTop(top);
  keep("metrics", layoutKey(n), { m, top });
  return m;
}

/** Size the cards for n columns and publish the sizes as CSS variables; `trustKept`: take the
 * sizes this browser measured last for the same window and words, if any, without measuring
 * (the first table: kept-layout.js).
 * @param {number} n @param {{trustKept?: boolean}} [how] @returns {Metrics} */
export function layOut(n, { trustKept = false } = {}) {
  const known = trustKept ? keptFor("metrics", layoutKey(n)) : undefined;
  if (known && known.m && Number.isFinite(known.m.cw)) {
    update({ metrics: known.m });
    publish(known.m);
    publishTop(known.top);
  } else {
    update({ metrics: measured(n) });
  }
  return state.metrics;
}

/** Measure the sizes for n columns again (kept ones are checked so); whether they were right.
 * @param {number} n */
export function layoutHolds(n) {
  const was = JSON.stringify(state.metrics);
  update({ metrics: measured(n) });
  return JSON.stringify(state.metrics) === was;
}
