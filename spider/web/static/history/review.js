// The game review of a finished game: a solver job works out where the game was lost (its progress
// shown and said), then the review in words, read out from a live region, and the winning line from
// the position before the turning point, step by step with every card face up, beside the move the
// player chose there. The server refuses a game in play, so nothing of one can reach the page.
import { api, ApiError } from "../core/api.js";
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { showReplay } from "./replay.js";

const POLL_EVERY = 500; // ms between two looks at a running review

/** Show the review of `game` (an id and a title) in `container`; `back()` leaves it, on a button
 * labelled `backLabel`. Returns a function that stops it (and its job, if it still runs). */
export function showReview(container, game, title, back, backLabel) {
  let job = null;
  let timer = null;
  let stopLine = () => {};
  let stopped = false;

  // the heading names the dialog it is shown in (the statistics screen's, or the review's own)
  const heading = el("h2", { id: container.getAttribute("aria-labelledby") || "dlg-review-title", tabindex: "-1", text: t("Game review: {game}", { game: title }) });
  const bar = el("progress", { class: "review-progress", "aria-label": t("Review progress") });
  const status = el("p", { class: "review-status", role: "status", text: t("Reviewing the game…") });
  const cancel = el("button", { type: "button", class: "small", text: t("Stop the review"),
    onclick: () => { stop(); error.textContent = t("The review was stopped."); } });
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

  function stop() {
    stopped = true;
    clearTimeout(timer);
    stopLine();
    if (job) api.cancelReview(job).catch(() => {}); // a job left running would hold the player's solve
    job = null;
    working.hidden = true;
  }

  function progress(answer) {
    if (answer.expected) {
      bar.max = answer.expected;
      bar.value = Math.min(answer.done, answer.expected);
      status.textContent = t("Reviewing the game: {done} of about {expected} positions checked…",
        { done: answer.done, expected: answer.expected });
    }
  }

  function showDone(answer) {
    job = null;
    working.hidden = true;
    said.replaceChildren(...answer.sentences.map((text) => el("p", { text })));
    const review = answer.review;
    if (!review.line.length) return;
    if (answer.chosen) {
      chosen.hidden = false;
      chosen.textContent = t("Your move there was: {move}", { move: answer.chosen });
    }
    lineBox.hidden = false;
    const from = review.line_from;
    stopLine = showReplay(lineBox, { id: answer.game }, title, null, {
      back: null,
      heading: review.won ? t("The shortest win found, step by step") : t("The winning line, step by step"),
      step: (step) => api.reviewLine(answer.game, step),
      start: from ? t("The position before your move {number}, every card face up.", { number: from + 1 })
        : t("The deal, every card face up."),
    });
  }

  function failed(message) {
    job = null;
    working.hidden = true;
    error.textContent = message;
  }

  async function look() {
    if (stopped || !job) return;
    try {
      const answer = await api.reviewState(job);
      if (stopped) return;
      if (answer.state === "done") return showDone(answer);
      if (answer.state === "failed" || answer.state === "cancelled") return failed(answer.message);
      progress(answer);
      timer = setTimeout(look, POLL_EVERY);
    } catch (_) {
      if (!stopped) failed(t("The review could not be loaded. Try again."));
    }
  }

  (async () => {
    try {
      const answer = await api.review(game.id);
      if (stopped) {
        if (answer.job) api.cancelReview(answer.job).catch(() => {});
        return;
      }
      if (answer.state === "done") return showDone(answer);
      job = answer.job;
      timer = setTimeout(look, POLL_EVERY);
    } catch (e) {
      failed(e instanceof ApiError ? e.body.message || t("The review could not be loaded. Try again.")
        : t("The server could not be reached. Try again."));
    }
  })();
  return stop;
}
