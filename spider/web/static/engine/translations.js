// A translator of gettext's shape (what describe() takes) from the page's catalog, as
// GET /api/i18n/{lang} answers it: {"lang", "messages"}, a message keyed by its English id, one
// with a context by "context\x04id", a plural by its singular id with the list of its forms.
// A message the catalog lacks is the English one, as gettext falls back.

/** @typedef {import("./describe.js").Translations} Translations */

// A plural's forms in the catalog come in CLDR order of the categories whole numbers fall into
// (ru: one, few, many; sk: one, few, other; fi and en: one, other), the gettext rule's order too.
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"];

/** @param {string} language @returns {(n: number) => number} */
function pluralIndex(language) {
  let rules;
  try {
    rules = new Intl.PluralRules(language);
  } catch {
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

/**
 * @param {{lang?: string, messages?: Record<string, string | string[]>}} catalog
 * @returns {Translations}
 */
export function catalogTranslations({ lang = "en", messages = {} }) {
  const index = pluralIndex(lang);
  /** @param {string} key @param {string} id */
  const single = (key, id) => {
    const found = messages[key];
    return typeof found === "string" && found ? found : id;
  };
  /** @param {string} key @param {string} singular @param {string} plural @param {number} n */
  const plural = (key, singular, plural, n) => {
    const found = messages[key];
    if (Array.isArray(found) && found.length) {
      const form = found[Math.min(Math.max(index(n), 0), found.length - 1)];
      if (form) return form;
    }
    return n === 1 ? singular : plural;
  };
  return {
    gettext: (id) => single(id, id),
    ngettext: (singular, pluralId, n) => plural(singular, singular, pluralId, n),
    pgettext: (context, id) => single(`${context}\x04${id}`, id),
    npgettext: (context, singular, pluralId, n) => plural(`${context}\x04${singular}`, singular, pluralId, n),
  };
}
