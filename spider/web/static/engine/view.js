// The public view of a game (spider/engine/views.py public_view plus what spider/play/views.py
// game_view adds from the engine): face-down cards and the stock only as counts.
import { SUITS, cardText } from "./cards.js";
import { EngineError } from "./errors.js";
import { bestColumn, groups } from "./targets.js";

/**
 * @typedef {object} EngineView
 * @property {string} game @property {number} suits @property {string} rules @property {string} profile
 * @property {{down: number, up: string[]}[]} columns
 * @property {number} stock @property {number} deals_left @property {number} removed
 * @property {string[]} removed_suits @property {number} sequences @property {number} moves
 * @property {number | null} score null when the profile shows none
 * @property {boolean} won @property {boolean} can_deal @property {boolean} can_undo @property {boolean} can_redo
 * @property {number | null} undo_limit @property {string | null} code
 * @property {{column: number, count: number, targets: number[], best: number | null}[]} groups columns from 1
 */

/**
 * @param {import("./game.js").Game} game
 * @returns {EngineView}
 */
export function publicView(game) {
  const p = game.position;
  const v = p.variant;
  return {
    columns: p.cols.map((_, i) => ({ down: p.down[i], up: p.faceUp(i).map(cardText) })),
    stock: p.stockCount,
    game: v.game,
    suits: v.suits,
    rules: v.rules,
    profile: p.profile.name,
    deals_left: p.dealsLeft,
    removed: p.removed,
    removed_suits: p.removedSuits.map((s) => SUITS[s]),
    sequences: v.sequences,
    moves: p.moves,
    score: p.profile.showsScore ? p.score : null,
    won: p.won,
    can_deal: p.canDeal,
    can_undo: game.canUndo,
    can_redo: game.canRedo,
    undo_limit: p.profile.undoLimit,
    code: game.code,
    groups: groups(p).map(({ src, count, targets }) => {
      let best = null;
      try {
        best = bestColumn(p, src, count, targets) + 1;
      } catch (e) {
        if (!(e instanceof EngineError)) throw e;
      }
      return { column: src + 1, count, targets: targets.map((t) => t + 1), best };
    }),
  };
}
