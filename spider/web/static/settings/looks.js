// How the cards and the table look: four-colour suits are a look of this browser only (kept in
// localStorage), while the card back and the table colour are the player's settings.
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

// The table shows the player's card back and table colour whenever their settings change.
subscribe((changed, s) => {
  if (changed.has("settings")) applyLooks(s.settings);
});
