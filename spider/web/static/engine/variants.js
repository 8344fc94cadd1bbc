// The games as frozen data (spider/engine/variants.py): one small table, no subclasses.
import { make } from "./cards.js";
import { EngineError } from "./errors.js";

export const GAMES = Object.freeze(["spider", "spiderette"]);
export const SUIT_COUNTS = Object.freeze([1, 2, 4]);
export const RULES = Object.freeze(["classic", "relaxed"]);

/**
 * @typedef {object} Variant
 * @property {string} game
 * @property {number} suits
 * @property {string} rules
 * @property {number} columns
 * @property {readonly number[]} tableau cards dealt to each column at the start
 * @property {readonly number[]} deals cards in each stock deal, dealt onto columns 1…n
 * @property {number} decks
 * @property {number} cardCount
 * @property {number} sequences sequences to remove to win: one per 13 cards
 * @property {boolean} relaxed
 * @property {string} key the level, e.g. "spider-2-classic"
 */

const LAYOUTS = {
  spider: { columns: 10, tableau: [6, 6, 6, 6, 5, 5, 5, 5, 5, 5], deals: [10, 10, 10, 10, 10], decks: 2 },
  spiderette: { columns: 7, tableau: [1, 2, 3, 4, 5, 6, 7], deals: [7, 7, 7, 3], decks: 1 },
};

/**
 * A variant, refusing combinations that don't exist with a message that says why.
 * @param {unknown} [game] @param {unknown} [suits] @param {unknown} [rules]
 * @returns {Variant}
 */
export function variant(game = "spider", suits = 1, rules = "classic") {
  if (game !== "spider" && game !== "spiderette") {
    throw new EngineError("bad_game", "Unknown game {game!r}: choose spider or spiderette", { game });
  }
  if (typeof suits !== "number" || !SUIT_COUNTS.includes(suits)) {
    throw new EngineError("bad_suits", "Unknown suit count {suits!r}: choose 1, 2 or 4", { suits });
  }
  if (rules !== "classic" && rules !== "relaxed") {
    throw new EngineError("bad_rules", "Unknown rules {rules!r}: choose classic or relaxed", { rules });
  }
  if (rules === "relaxed" && game === "spiderette") {
    throw new EngineError("bad_rules", "Spiderette has no relaxed rules", { rules });
  }
  if (rules === "relaxed" && suits === 1) {
    throw new EngineError("bad_rules", "Relaxed rules exist only with 2 or 4 suits", { rules });
  }
  const layout = LAYOUTS[game];
  const cardCount = 52 * layout.decks;
  return Object.freeze({
    game, suits, rules, ...layout, cardCount, sequences: cardCount / 13, relaxed: rules === "relaxed",
    key: `${game}-${suits}-${rules}`,
  });
}

/** @param {string} level a level's key, e.g. "spider-2-relaxed" */
export function variantOfLevel(level) {
  const [game, suits, rules] = level.split("-");
  return variant(game, Number(suits), rules);
}

/** The level key of a view or variant: "spider-2-classic". @param {{game: string, suits: number, rules: string}} v */
export const levelKey = (v) => `${v.game}-${v.suits}-${v.rules}`;

/** Every variant that exists, in spider/engine's all_variants() order. */
export function allVariants() {
  return GAMES.flatMap((game) => SUIT_COUNTS.flatMap((suits) => RULES
    .filter((rules) => rules === "classic" || (game === "spider" && suits > 1))
    .map((rules) => variant(game, suits, rules))));
}

/**
 * Every card of the variant in the documented order the shuffle starts from: suit by suit in
 * S H D C order, each suit's copies ace to king.
 * @param {Variant} v
 */
export function composition(v) {
  const copies = v.cardCount / (13 * v.suits);
  /** @type {number[]} */
  const cards = [];
  for (let suit = 0; suit < v.suits; suit++) {
    for (let c = 0; c < copies; c++) for (let rank = 1; rank <= 13; rank++) cards.push(make(rank, suit));
  }
  return cards;
}
