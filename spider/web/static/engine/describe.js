// The table's text description for screen readers (spider/engine/describe.py), word for word. The
// message ids are the Python engine's, so the page's catalog (spider/locale) translates them; the
// caller passes a translator of gettext's shape (English as it stands with ENGLISH).
import { RANKS, SUITS } from "./cards.js";

/**
 * @typedef {object} Translations
 * @property {(message: string) => string} gettext
 * @property {(singular: string, plural: string, n: number) => string} ngettext
 * @property {(context: string, message: string) => string} pgettext
 * @property {(context: string, singular: string, plural: string, n: number) => string} npgettext
 */

/** @type {Translations} */
export const ENGLISH = Object.freeze({
  gettext: (message) => message,
  ngettext: (singular, plural, n) => (n === 1 ? singular : plural),
  pgettext: (_context, message) => message,
  npgettext: (_context, singular, plural, n) => (n === 1 ? singular : plural),
});

/** str.format with named fields only. @param {string} text @param {Record<string, string | number>} params */
const fill = (text, params) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));

// Each translator's card names, worded on first use: a description names every face-up card.
/** @type {WeakMap<Translations, Record<string, string>>} */
const NAMES = new WeakMap();

/**
 * Every card's name in the language of `tr`: "10S" → "10 of spades".
 * @param {Translations} tr
 * @returns {Record<string, string>}
 */
export function cardNames(tr = ENGLISH) {
  const known = NAMES.get(tr);
  if (known) return known;
  const names = {
    S: [tr.gettext("ace of spades"), tr.gettext("jack of spades"), tr.gettext("queen of spades"),
      tr.gettext("king of spades"), tr.gettext("{rank} of spades")],
    H: [tr.gettext("ace of hearts"), tr.gettext("jack of hearts"), tr.gettext("queen of hearts"),
      tr.gettext("king of hearts"), tr.gettext("{rank} of hearts")],
    D: [tr.gettext("ace of diamonds"), tr.gettext("jack of diamonds"), tr.gettext("queen of diamonds"),
      tr.gettext("king of diamonds"), tr.gettext("{rank} of diamonds")],
    C: [tr.gettext("ace of clubs"), tr.gettext("jack of clubs"), tr.gettext("queen of clubs"),
      tr.gettext("king of clubs"), tr.gettext("{rank} of clubs")],
  };
  /** @type {Record<string, number>} */
  const special = { A: 0, J: 1, Q: 2, K: 3 };
  /** @type {Record<string, string>} */
  const out = {};
  for (const suit of SUITS) {
    const words = names[/** @type {"S" | "H" | "D" | "C"} */ (suit)];
    for (const rank of RANKS) out[rank + suit] = rank in special ? words[special[rank]] : fill(words[4], { rank });
  }
  NAMES.set(tr, out);
  return out;
}

/**
 * @typedef {{down: number | unknown[], up: string[]}} DescribedColumn
 * @typedef {{stock: number | unknown[], deals_left: number, removed: number, columns: DescribedColumn[]}} Described
 */

/**
 * Describe a public view, sentence by sentence.
 * @param {Described} view @param {Translations} [tr]
 */
export function describe(view, tr = ENGLISH) {
  const stock = typeof view.stock === "number" ? view.stock : view.stock.length;
  const deals = view.deals_left;
  const removed = view.removed;
  const head = fill(tr.ngettext("Stock: {n} card", "Stock: {n} cards", stock), { n: stock })
    + ", " + fill(tr.ngettext("{n} deal left", "{n} deals left", deals), { n: deals })
    + "; " + (removed === 0 ? tr.gettext("no sequence removed")
    : fill(tr.ngettext("{n} sequence removed", "{n} sequences removed", removed), { n: removed }))
    + ".";
  const names = cardNames(tr);
  const columns = view.columns.map((col, i) => column(i + 1, col, names, tr));
  return head + " " + columns.join("; ") + ".";
}

/**
 * The first column starts a sentence; the others follow a semicolon, which some languages write
 * in lower case (the context "later column").
 * @param {number} i @param {DescribedColumn} col @param {Record<string, string>} names @param {Translations} tr
 */
function column(i, col, names, tr) {
  const down = typeof col.down === "number" ? col.down : col.down.length;
  if (!col.up.length && !down) {
    return fill(i === 1 ? tr.gettext("Column {column}: empty") : tr.pgettext("later column", "Column {column}: empty"),
      { column: i });
  }
  const cards = col.up.map((c) => names[c]).join(", ");
  const text = i === 1
    ? tr.ngettext("Column {column}: {down} face-down, then {cards}", "Column {column}: {down} face-down, then {cards}", down)
    : tr.npgettext("later column", "Column {column}: {down} face-down, then {cards}",
      "Column {column}: {down} face-down, then {cards}", down);
  return fill(text, { column: i, down, cards });
}
