// A game a new deal made a loss: a bar on the table says so and offers its review (the game is over
// now, so the review may show every card), which opens in a dialog. The bar leaves at the new game's
// first action or when dismissed. Loaded the first time a game is lost.
import { levelName } from "../core/catalog.js";
import { el } from "../core/dom.js";
import { dailySecret } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { guardControl } from "../core/offline.js";
import { state, subscribe } from "../core/state.js";
import { closeDialog, openDialog } from "../dialogs/dialog.js";
import { showReview } from "./review.js";

/** The bar that offers a lost game's review, drawn into `bar`, the review opening in `dialog`:
 * show(game) offers `game`'s (its last view); stop() stops the review (its dialog closed).
 * @param {HTMLElement} bar @param {HTMLDialogElement} dialog */
export function lostResult(bar, dialog) {
  let stopReview = () => {};
  let unsubscribe = () => {};
  const said = el("p", { role: "status" }); // the bar's live region: kept, so that a screen reader hears each new text in it
  let reviewed = null; // the game its review button opens

  const hide = () => {
    bar.hidden = true;
    unsubscribe();
  };
  const review = () => {
    hide();
    stopReview();
    dialog.replaceChildren();
    openDialog(dialog);
    const level = levelName(state.catalog, reviewed.game, reviewed.suits, reviewed.rules);
    stopReview = showReview(dialog, reviewed, level, () => closeDialog(dialog), t("Close"));
  };
  const reviewButton = el("button", { id: "btn-lost-review", type: "button", class: "review", text: t("Review this game"),
    onclick: review });
  bar.replaceChildren(said, reviewButton, el("button", { type: "button", class: "dismiss", text: t("Dismiss"), onclick: hide }));
  // the review is the server's: with no connection the button says so, in the bar's own live region
  guardControl(reviewButton, () => t("The review needs a connection."), (text) => {
    said.textContent = text;
  });

  function show(game) {
    reviewed = game;
    /** @type {HTMLButtonElement} */ (bar.querySelector("button.review")).hidden = dailySecret(game.daily); // its review waits for the day's end
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

  return { show, stop: () => stopReview() };
}
