// Game codes and the shuffle they seed (spider/engine/codes.py, docs/FORMATS.md "Game codes"):
// SP1-S<suits><C|R>-<deal> for Spider, SD1-S<suits>-<deal> for Spiderette, the deal seven letters
// A–Z (base 26, A = 0). The shuffle is SplitMix64 seeded with the deal number, drawn without bias,
// Fisher–Yates from the end over the variant's composition; BigInt keeps it exact to the bit.
import { EngineError, pyRepr, pyStrip } from "./errors.js";
import { composition, variant } from "./variants.js";

export const DEAL_LETTERS = 7;
export const DEAL_LIMIT = 26 ** DEAL_LETTERS;
const MASK = (1n << 64n) - 1n;
const PREFIX_GAME = /** @type {Record<string, string>} */ ({ SP: "spider", SD: "spiderette" });
// Python's re: "." is anything but "\n", and "$" also matches before a final "\n".
const LEVEL = /^S([0-9]+)([^\n]*)\n?$/;

/** @typedef {import("./variants.js").Variant} Variant */

/** @param {number} deal */
export function dealLetters(deal) {
  if (!(deal >= 0 && deal < DEAL_LIMIT)) {
    throw new EngineError("bad_code", "A deal number must be 0 … {last}", { part: String(deal), last: DEAL_LIMIT - 1 });
  }
  let letters = "";
  for (let i = 0, rest = deal; i < DEAL_LETTERS; i++, rest = Math.floor(rest / 26)) {
    letters = String.fromCharCode(65 + (rest % 26)) + letters;
  }
  return letters;
}

/** @param {Variant} v @param {number} deal */
export function formatCode(v, deal) {
  const rules = v.game === "spider" ? (v.relaxed ? "R" : "C") : "";
  return `${v.game === "spider" ? "SP" : "SD"}1-S${v.suits}${rules}-${dealLetters(deal)}`;
}

/** @param {string} text */
// eslint-disable-next-line no-control-regex
const isAscii = (text) => /^[\x00-\x7f]*$/.test(text);

/**
 * Parse a game code (case-insensitive); EngineError "bad_code" naming the part that is wrong.
 * @param {unknown} text
 * @returns {{variant: Variant, deal: number}}
 */
export function parseCode(text) {
  if (typeof text !== "string") {
    throw new EngineError("bad_code", "A game code must be text such as SP1-S1C-AAAAAAD", { part: pyRepr(text) });
  }
  const parts = pyStrip(text).split("-").map((p) => (isAscii(p) ? p.toUpperCase() : p));
  if (parts.length !== 3) {
    throw new EngineError("bad_code",
      "Malformed game code {code!r}: expected SP1-S<suits><C|R>-<7 letters> or SD1-S<suits>-<7 letters>",
      { code: text, part: parts.join("-") });
  }
  const [head, level, deal] = parts;
  const headChars = [...head];
  const prefix = headChars.slice(0, 2).join("");
  const game = Object.prototype.hasOwnProperty.call(PREFIX_GAME, prefix) ? PREFIX_GAME[prefix] : undefined;
  if (game === undefined) {
    throw new EngineError("bad_code", "Game code {code!r}: {part!r} is not SP (Spider) or SD (Spiderette)",
      { code: text, part: prefix || head });
  }
  const format = headChars.slice(2).join("");
  if (format !== "1") {
    throw new EngineError("bad_code", "Game code {code!r}: format {part!r} is unknown (only 1)",
      { code: text, part: format || "(none)" });
  }
  const m = LEVEL.exec(level);
  if (!m || !["1", "2", "4"].includes(m[1])) {
    throw new EngineError("bad_code", "Game code {code!r}: {part} is not a suit count (1, 2 or 4)",
      { code: text, part: m ? `S${m[1]}` : level || "(none)" });
  }
  const suits = Number(m[1]);
  const rulesLetter = m[2];
  if (game === "spider") {
    if (rulesLetter !== "C" && rulesLetter !== "R") {
      throw new EngineError("bad_code", "Game code {code!r}: Spider needs rules C or R after the suit count",
        { code: text, part: rulesLetter || "(none)" });
    }
    if (rulesLetter === "R" && suits === 1) {
      throw new EngineError("bad_code", "Game code {code!r}: relaxed rules (R) need 2 or 4 suits",
        { code: text, part: "R" });
    }
  } else if (rulesLetter) {
    throw new EngineError("bad_code", "Game code {code!r}: Spiderette has no rules letter",
      { code: text, part: rulesLetter });
  }
  if (!/^[A-Za-z]{7}$/.test(deal)) {
    throw new EngineError("bad_code", "Game code {code!r}: the deal {part!r} must be exactly 7 letters A–Z",
      { code: text, part: deal });
  }
  let number = 0;
  for (const letter of deal) number = number * 26 + letter.charCodeAt(0) - 65;
  return { variant: variant(game, suits, rulesLetter === "R" ? "relaxed" : "classic"), deal: number };
}

/** The generator of the documented shuffle (all arithmetic modulo 2**64). */
export class SplitMix64 {
  /** @param {number | bigint} seed */
  constructor(seed) {
    this.state = BigInt(seed) & MASK;
  }

  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  /** A number below `n`, every value equally likely (draws at or over the limit are redrawn). @param {number} n */
  below(n) {
    const big = BigInt(n);
    const limit = (1n << 64n) - ((1n << 64n) % big);
    for (;;) {
      const x = this.next();
      if (x < limit) return Number(x % big);
    }
  }
}

/** The deck of `deal` in deal order. @param {Variant} v @param {number} deal */
export function shuffledDeck(v, deal) {
  const cards = composition(v);
  const rng = new SplitMix64(deal);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/**
 * A fresh game code of a level, its deal drawn by crypto.getRandomValues (each letter unbiased).
 * @param {{game: string, suits: number, rules: string}} level
 */
export function randomCode(level) {
  const v = variant(level.game, level.suits, level.rules);
  let deal = 0;
  const byte = new Uint8Array(1);
  for (let i = 0; i < DEAL_LETTERS; i++) {
    do crypto.getRandomValues(byte); while (byte[0] >= 234); // 234 = 9 × 26: no letter more likely
    deal = deal * 26 + (byte[0] % 26);
  }
  return formatCode(v, deal);
}
