// The rules in the browser: a copy of the Python engine (spider/engine), which stays the reference.
// The conformance corpus and the differential test (tests/conformance, tests/js) prove them equal
// (docs/DEVELOPING.md, "Two engines").
export { EngineError, RULE_MESSAGES } from "./errors.js";
export { Game } from "./game.js";
export { describe, cardNames, ENGLISH } from "./describe.js";
export { DEAL_LIMIT, SplitMix64, formatCode, parseCode, randomCode, shuffledDeck } from "./codes.js";
export { SUITS, RANKS, cardText, parseCard } from "./cards.js";
export { PROFILES, profile } from "./scoring.js";
export { GAMES, RULES, SUIT_COUNTS, allVariants, levelKey, variant, variantOfLevel } from "./variants.js";
