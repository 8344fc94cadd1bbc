// The group of cards the player has picked up (state.selected), said aloud as it is picked up
// or put back. Everything that drops it (pause, Escape, a deal) goes through here.
import { t, tn } from "../core/i18n.js";
import { state, update } from "../core/state.js";
import { cardName } from "../table/cards.js";
import { announce } from "../table/speech.js";
/** @import { GameView } from "../api" */

/** @param {number} column @param {number} count */
export function select(column, count) {
  update({ selected: { column, count } });
  const top = /** @type {GameView} */ (state.view).columns[column - 1];
  const card = top.up[top.up.length - count];
  announce(count > 1
    ? tn("Picked up {card} and {n} card on it.", "Picked up {card} and {n} cards on it.", count - 1,
      { card: cardName(card) })
    : t("Picked up {card}.", { card: cardName(card) }));
}

export function clearSelection(speak = false) {
  if (!state.selected) return;
  update({ selected: null });
  if (speak) announce(t("Put the cards back."));
}
