// Translations for the front end. Message ids are the English text; placeholders are {name}.
// The catalog comes from GET /api/i18n/{lang}: {"lang", "plural", "messages"}.
// Always call t()/tn() with literal strings so that Babel can extract them (keywords t, tn:1,2).

let lang = "en";
let messages = {};
let pluralIndex = (n) => (n !== 1 ? 1 : 0);

// The plural rule is a C expression of n (from the gettext header). Only digits, n, spaces,
// parentheses and C operators may appear in it; anything else falls back to the English rule.
function compilePlural(expr) {
  if (typeof expr !== "string" || !/^[n0-9\s()?:%<>=!&|+\-*/]*$/.test(expr)) {
    return (n) => (n !== 1 ? 1 : 0);
  }
  try {
    // eslint-disable-next-line no-new-func
    const f = new Function("n", `return Number(${expr || "0"});`);
    f(1);
    return (n) => f(n) || 0;
  } catch (_) {
    return (n) => (n !== 1 ? 1 : 0);
  }
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function t(id, params) {
  const found = messages[id];
  return fill(typeof found === "string" && found ? found : id, params);
}

export function tn(singular, plural, n, params) {
  const found = messages[singular];
  const values = { n, ...(params || {}) };
  if (Array.isArray(found) && found.length) {
    const index = Math.min(Math.max(pluralIndex(n), 0), found.length - 1);
    if (found[index]) return fill(found[index], values);
  }
  return fill(n === 1 ? singular : plural, values);
}

export function currentLanguage() {
  return lang;
}

export async function loadLanguage(wanted) {
  let data = { lang: "en", plural: "(n != 1)", messages: {} };
  if (wanted && wanted !== "en") {
    try {
      const response = await fetch(`/api/i18n/${encodeURIComponent(wanted)}`);
      if (response.ok) data = await response.json();
    } catch (_) {
      // Offline or refused: keep English.
    }
  }
  lang = data.lang || "en";
  messages = data.messages || {};
  pluralIndex = compilePlural(data.plural);
  document.documentElement.lang = lang;
  return lang;
}
