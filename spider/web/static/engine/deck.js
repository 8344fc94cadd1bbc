// Decks in deal order (spider/engine/deck.py): validation against a variant's composition and the
// layout they deal.
import { cardText, parseCard } from "./cards.js";
import { EngineError } from "./errors.js";
import { composition } from "./variants.js";

/** @typedef {import("./variants.js").Variant} Variant */

/** @param {string} game */
const capitalized = (game) => game[0].toUpperCase() + game.slice(1);

/**
 * Parse and validate a deck; the reason names the count, an unknown card, or what is missing or extra.
 * @param {Variant} v @param {unknown} cards
 */
export function parseDeck(v, cards) {
  if (!Array.isArray(cards)) throw new EngineError("bad_deck", "A deck must be a list of cards in deal order");
  const parsed = cards.map(parseCard);
  if (parsed.length !== v.cardCount) {
    throw new EngineError("bad_deck", "A {game_name} deck has {expected} cards, this one has {count}",
      { count: parsed.length, expected: v.cardCount, game_name: capitalized(v.game) });
  }
  const balance = new Map(); // card → how many more the deck has than the variant (negative: missing)
  for (const c of parsed) balance.set(c, (balance.get(c) ?? 0) + 1);
  for (const c of composition(v)) balance.set(c, (balance.get(c) ?? 0) - 1);
  const sorted = [...balance.entries()].sort((a, b) => a[0] - b[0]);
  const missing = counted(sorted.filter(([, n]) => n < 0).map(([c, n]) => [c, -n]));
  const extra = counted(sorted.filter(([, n]) => n > 0));
  if (missing.length || extra.length) {
    const template = !extra.length ? "The deck is not a {suits}-suit {game_name} deck: missing {missing}"
      : !missing.length ? "The deck is not a {suits}-suit {game_name} deck: extra {extra}"
        : "The deck is not a {suits}-suit {game_name} deck: missing {missing}; extra {extra}";
    throw new EngineError("bad_deck", template, {
      suits: v.suits, game_name: capitalized(v.game), missing: missing.join(", "), extra: extra.join(", "),
    });
  }
  return parsed;
}

/** @param {number[][]} cards [card, count] pairs */
function counted(cards) {
  return cards.map(([c, n]) => cardText(c) + (n > 1 ? ` ×${n}` : ""));
}

/**
 * Split a deck into the starting columns (bottom to top) and the stock (in dealing order): the
 * tableau is dealt row by row, each row left to right over the columns that still take cards.
 * @param {Variant} v @param {number[]} deck
 * @returns {{columns: number[][], stock: number[]}}
 */
export function layout(v, deck) {
  /** @type {number[][]} */
  const columns = Array.from({ length: v.columns }, () => []);
  let position = 0;
  const rows = Math.max(...v.tableau);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < v.columns; col++) {
      if (row < v.tableau[col]) columns[col].push(deck[position++]);
    }
  }
  return { columns, stock: deck.slice(position) };
}
