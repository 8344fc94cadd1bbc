// The model of a screen: its state as plain data, changed only through set(), which tells the
// subscribers (the screen's view, which draws it), and one-off events for the view (a sentence to
// say, where the focus goes). No DOM, so node --test covers every screen's model.
import { hookList } from "./hooks.js";

/** A text for a live region (a status, an alert): a new object each time it is said, so that a
 * view writes it again, and a screen reader says it again, even when the words are the same. */
export const message = (/** @type {string} */ text) => ({ text });

/** The timers a model uses, as functions that return their own cancel; tests pass their own. */
/** @typedef {{now: () => number, later: (fn: () => void, ms: number) => () => void, every: (fn: () => void, ms: number) => () => void}} Timers */
/** @type {Timers} */
export const realTimers = {
  now: () => performance.now(),
  later(fn, ms) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
  every(fn, ms) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/** @template {object} [S=Record<string, any>] */
export class Model {
  /** @type {Readonly<S>} */
  #state;
  /** @type {ReturnType<typeof hookList<(state: Readonly<S>, previous: Readonly<S>) => void>>} */
  #changes = hookList();
  /** @type {ReturnType<typeof hookList<(event: Record<string, any>) => void>>} */
  #events = hookList();

  /** @param {S} initial */
  constructor(initial) {
    this.#state = Object.freeze({ ...initial });
  }

  /** The state now (frozen: it changes only through set(), as a new object). */
  get state() {
    return this.#state;
  }

  /** `fn(state, previous)` after every change; returns the unsubscribe function.
   * @param {(state: Readonly<S>, previous: Readonly<S>) => void} fn */
  subscribe(fn) {
    return this.#changes.add(fn);
  }

  /** `fn(event)` for each one-off event ({say: text}, {focus: name}…); returns the unsubscribe.
   * @param {(event: Record<string, any>) => void} fn */
  on(fn) {
    return this.#events.add(fn);
  }

  /** @param {Partial<S>} patch */
  set(patch) {
    const previous = this.#state;
    this.#state = Object.freeze({ ...previous, ...patch });
    this.#changes.call(this.#state, previous);
  }

  /** @param {Record<string, any>} event */
  emit(event) {
    this.#events.call(event);
  }
}
