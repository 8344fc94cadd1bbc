// Card names and card drawing. Cards arrive in SPEC notation ("10S", "QH"); a face-down card
// arrives only as a count, so nothing here can name one.
import { t } from "./i18n.js";

export const RED = new Set(["H", "D"]);

export function parseCard(text) {
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

// The same message ids as the server's table description (spider/engine/describe.py).
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

// Pips as in a real deck for 2–10; a single large pip for the ace; a framed letter for J, Q, K.
// Positions are in a 100 × 140 box, as fractions of the pip area.
const PIPS = {
  2: [[50, 22], [50, 118]],
  3: [[50, 22], [50, 70], [50, 118]],
  4: [[30, 22], [70, 22], [30, 118], [70, 118]],
  5: [[30, 22], [70, 22], [50, 70], [30, 118], [70, 118]],
  6: [[30, 22], [70, 22], [30, 70], [70, 70], [30, 118], [70, 118]],
  7: [[30, 22], [70, 22], [50, 46], [30, 70], [70, 70], [30, 118], [70, 118]],
  8: [[30, 22], [70, 22], [50, 46], [30, 70], [70, 70], [50, 94], [30, 118], [70, 118]],
  9: [[30, 22], [70, 22], [30, 54], [70, 54], [50, 70], [30, 86], [70, 86], [30, 118], [70, 118]],
  10: [[30, 22], [70, 22], [50, 38], [30, 54], [70, 54], [30, 86], [70, 86], [50, 102], [30, 118], [70, 118]],
};

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function pip(suit, x, y, size, flip) {
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

// The face of a card: an index (rank over suit) in the top-left corner that stays readable in
// the visible strip when cards overlap, and the body below it.
export function drawFace(text) {
  const { rank, suit } = parseCard(text);
  const face = document.createElement("span");
  face.className = `face ${RED.has(suit) ? "red" : "black"} suit-${suit}`;
  face.setAttribute("aria-hidden", "true");
  const index = document.createElement("span");
  index.className = "index";
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank;
  index.append(r);
  const s = svg("svg", { class: "index-suit", viewBox: "0 0 100 100", focusable: "false" });
  s.append(svg("use", { href: `#suit-${suit}` }));
  index.append(s);
  face.append(index);

  const body = svg("svg", { class: "body", viewBox: "0 0 100 140", focusable: "false" });
  if (rank === "A") {
    body.append(pip(suit, 50, 70, 54, false));
  } else if (rank === "J" || rank === "Q" || rank === "K") {
    body.append(svg("rect", { x: "14", y: "12", width: "72", height: "116", rx: "6", class: "frame" }));
    const letter = svg("text", { x: "50", y: "84", "text-anchor": "middle", class: "court" });
    letter.textContent = rank;
    body.append(letter);
    body.append(pip(suit, 28, 30, 20, false));
    body.append(pip(suit, 72, 110, 20, true));
  } else {
    for (const [x, y] of PIPS[rank] || []) body.append(pip(suit, x, y, 22, y > 70));
  }
  face.append(body);
  // One large pip instead of the body when cards are small (phones): CSS picks which shows.
  const big = svg("svg", { class: "big", viewBox: "0 0 100 100", focusable: "false" });
  big.append(svg("use", { href: `#suit-${suit}` }));
  face.append(big);
  return face;
}

// The sprite of suit shapes, drawn for this app (100 × 100 boxes), added once to the page.
export function suitSprite() {
  const root = svg("svg", { width: "0", height: "0", "aria-hidden": "true" });
  root.style.position = "absolute"; // through CSSOM: the CSP refuses style attributes
  const defs = svg("defs", {});
  const shapes = {
    S: ["path", { d: "M50 4C36 24 6 40 6 62a21 21 0 0 0 38 12L38 96h24l-6-22a21 21 0 0 0 38-12C94 40 64 24 50 4z" }],
    H: ["path", { d: "M50 94C24 72 4 54 4 32A22 22 0 0 1 50 22a22 22 0 0 1 46 10c0 22-20 40-46 62z" }],
    D: ["path", { d: "M50 2L88 50 50 98 12 50z" }],
  };
  for (const [suit, [tag, attrs]] of Object.entries(shapes)) {
    const symbol = svg("symbol", { id: `suit-${suit}`, viewBox: "0 0 100 100" });
    symbol.append(svg(tag, attrs));
    defs.append(symbol);
  }
  const club = svg("symbol", { id: "suit-C", viewBox: "0 0 100 100" });
  club.append(svg("circle", { cx: "50", cy: "27", r: "21" }));
  club.append(svg("circle", { cx: "27", cy: "58", r: "21" }));
  club.append(svg("circle", { cx: "73", cy: "58", r: "21" }));
  club.append(svg("path", { d: "M44 50h12l6 46H38z" }));
  defs.append(club);
  root.append(defs);
  return root;
}
