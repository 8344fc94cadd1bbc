// Tap-to-move (the "single_tap" setting: a tap sends the cards to the best column) is on by default
// on touch screens, where a phone's cards are too narrow (32-35 px) for a comfortable second,
// aimed tap; the player's own choice, once made in the settings, wins (null: not chosen).
/** @param {{single_tap?: boolean | null}} settings */
export function singleTap(settings) {
  if (typeof settings.single_tap === "boolean") return settings.single_tap;
  return window.matchMedia("(pointer: coarse)").matches;
}
