// The replay viewer's model: which step is wanted and which is shown, whether it plays, and what
// the step shows in words (the slider's text, what it did, the game's figures). Steps come from
// `load(step)` (the server replays them: GET /api/games/{id}/replay/{step} or another line), each
// asked for once and kept. No DOM, so node --test covers it; history/replay.js draws it.
import { formatTime } from "../core/format.js";
import { t, tc } from "../core/i18n.js";
import { message, Model, realTimers } from "../core/model.js";
import { describeEvents } from "../table/speech.js";

export const PLAY_EVERY = 800; // ms between steps while playing

/** What a step says: "Step 2 of 30: Dealt 7 cards." (`start` for the deal itself). */
export function stepText(view, start) {
  const what = view.events ? describeEvents(view.events, view) : start || t("The deal.");
  return `${t("Step {step} of {steps}", { step: view.step, steps: view.steps })}: ${what}`;
}

/** The figures under the board: moves, time, sequences and score, as far as the step has them. */
export function figuresText(view) {
  const parts = [t("Moves: {n}", { n: view.moves })];
  if (view.elapsed !== undefined) parts.push(t("Time: {time}", { time: formatTime(view.elapsed) }));
  parts.push(t("Sequences: {removed}/{sequences}", { removed: view.removed, sequences: view.sequences }));
  if (view.score !== null) parts.push(t("Score: {score}", { score: view.score }));
  return parts.join(" · ");
}

/** The play button: its icon's shape and its name. */
function playButton(playing) {
  return playing ? { shape: "pause", label: t("Pause") } : { shape: "play", label: tc("replay", "Play") };
}

export class ReplayModel extends Model {
  #load;
  #start;
  #timers;
  #views = new Map(); // step → the promise of its view
  #stopTimer = null;

  /** `load(step)` → a promise of step's view; `start` says what step 0 is; `heading` names it. */
  constructor({ load, heading, start = null, timers = realTimers }) {
    super({
      heading,
      steps: null, // known once the first step arrives
      wanted: 0, // the step asked for last
      shown: -1, // the step on the board
      view: null, // …its view
      playing: false,
      play: playButton(false),
      slider: { max: 0, value: 0, text: null },
      said: message(""), // what the step did, or why it could not be shown
      figures: "",
      boardLabel: t("Loading…"),
    });
    this.#load = load;
    this.#start = start;
    this.#timers = timers;
  }

  first() {
    return this.go(0);
  }

  previous() {
    return this.go(this.state.wanted - 1);
  }

  next() {
    return this.go(this.state.wanted + 1);
  }

  last() {
    return this.go(this.state.steps ?? 0);
  }

  /** The play button: play from here (from the start at the last step), or pause. */
  toggle() {
    if (this.state.playing) this.stop();
    else this.play();
  }

  play() {
    if (this.state.playing) return;
    const { steps, wanted } = this.state;
    if (steps !== null && wanted >= steps) this.go(0);
    this.set({ playing: true, play: playButton(true) });
    this.#stopTimer = this.#timers.every(() => this.#tick(), PLAY_EVERY);
  }

  /** Stop playing (the view's back button and the screen's close call it too). */
  stop() {
    if (this.#stopTimer) this.#stopTimer();
    this.#stopTimer = null;
    if (this.state.playing) this.set({ playing: false, play: playButton(false) });
  }

  #tick() {
    const { steps, wanted } = this.state;
    if (steps !== null && wanted >= steps) this.stop();
    else this.go(wanted + 1);
  }

  async #fetch(step) {
    if (!this.#views.has(step)) this.#views.set(step, this.#load(step));
    try {
      return await this.#views.get(step);
    } catch (error) {
      this.#views.delete(step); // not kept: asked again next time
      throw error;
    }
  }

  /** Show step `step` (kept between 0 and the last step); a later wish wins over an earlier one. */
  async go(step) {
    const { steps } = this.state;
    const wanted = Math.max(0, steps === null ? step : Math.min(step, steps));
    this.set({ wanted });
    try {
      const view = await this.#fetch(wanted);
      if (wanted === this.state.wanted && this.state.shown !== wanted) this.#show(view);
      if (this.state.playing && wanted < view.steps) this.#fetch(wanted + 1).catch(() => {}); // ready before it is due
    } catch (_) {
      this.stop();
      this.set({ said: message(t("The replay could not be loaded. Try again.")) });
    }
  }

  #show(view) {
    this.set({
      shown: view.step,
      steps: view.steps,
      view,
      slider: { max: view.steps, value: view.step, text: t("Step {step} of {steps}", { step: view.step, steps: view.steps }) },
      said: message(stepText(view, this.#start)),
      figures: figuresText(view),
      boardLabel: view.description,
    });
  }
}
