// The game review of a finished game: a solver job works out where the game was lost (its progress
// shown and said, with what it has found so far), then the review in words, read out from a live
// region, and the winning line from the position before the turning point, step by step with every
// card face up. The server refuses a game in play, so nothing of one can reach the page.
// The model (review-model.js) follows the job; this draws it and passes the clicks on.
import { api as serverApi } from "../core/api.js";
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { showReplay } from "./replay.js";
import { ReviewModel } from "./review-model.js";

/** Show the review of `game` (an id and a title) in `container`; `back()` leaves it, on a button
 * labelled `backLabel`; `api`: the server's client, or a stand-in. Returns a function that stops it
 * (and its job, if it still runs).
 * @param {HTMLElement} container @param {{id: string}} game @param {string} title @param {() => void} back
 * @param {string} backLabel @param {typeof serverApi} [api] */
export function showReview(container, game, title, back, backLabel, api = serverApi) {
  const model = new ReviewModel({ api, game, title });
  let stopLine = () => {};
  const stop = () => {
    model.stop();
    stopLine();
  };

  // the heading names the dialog it is shown in (the statistics screen's, or the review's own)
  const heading = el("h2", { id: container.getAttribute("aria-labelledby") || "dlg-review-title", tabindex: "-1", text: model.state.heading });
  const bar = el("progress", { class: "review-progress", "aria-label": t("Review progress") });
  const status = el("p", { class: "review-status", role: "status", text: model.state.status.text });
  const cancel = el("button", { type: "button", class: "small", text: t("Stop the review"), onclick: () => {
    stopLine();
    model.cancel();
  } });
  const working = el("div", { class: "review-working" }, status, bar, cancel);
  const said = el("div", { class: "review-said", role: "region", "aria-live": "polite",
    "aria-label": t("The review in words") });
  const chosen = el("p", { class: "review-chosen", hidden: true });
  const lineBox = el("section", { class: "review-line", hidden: true });
  const error = el("p", { class: "error", role: "alert" });
  const note = el("p", { class: "hint-text", text: t("The review looks at every card, face-down ones included: the game is over.") });
  const backButton = el("button", { type: "button", class: "primary", text: backLabel, onclick: () => { stop(); back(); } });
  container.replaceChildren(el("div", { class: "review history" }, heading, note, working, said, chosen, lineBox, error,
    el("div", { class: "buttons" }, backButton)));
  heading.focus();

  model.subscribe((now, before) => {
    working.hidden = !now.working;
    if (now.progress !== before.progress) {
      bar.max = now.progress.max;
      bar.value = now.progress.value;
    }
    if (now.status !== before.status) status.textContent = now.status.text;
    if (now.sentences !== before.sentences) sayOnly(said, now.sentences);
    if (now.chosen !== before.chosen) {
      chosen.hidden = !now.chosen;
      chosen.textContent = now.chosen || "";
    }
    if (now.line !== before.line && now.line) {
      const line = now.line;
      lineBox.hidden = false;
      stopLine = showReplay(lineBox, { id: line.game }, title, null, {
        back: null, heading: line.heading, start: line.start, step: (step) => api.reviewLine(line.game, step),
      });
    }
    if (now.error !== before.error) error.textContent = now.error.text;
  });
  model.start();
  return stop;
}

/** Show `sentences` in the live region `box`, touching only the paragraphs that changed: a screen
 * reader then reads what a refinement changed, not the whole review again. */
function sayOnly(box, sentences) {
  const kept = [...box.children];
  sentences.forEach((text, i) => {
    if (!kept[i]) box.append(el("p", { text }));
    else if (kept[i].textContent !== text) kept[i].textContent = text;
  });
  kept.slice(sentences.length).forEach((p) => p.remove());
}
