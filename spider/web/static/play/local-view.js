// The game view of a practice game the page plays itself: the browser engine's view plus the fields
// the server adds to it (docs/API.md, GameView), made from the device's copy of the game. Pure: the
// engine's describe() and the translations are handed in, so node --test compares it with the server's.
/** @import { GameView } from "../api" */
/** @import { DeviceGame } from "../core/device.js" */

/** What the view needs of the browser engine's game (engine/index.js, Game).
 * @typedef {{view(): any, actions: string[], won: boolean}} EngineGame */
/** gettext's four calls, as the engine's describe() takes them.
 * @typedef {{gettext: (m: string) => string, ngettext: (s: string, p: string, n: number) => string,
 *   pgettext: (c: string, m: string) => string, npgettext: (c: string, s: string, p: string, n: number) => string}} Gettext */

/** The level key of a variant ("spider-1-classic").
 * @param {{game: string, suits: number, rules: string}} variant */
export const levelOf = (variant) => `${variant.game}-${variant.suits}-${variant.rules}`;

/** The view of `game` (the engine's) as the server would send it for the device's copy `kept`.
 * An undo played makes a win imperfect, as on the server (docs/RULES.md, Perfect games).
 * @param {EngineGame} game @param {DeviceGame} kept @param {number} elapsed seconds played
 * @param {(view: any, tr: Gettext) => string} describe @param {Gettext} tr @returns {GameView} */
export function localView(game, kept, elapsed, describe, tr) {
  const view = game.view();
  const assisted = Boolean(kept.assisted);
  const helped = Boolean(kept.helped) || game.actions.includes("undo");
  return {
    ...view,
    id: kept.id,
    version: game.actions.length,
    status: game.won ? "won" : "active",
    elapsed,
    assisted,
    perfect: !assisted && !helped,
    grade: /** @type {GameView["grade"]} */ (kept.grade || null),
    description: describe(view, tr),
  };
}
