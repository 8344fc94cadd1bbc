// What this browser keeps of the page's last data (localStorage): the player's settings (their
// language among them), the catalog and the language's texts. A page from the service worker's
// cache carries no boot block (core/boot.js), so it draws the table from this copy at once, with or
// without a network, and asks the server behind it. Never a game: neither a first visit's dealt one
// nor the player's current one (the device's game lives in IndexedDB: core/device.js), so nothing of
// a daily deal either.
/** @import * as A from "../api" */

const KEY = "spider-kept-boot";

/** @typedef {{settings: Partial<A.PlayerSettings>, catalog: A.Catalog, language: A.BrowserCatalog | null}} KeptBoot */

/** The copy kept by the last page, or null (none, or unreadable). @returns {KeptBoot | null} */
export function keptBoot() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "null");
    return kept && kept.settings && kept.catalog && Array.isArray(kept.catalog.levels) ? kept : null;
  } catch (_) {
    return null;
  }
}

/** Keep the page's settings, catalog and texts for the next page; the texts only when they are the
 * settings' language (else the next page asks for its own).
 * @param {Partial<A.PlayerSettings>} settings @param {A.Catalog | null} catalog
 * @param {{lang?: string} | null | undefined} language */
export function keepBoot(settings, catalog, language) {
  if (!catalog) return;
  const texts = language && language.lang === (settings.lang || "en") ? language : null;
  try {
    localStorage.setItem(KEY, JSON.stringify({ settings, catalog, language: texts }));
  } catch (_) {
    // storage full or refused (a private window): the next page asks the server, as before
  }
}
