// The model of a screen: its state as plain data, changed only through set(), which tells the
// subscribers (the screen's view, which draws it), and one-off events for the view (a sentence to
// say, where the focus goes). No DOM, so node --test covers every screen's model.
import { hookList } from "./hooks.js";

/** A text for a live region (a status, an alert): a new object each time it is said, so that a
 * view writes it again, and a screen reader says it again, even when the words are the same. */
export const message = (text) => ({ text });

/** The timers a model uses, as functions that return their own cancel; tests pass their own. */
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

export class Model {
  #state;
  #changes = hookList();
  #events = hookList();

  constructor(initial) {
    this.#state = Object.freeze({ ...initial });
  }

  /** The state now (frozen: it changes only through set(), as a new object). */
  get state() {
    return this.#state;
  }

  /** `fn(state, previous)` after every change; returns the unsubscribe function. */
  subscribe(fn) {
    return this.#changes.add(fn);
  }

  /** `fn(event)` for each one-off event ({say: text}, {focus: name}…); returns the unsubscribe. */
  on(fn) {
    return this.#events.add(fn);
  }

  set(patch) {
    const previous = this.#state;
    this.#state = Object.freeze({ ...previous, ...patch });
    this.#changes.call(this.#state, previous);
  }

  emit(event) {
    this.#events.call(event);
  }
}
