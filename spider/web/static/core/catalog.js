// What the dialogs offer, from GET /api/catalog (levels, scoring profiles, languages, default
// settings, all named in the player's language). The helpers below are pure: they take the
// catalog as a parameter, so node --test covers them and no copy of the lists lives here.
import { api } from "./api.js";
/** @import { Catalog } from "../api" */

/** Fetch the catalog in the language the server answers in (the player's). */
export function fetchCatalog() {
  return api.catalog();
}

/** The rules ids the catalog offers for a game and suit count, in engine order.
 * @param {Catalog} catalog @param {string} game @param {number | string} suits @returns {string[]} */
export function rulesOffered(catalog, game, suits) {
  return catalog.levels.filter((l) => l.game === game && l.suits === Number(suits)).map((l) => l.rules);
}

/** The level a choice plays: the asked rules if offered there, else the first offered.
 * @param {Catalog} catalog @param {string} game @param {number | string} suits @param {string} rules */
export function levelFor(catalog, game, suits, rules) {
  const levels = catalog.levels.filter((l) => l.game === game && l.suits === Number(suits));
  return levels.find((l) => l.rules === rules) || levels[0] || null;
}

/** A level's name ("Spider, 2 suits (Medium), relaxed rules"), or "" for an unknown level.
 * @param {Catalog | null} catalog @param {string} game @param {number | string} suits @param {string} rules */
export function levelName(catalog, game, suits, rules) {
  const level = catalog ? levelFor(catalog, game, suits, rules) : null;
  return level ? level.name : "";
}
