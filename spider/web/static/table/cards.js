// Card names and card drawing. Cards arrive in the notation of docs/FORMATS.md, Cards ("10S", "QH");
// a face-down card arrives only as a count, so nothing here can name one.
import { asset } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { state, update } from "../core/state.js";

export const RED = new Set(["H", "D"]);

/** @param {string} text */
export function parseCard(text) {
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

// The same message ids as the server's table description (spider/engine/describe.py).
/** @param {string} text */
export function cardName(text) {
  const { rank, suit } = parseCard(text);
  switch (suit) {
    case "S":
      if (rank === "A") return t("ace of spades");
      if (rank === "J") return t("jack of spades");
      if (rank === "Q") return t("queen of spades");
      if (rank === "K") return t("king of spades");
      return t("{rank} of spades", { rank });
    case "H":
      if (rank === "A") return t("ace of hearts");
      if (rank === "J") return t("jack of hearts");
      if (rank === "Q") return t("queen of hearts");
      if (rank === "K") return t("king of hearts");
      return t("{rank} of hearts", { rank });
    case "D":
      if (rank === "A") return t("ace of diamonds");
      if (rank === "J") return t("jack of diamonds");
      if (rank === "Q") return t("queen of diamonds");
      if (rank === "K") return t("king of diamonds");
      return t("{rank} of diamonds", { rank });
    default:
      if (rank === "A") return t("ace of clubs");
      if (rank === "J") return t("jack of clubs");
      if (rank === "Q") return t("queen of clubs");
      if (rank === "K") return t("king of clubs");
      return t("{rank} of clubs", { rank });
  }
}

// Standard pip layouts. A pip area of PIP_W × PIP_H units (a card is 100 × 140) holds three
// columns; a pip's row is a fraction of the way from the top row to the bottom row. Pips below
// the middle are drawn upside down, as on a printed card.
export const PIP_W = 76;
export const PIP_H = 87;
export const PIP = 19; // a pip's box; the ace's is ACE
export const ACE = 40;
const X = { L: 15, C: 38, R: 61 };
/** @type {Record<string, [keyof typeof X, number][]>} */
const ROWS = {
  2: [["C", 0], ["C", 1]],
  3: [["C", 0], ["C", 0.5], ["C", 1]],
  4: [["L", 0], ["R", 0], ["L", 1], ["R", 1]],
  5: [["L", 0], ["R", 0], ["C", 0.5], ["L", 1], ["R", 1]],
  6: [["L", 0], ["R", 0], ["L", 0.5], ["R", 0.5], ["L", 1], ["R", 1]],
  7: [["L", 0], ["R", 0], ["C", 0.25], ["L", 0.5], ["R", 0.5], ["L", 1], ["R", 1]],
  8: [["L", 0], ["R", 0], ["C", 0.25], ["L", 0.5], ["R", 0.5], ["C", 0.75], ["L", 1], ["R", 1]],
  9: [["L", 0], ["R", 0], ["L", 1 / 3], ["R", 1 / 3], ["C", 0.5], ["L", 2 / 3], ["R", 2 / 3], ["L", 1], ["R", 1]],
  10: [["L", 0], ["R", 0], ["C", 1 / 6], ["L", 1 / 3], ["R", 1 / 3], ["L", 2 / 3], ["R", 2 / 3], ["C", 5 / 6],
    ["L", 1], ["R", 1]],
};

/** The pips of a rank: centres in the pip area, box size, and whether each is upside down.
 * @param {string} rank @returns {{x: number, y: number, size: number, flip: boolean}[]} */
export function pipLayout(rank) {
  if (rank === "A") return [{ x: PIP_W / 2, y: PIP_H / 2, size: ACE, flip: false }];
  const top = PIP / 2;
  const span = PIP_H - PIP;
  return (ROWS[rank] || []).map(([col, f]) => {
    const y = top + span * f;
    return { x: X[col], y, size: PIP, flip: y > PIP_H / 2 + 0.01 };
  });
}

const SVG = "http://www.w3.org/2000/svg";
const COURTS = new Set(["J", "Q", "K"]);

/** @param {string} tag @param {Record<string, string>} attrs */
function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** @param {string} suit @param {{x: number, y: number, size: number, flip: boolean}} place */
function pip(suit, { x, y, size, flip }) {
  const use = svg("use", {
    href: `#suit-${suit}`,
    x: String(x - size / 2),
    y: String(y - size / 2),
    width: String(size),
    height: String(size),
  });
  if (flip) use.setAttribute("transform", `rotate(180 ${x} ${y})`);
  return use;
}

/** @param {string} rank @param {string} suit @param {string} where */
function cornerIndex(rank, suit, where) {
  const index = document.createElement("span");
  index.className = `index ${where}`;
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank;
  const s = svg("svg", { class: "index-suit", viewBox: "0 0 100 100", focusable: "false" });
  s.append(svg("use", { href: `#suit-${suit}` }));
  index.append(r, s);
  return index;
}

/** Where a court card's picture is: its own file, fetched on first use and cached (static/art).
 * @param {string} rank @param {string} suit */
export function courtArt(rank, suit) {
  return `${asset(`static/art/court-${rank}${suit}.svg`)}#art`; // relative to the page (a sub-path too)
}

// The face of a card: an index (rank beside suit) top-left alone in the strip a fanned card
// shows, the same index bottom-right upside down, and the body between them: pips for A–10, the
// picture for J, Q and K (its frame, sliced to the body's width, the top figure whole).
// A compact card shows one large suit, or the court figure's head, instead (cards.css).
const ART_FRAME = "-82.4 -130.4 164.8 260.8";
const ART_HEAD = "-46 -128 92 150";

// The pictures (a tenth of a megabyte for every court card) wait until the first table is on
// screen, so they never delay it: until then a court card shows its indexes alone.
/** Fetch and show the court pictures, from now on (state.courtArt) and those already on the table. */
export function showCourtArt() {
  update({ courtArt: true });
  for (const use of document.querySelectorAll("use[data-art]")) {
    use.setAttribute("href", /** @type {string} */ (use.getAttribute("data-art")));
    use.removeAttribute("data-art");
  }
}

/** @param {string} rank @param {string} suit @param {string} cls @param {string} viewBox */
function courtPicture(rank, suit, cls, viewBox) {
  const picture = svg("svg", { class: cls, viewBox, preserveAspectRatio: "xMidYMin slice", focusable: "false" });
  picture.append(svg("use", { [state.courtArt ? "href" : "data-art"]: courtArt(rank, suit) }));
  return picture;
}

/** @param {string} text */
export function drawFace(text) {
  const { rank, suit } = parseCard(text);
  const court = COURTS.has(rank);
  const face = document.createElement("span");
  face.className = `face ${RED.has(suit) ? "red" : "black"} suit-${suit}${court ? " court" : ""}`;
  face.setAttribute("aria-hidden", "true");
  face.append(cornerIndex(rank, suit, "top"));
  let body;
  let big;
  if (court) {
    body = courtPicture(rank, suit, "body court-art", ART_FRAME);
    big = courtPicture(rank, suit, "big court-face", ART_HEAD);
  } else {
    body = svg("svg", { class: "body pips", viewBox: `0 0 ${PIP_W} ${PIP_H}`, focusable: "false" });
    for (const p of pipLayout(rank)) body.append(pip(suit, p));
    big = svg("svg", { class: "big", viewBox: "0 0 100 100", focusable: "false" });
    big.append(svg("use", { href: `#suit-${suit}` }));
  }
  face.append(body, big, cornerIndex(rank, suit, "bottom"));
  return face;
}

/** Show the player's card back and table colour (settings card_back and table).
 * @param {{card_back?: string | null, table?: string | null}} settings */
export function applyLooks(settings, body = document.body) {
  for (const [prefix, value] of [["back", settings.card_back], ["felt", settings.table]]) {
    for (const cls of [...body.classList]) if (cls.startsWith(`${prefix}-`)) body.classList.remove(cls);
    if (value) body.classList.add(`${prefix}-${value}`);
  }
}
