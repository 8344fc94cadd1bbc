// The game review's model: the solver job's progress while it works (POST /api/games/{id}/review,
// then GET /api/reviews/{job} every half second) with what it has found so far in words, refined
// as its probes narrow the turning point; then the review's sentences, the move the player chose
// where the winning line starts (when no sentence names it) and the winning line to step through;
// or why there is none. Stopping it cancels a job still running. No DOM, so node --test covers it;
// history/review.js draws it.
import { ApiError } from "../core/api.js";
import { t } from "../core/i18n.js";
import { message, Model, realTimers } from "../core/model.js";

export const POLL_EVERY = 500; // ms between two looks at a running review

/** Why a review could not be had, in words. */
export function reviewFailure(error) {
  if (error instanceof ApiError) return error.body.message || t("The review could not be loaded. Try again.");
  return t("The server could not be reached. Try again.");
}

/** The winning line a finished review offers, or null: which game's line, its heading, and what
 * its first step is (the position before the player's turning move, or the deal). */
export function reviewLine(answer) {
  const review = answer.review;
  if (!review.line.length) return null;
  const from = review.line_from;
  return {
    game: answer.game,
    heading: review.won ? t("The shortest win found, step by step") : t("The winning line, step by step"),
    start: from ? t("The position before your move {number}, every card face up.", { number: from + 1 })
      : t("The deal, every card face up."),
  };
}

export class ReviewModel extends Model {
  #api;
  #timers;
  #job = null;
  #cancelPoll = () => {};
  #stopped = false;

  /** `api`: review(id), reviewState(job), cancelReview(job), as core/api.js has them. */
  constructor({ api, game, title, timers = realTimers }) {
    super({
      game,
      heading: t("Game review: {game}", { game: title }),
      working: true, // the progress and the button that stops it show
      status: message(t("Reviewing the game…")),
      progress: null, // {value, max} once the job knows how much there is to do
      sentences: [], // the review in words: so far while working, then the final one
      chosen: null, // the player's move at the turning point, in words
      line: null, // reviewLine()
      error: message(""), // the alert's text
    });
    this.#api = api;
    this.#timers = timers;
  }

  /** Ask for the review: a stored one answers at once, else its job is followed until done. */
  async start() {
    try {
      const answer = await this.#api.review(this.state.game.id);
      if (this.#stopped) {
        if (answer.job) this.#api.cancelReview(answer.job).catch(() => {});
        return;
      }
      if (answer.state === "done") {
        this.#done(answer);
        return;
      }
      this.#job = answer.job;
      this.#poll();
    } catch (e) {
      this.#failed(reviewFailure(e));
    }
  }

  /** The player stops it ("Stop the review"). */
  cancel() {
    this.stop();
    this.set({ error: message(t("The review was stopped.")) });
  }

  /** Stop looking, and cancel a job still running (it would hold the player's solve). */
  stop() {
    this.#stopped = true;
    this.#cancelPoll();
    if (this.#job) this.#api.cancelReview(this.#job).catch(() => {});
    this.#job = null;
    if (this.state.working) this.set({ working: false });
  }

  #poll() {
    this.#cancelPoll = this.#timers.later(() => this.#look(), POLL_EVERY);
  }

  async #look() {
    if (this.#stopped || !this.#job) return;
    try {
      const answer = await this.#api.reviewState(this.#job);
      if (this.#stopped) return;
      if (answer.state === "done") return this.#done(answer);
      if (answer.state === "failed" || answer.state === "cancelled") return this.#failed(answer.message);
      if (answer.sentences && answer.sentences.join("\n") !== this.state.sentences.join("\n")) {
        this.set({ sentences: answer.sentences }); // the review so far: a first answer, then each refinement
      }
      if (answer.expected) {
        this.set({
          progress: { value: Math.min(answer.done, answer.expected), max: answer.expected },
          status: message(t("Reviewing the game: {done} of about {expected} positions checked…",
            { done: answer.done, expected: answer.expected })),
        });
      }
      this.#poll();
    } catch (_) {
      if (!this.#stopped) this.#failed(t("The review could not be loaded. Try again."));
    }
  }

  #done(answer) {
    this.#job = null;
    const line = reviewLine(answer);
    this.set({
      working: false,
      sentences: answer.sentences,
      chosen: line && answer.chosen ? t("Your move there was: {move}", { move: answer.chosen }) : null,
      line,
    });
  }

  #failed(text) {
    this.#job = null;
    this.set({ working: false, error: message(text) });
  }
}
