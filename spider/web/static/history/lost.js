// A game a new deal made a loss: a bar on the table says so and offers its review (the game is over
// now, so the review may show every card), which opens in a dialog. The bar leaves at the new game's
// first action or when dismissed. Loaded the first time a game is lost.
import { levelName } from "../core/catalog.js";
import { el } from "../core/dom.js";
import { dailySecret } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { state, subscribe } from "../core/state.js";
import { closeDialog, openDialog } from "../dialogs/dialog.js";
import { showReview } from "./review.js";

let stopReview = () => {};
let unsubscribe = () => {};

let said = null; // the bar's live region: kept, so that a screen reader hears each new text in it
let reviewed = null; // the game its review button opens

/** Offer the review of `game` (its last view) on `bar`; the review opens in `dialog`. */
export function showLostResult(bar, dialog, game) {
  const hide = () => {
    bar.hidden = true;
    unsubscribe();
  };
  if (!said) {
    said = el("p", { role: "status" });
    const review = () => {
      hide();
      stopReview();
      dialog.replaceChildren();
      openDialog(dialog);
      const level = levelName(state.catalog, reviewed.game, reviewed.suits, reviewed.rules);
      stopReview = showReview(dialog, reviewed, level, () => closeDialog(dialog), t("Close"));
    };
    bar.replaceChildren(said,
      el("button", { type: "button", class: "review", text: t("Review this game"), onclick: review }),
      el("button", { type: "button", class: "dismiss", text: t("Dismiss"), onclick: hide }));
  }
  reviewed = game;
  bar.querySelector("button.review").hidden = dailySecret(game.daily); // its review waits for the day's end
  bar.hidden = false;
  const level = levelName(state.catalog, game.game, game.suits, game.rules);
  said.textContent = `${t("Your last game counts as a loss")}: ${
    tn("{level}: {n} move.", "{level}: {n} moves.", game.moves, { level })}`;
  unsubscribe();
  const playing = state.view && state.view.id;
  unsubscribe = subscribe(() => {
    if (!state.view || state.view.id !== playing || state.view.version > 0) hide();
  });
}

/** The review stops when its dialog closes. */
export function stopLostResult() {
  stopReview();
}
