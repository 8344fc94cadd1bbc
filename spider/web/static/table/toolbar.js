// The toolbar's buttons wear an icon beside (on phones: above) their word. Where the words of the
// current language do not fit the window they stand under the icons, in a smaller type; only where
// even that does not fit do the icons stand alone, each with a tooltip, the words kept as the
// buttons' accessible names. fitToolbar runs after every render (a resize renders again).
import { $, el } from "../core/dom.js";
import { state, update } from "../core/state.js";
import { keep, keptFor } from "./kept-layout.js";

const SVG = "http://www.w3.org/2000/svg";

// 24×24 stroked outlines, by button id; a button without one keeps its word on show.
const ICONS = {
  "btn-new": "M6 3h9l3 3v15H6z M12 9v8 M8 13h8",
  "btn-undo": "M9 14 4 9l5-5 M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  "btn-redo": "M15 14l5-5-5-5 M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
  "btn-hint": "M9 18h6 M10 21h4 M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3z",
  "btn-help": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M9.5 9.5a2.6 2.6 0 0 1 5 1c0 1.8-2.5 2.2-2.5 3.6 M12 17.2v.3",
  "btn-menu": "M4 6h16 M4 12h16 M4 18h16",
  "btn-daily": "M4 5h16v15H4z M4 10h16 M8 3v4 M16 3v4 M9 15l2 2 4-4",
};

const TOOL_BUTTONS = "#toolbar > button, #tool-slot > button, .menu-wrap > button";

/** @param {string} path */
function icon(path) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "tool-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const line = document.createElementNS(SVG, "path");
  line.setAttribute("d", path);
  svg.append(line);
  return svg;
}

/** Give a button its icon and put its text in a label (again after its text was replaced). */
/** @param {HTMLElement} button */
function dress(button) {
  const path = ICONS[/** @type {keyof typeof ICONS} */ (button.id)];
  if (!path || button.querySelector(":scope > .tool-label")) return;
  const word = (button.textContent || "").trim();
  button.replaceChildren(icon(path), el("span", { class: "tool-label", text: word }));
  button.classList.add("tool");
}

/** @param {Element} node */
function overflows(node) {
  return node.scrollWidth > node.clientWidth + 1;
}

/** The word a button shows when its icon stands alone: its name (an aria-label says more). */
/** @param {HTMLElement} button */
function tooltipOf(button) {
  return button.getAttribute("aria-label") || (button.textContent || "").trim();
}

// What the toolbar was last fitted to: the window's size and each button's words and visibility.
// Nothing else changes which fit is first to fit, so a render that changed none of these (a new
// game, the table drawn again) keeps the fit without laying out the page up to three times more:
// state.toolbarFit is what the fit was worked out for.

/** @param {HTMLElement[]} buttons */
function fitKey(buttons) {
  return [window.innerWidth, window.innerHeight, ...buttons.map((b) => `${b.id} ${b.hidden} ${b.getAttribute("aria-label")} ${b.textContent}`)].join("\n");
}

// From the roomiest to the most compact: words beside the icons, words under them, icons alone.
const FITS = ["", "stacked", "icons-only"];

/** @param {HTMLElement} toolbar @param {string} fit */
function setFit(toolbar, fit) {
  toolbar.classList.remove(...FITS.filter(Boolean));
  if (fit) toolbar.classList.add(fit);
}

/** The first of FITS in which every word fits its button and the toolbar fits its place, tried
 * on the page (a layout of the page for each).
 * @param {HTMLElement} toolbar @param {HTMLElement[]} buttons */
function measuredFit(toolbar, buttons) {
  // beside the top bar (wide screens) the toolbar may take about half the width; as the bottom bar, all
  const fits = () => {
    const fullWidth = toolbar.offsetWidth >= document.documentElement.clientWidth - 1;
    const tooWide = overflows(toolbar) || (!fullWidth && toolbar.offsetWidth > window.innerWidth * 0.55);
    const crowded = buttons.some((b) => overflows(b) || [...b.querySelectorAll(".tool-label")].some(overflows));
    return !tooWide && !crowded;
  };
  for (const fit of FITS) {
    setFit(toolbar, fit);
    if (fits()) return fit;
  }
  return FITS[FITS.length - 1];
}

/** Give the toolbar the first of FITS that fits; `trustKept`: the fit this browser measured last
 * for the same window and words, if any, without measuring (the first table: kept-layout.js).
 * Returns the fit. */
export function fitToolbar({ trustKept = false } = {}) {
  const toolbar = $("toolbar");
  const buttons = [.../** @type {NodeListOf<HTMLElement>} */ (toolbar.querySelectorAll(TOOL_BUTTONS))];
  buttons.forEach(dress);
  const key = fitKey(buttons);
  if (key === state.toolbarFit) return toolbarFit();
  const known = trustKept ? keptFor("toolbar", key) : undefined;
  let fit = known;
  if (FITS.includes(known)) setFit(toolbar, known);
  else {
    fit = measuredFit(toolbar, buttons);
    keep("toolbar", key, fit);
  }
  for (const button of buttons) {
    if (fit === "icons-only" && button.classList.contains("tool")) button.title = tooltipOf(button);
    else button.removeAttribute("title");
  }
  update({ toolbarFit: key });
  return fit;
}

/** The fit the toolbar wears. */
function toolbarFit() {
  return FITS.find((fit) => fit && $("toolbar").classList.contains(fit)) || "";
}

/** Measure the toolbar's fit again (a kept one is checked so); whether it was right. */
export function refitToolbar() {
  const before = toolbarFit();
  update({ toolbarFit: null });
  return fitToolbar() === before;
}
