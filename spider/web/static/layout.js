// Card sizes and column offsets. metricsFor and columnOffsets are pure (node --test covers
// them); measureMetrics reads the page's sizes and hands them over.
import { $ } from "./dom.js";

/** Card width and height, gap, room below the table's top and the two fan offsets for n columns. */
export function metricsFor({ width, top, viewportHeight, bottomBar }, n) {
  const gap = Math.round(Math.max(3, Math.min(14, width * 0.012)));
  let cw = Math.floor((width - gap * (n - 1)) / n);
  cw = Math.max(24, Math.min(cw, 118));
  const ch = Math.round(cw * 1.4);
  const avail = Math.max(ch * 3, viewportHeight - top - bottomBar - 12);
  return { cw, ch, gap, avail, fu: Math.max(24, Math.round(ch * 0.27)), fd: Math.max(5, Math.round(ch * 0.11)) };
}

function measureMetrics(n) {
  const tableau = $("tableau");
  const toolbar = $("toolbar");
  return metricsFor({
    width: tableau.clientWidth || window.innerWidth,
    top: tableau.getBoundingClientRect().top + window.scrollY,
    viewportHeight: window.innerHeight,
    // on phones the toolbar is fixed at the bottom and covers that much of the table
    bottomBar: getComputedStyle(toolbar).position === "fixed" ? toolbar.offsetHeight : 0,
  }, n);
}

/** Offsets of a column: face-down cards compress first, then face-up ones, never below 24 px. */
export function columnOffsets(down, up, m) {
  let fd = m.fd;
  let fu = m.fu;
  const need = () => down * fd + Math.max(0, up - 1) * fu + m.ch;
  if (need() > m.avail && down) fd = Math.max(3, (m.avail - m.ch - Math.max(0, up - 1) * fu) / down);
  if (need() > m.avail && up > 1) fu = Math.max(24, (m.avail - m.ch - down * fd) / (up - 1));
  return { fd, fu };
}

let metrics = null;
/** The metrics of the last layout (pointer input and motion measure against them). */
export function currentMetrics() {
  return metrics;
}

export function layOut(n) {
  metrics = measureMetrics(n);
  return metrics;
}
