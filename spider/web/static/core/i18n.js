// Translations for the front end. Message ids are the English text; placeholders are {name}.
// The catalog comes from GET /api/i18n/{lang}: {"lang", "plural", "messages"} ("plural", the gettext
// rule, is not needed here: see pluralRule).
// Always call t()/tn()/tc() with literal strings so that Babel can extract them (keywords t,
// tn:1,2, tc:1c,2).
import { relative } from "./api.js";
import { state, update } from "./state.js";
/** @import { BrowserCatalog } from "../api" */

// Which of a message's plural forms fits n. Intl.PluralRules names n's CLDR category; a catalog lists
// its forms in CLDR order of the categories whole numbers fall into (ru: one, few, many; sk: one,
// few, other; fi and en: one, other), the same order as the gettext rule. No eval: the page's CSP
// forbids it.
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"];

/** @param {string} language @returns {(n: number) => number} */
function pluralRule(language) {
  let rules;
  try {
    rules = new Intl.PluralRules(language);
  } catch (_) {
    rules = new Intl.PluralRules("en");
  }
  const whole = new Set();
  for (let n = 0; n < 200; n += 1) whole.add(rules.select(n));
  const forms = CLDR_ORDER.filter((category) => whole.has(category));
  return (n) => {
    const index = forms.indexOf(rules.select(n));
    return index < 0 ? forms.length - 1 : index;
  };
}

/** @param {string} text @param {Record<string, unknown>} [params] */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, /** @type {string} */ name) => (name in params ? String(params[name]) : whole));
}

/** The texts of one language (its catalog, as GET /api/i18n/{lang} answers it): t, tc and tn, and
 * the catalog itself (the page keeps it for its next load: core/kept-boot.js).
 * @param {{lang?: string, plural?: string, messages?: Record<string, string | string[]>}} catalog */
export function translator(catalog) {
  const { lang = "en", messages = {} } = catalog;
  // made when a plural form is first looked up (Intl.PluralRules is costly to make as a page starts)
  /** @type {((n: number) => number) | null} */
  let pluralIndex = null;
  /** The plural form of `found` (a list of forms) for `n`, or "" when it has none.
   * @param {string | string[] | undefined} found @param {number} n */
  const form = (found, n) => {
    if (!Array.isArray(found) || !found.length) return "";
    pluralIndex = pluralIndex || pluralRule(lang);
    return found[Math.min(Math.max(pluralIndex(n), 0), found.length - 1)] || "";
  };
  /** @param {string} key @param {string} id */
  const one = (key, id) => {
    const found = messages[key];
    return typeof found === "string" && found ? found : id;
  };
  return {
    lang,
    catalog,
    // gettext's own four calls, placeholders left for the caller (the engine's describe() fills them)
    gettext: (/** @type {string} */ id) => one(id, id),
    pgettext: (/** @type {string} */ context, /** @type {string} */ id) => one(`${context}\x04${id}`, id),
    ngettext: (/** @type {string} */ singular, /** @type {string} */ plural, /** @type {number} */ n) =>
      form(messages[singular], n) || (n === 1 ? singular : plural),
    npgettext: (/** @type {string} */ context, /** @type {string} */ singular, /** @type {string} */ plural, /** @type {number} */ n) =>
      form(messages[`${context}\x04${singular}`], n) || (n === 1 ? singular : plural),
    /** @param {string} id @param {Record<string, unknown>} [params] */
    t(id, params) {
      const found = messages[id];
      return fill(typeof found === "string" && found ? found : id, params);
    },
    /** @param {string} context @param {string} id @param {Record<string, unknown>} [params] */
    tc(context, id, params) {
      const found = messages[`${context}\x04${id}`];
      return fill(typeof found === "string" && found ? found : id, params);
    },
    /** @param {string} singular @param {string} plural @param {number} n @param {Record<string, unknown>} [params] */
    tn(singular, plural, n, params) {
      const values = { n, ...(params || {}) };
      return fill(form(messages[singular], n) || (n === 1 ? singular : plural), values);
    },
  };
}

const ENGLISH = translator({});
/** The texts of the page's language: the store's (loadLanguage() puts them there), English before. */
export const texts = () => state.texts || ENGLISH;

/** @param {string} id @param {Record<string, unknown>} [params] */
export const t = (id, params) => texts().t(id, params);

/** A message in a context (gettext's msgctxt): the same English word that another language says in
 * two ways, e.g. tc("replay", "Play") for the replay's button beside the new game's "Play".
 * @param {string} context @param {string} id @param {Record<string, unknown>} [params] */
export const tc = (context, id, params) => texts().tc(context, id, params);

/** @param {string} singular @param {string} plural @param {number} n @param {Record<string, unknown>} [params] */
export const tn = (singular, plural, n, params) => texts().tn(singular, plural, n, params);

export function currentLanguage() {
  return texts().lang;
}

/** Load the texts of language `wanted` into the store: `brought` when the page brought them (its
 * catalog as GET /api/i18n/{lang} answers it), else from the server.
 * @param {string | null | undefined} wanted @param {BrowserCatalog | null} [brought] */
export async function loadLanguage(wanted, brought = null) {
  let data = brought || { lang: "en", plural: "(n != 1)", messages: {} };
  if (!brought && wanted && wanted !== "en") {
    try {
      const response = await fetch(relative(`/api/i18n/${encodeURIComponent(wanted)}`));
      if (response.ok) data = await response.json();
    } catch (_) {
      // Offline or refused: keep English.
    }
  }
  const loaded = translator(data);
  update({ texts: loaded });
  document.documentElement.lang = loaded.lang;
  return loaded.lang;
}
