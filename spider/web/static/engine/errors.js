// The engine's errors, as spider/engine/errors.py has them: a stable reason code, the English
// template filled with its params the way Python's str.format fills it, and the params themselves.

/** @typedef {Record<string, unknown>} Params */

/** English wording of every refusal, keyed by reason code (spider/engine/errors.py RULE_MESSAGES). */
export const RULE_MESSAGES = Object.freeze({
  no_such_column: "There is no column {column}",
  same_column: "A group must move to another column",
  empty_source: "There is no card in that column",
  bad_count: "That column has no {count} face-up cards to move",
  not_a_run: "Only a run of one suit moves together",
  not_a_descending_run: "Only cards in descending order move together",
  not_one_higher: "A card goes onto a card one rank higher",
  onto_ace: "Nothing can be placed on an ace",
  deal_with_empty_column: "You can't deal while a column is empty",
  no_deals_left: "There are no deals left",
  nothing_to_undo: "There is nothing to undo",
  nothing_to_redo: "There is nothing to redo",
  undo_limit: "You can undo only the last {limit} actions",
  no_target: "There is no column where that group can go",
  game_over: "The game is already won",
});

export class EngineError extends Error {
  /**
   * @param {string} reason the reason code, e.g. "not_one_higher" or "bad_code"
   * @param {string} template the English message with {name} and {name!r} placeholders
   * @param {Params} [params]
   */
  constructor(reason, template, params = {}) {
    super(pyFormat(template, params));
    this.name = "EngineError";
    this.reason = reason;
    this.template = template;
    this.params = params;
  }
}

/**
 * A refusal by the rules (Python's IllegalAction), worded from RULE_MESSAGES.
 * @param {keyof typeof RULE_MESSAGES} reason
 * @param {Params} [params]
 */
export function illegal(reason, params = {}) {
  return new EngineError(reason, RULE_MESSAGES[reason], params);
}

/**
 * Python's str.format for the engine's templates: {name} is str(value), {name!r} repr(value).
 * A placeholder without a param leaves the template as it is, as the Python engine does.
 * @param {string} template
 * @param {Params} params
 */
export function pyFormat(template, params) {
  const names = [...template.matchAll(/\{(\w+)(!r)?\}/g)].map((m) => m[1]);
  if (names.some((name) => !Object.prototype.hasOwnProperty.call(params, name))) return template;
  return template.replace(/\{(\w+)(!r)?\}/g, (_, name, r) => (r ? pyRepr(params[name]) : pyStr(params[name])));
}

/** @param {unknown} value Python's str() of a JSON value */
export function pyStr(value) {
  return typeof value === "string" ? value : pyRepr(value);
}

// Python's str.isspace() characters: what str.strip() takes off and what re's \s matches.
export const PY_SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

/** @param {string} text Python's str.strip() */
export function pyStrip(text) {
  return text.replace(STRIP, "");
}

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** @param {number} n */
function pyNumber(n) {
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  return String(n);
}

/** @param {string} text Python's repr() of a str */
function pyStringRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    if (ch === "\\" || ch === quote) out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch !== " " && UNPRINTABLE.test(ch)) {
      const hex = code.toString(16);
      out += code < 0x100 ? `\\x${hex.padStart(2, "0")}` : code < 0x10000 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/**
 * Python's repr() of a JSON value (an integral number as an int).
 * @param {unknown} value
 * @returns {string}
 */
export function pyRepr(value) {
  if (typeof value === "string") return pyStringRepr(value);
  if (typeof value === "number") return pyNumber(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (typeof value === "object") {
    const items = Object.entries(/** @type {object} */ (value)).map(([k, v]) => `${pyStringRepr(k)}: ${pyRepr(v)}`);
    return `{${items.join(", ")}}`;
  }
  return String(value);
}
