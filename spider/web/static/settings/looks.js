// How the cards and the table look: four-colour suits are a look of this browser only (kept in
// localStorage), while the card back, the table colour and the left-handed layout are the player's
// settings.
import { subscribe } from "../core/state.js";
import { applyLooks } from "../table/cards.js";

const FOUR_COLOURS_KEY = "spider.fourColours";

export function fourColours() {
  try {
    return localStorage.getItem(FOUR_COLOURS_KEY) === "1";
  } catch (_) {
    return false;
  }
}

export function setFourColours(on) {
  document.body.classList.toggle("four-colours", on);
  try {
    localStorage.setItem(FOUR_COLOURS_KEY, on ? "1" : "0");
  } catch (_) {
    // storage may be unavailable; the choice then lasts for this page
  }
}

// The table shows the player's card back and table colour whenever their settings change, and is
// mirrored for a left-handed player (style.css: the stock, the completed sets, a phone's toolbar).
subscribe((changed, s) => {
  if (!changed.has("settings")) return;
  applyLooks(s.settings);
  document.body.classList.toggle("left-handed", Boolean(s.settings && s.settings.left_handed));
});
