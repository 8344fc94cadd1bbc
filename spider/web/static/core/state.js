// The one owner of the front end's shared state. Other modules read `state` and change it only
// through setView() or update(); subscribers hear of every change with the keys that changed. No
// module keeps state of its own in a module-level variable (ESLint refuses a module-level `let`):
// what is not here lives in what a factory made (a screen, the hint, the demo).

/** @import * as A from "../api" */
/** @import { translator } from "./i18n.js" */
/** @typedef {ReturnType<typeof translator>} Translator */
/**
 * @typedef {object} State
 * @property {A.GameView | null} view the game view the server sent (docs/API.md)
 * @property {A.Player["current"]} current an unfinished game offered for CONTINUE
 * @property {Partial<A.PlayerSettings>} settings the player's settings, over the catalog's default_settings
 * @property {A.Catalog | null} catalog GET /api/catalog: levels, profiles, languages, default settings
 * @property {{column: number, count: number} | null} selected the group picked up
 * @property {{col: number, idx: number} | null} focus the roving tab stop in the tableau
 * @property {boolean} paused
 * @property {string} language
 * @property {Translator | null} texts the language's texts (core/i18n.js): English until loadLanguage()
 * @property {boolean} keyboard the keyboard was used since the last touch or click: a focus ring shows only then
 * @property {Element | null} returnFocus where the focus goes back when the open dialog closes (dialogs/dialog.js)
 * @property {{base: number, since: number | null}} clock the game clock (table/clock.js): seconds counted
 *   before `since`, the performance.now() when it last started (null: stopped)
 * @property {any} metrics the cards' sizes of the last layout (table/layout.js)
 * @property {any} drawn what the tableau shows (table/render.js): {view, language, width, height, heights, top}
 * @property {boolean} firstTable no table drawn yet: the first is drawn from the kept layout (table/render.js)
 * @property {string | null} toolbarFit what the toolbar's fit was last worked out for (table/toolbar.js)
 * @property {Record<string, any> | null} keptLayout the kept layout, as read from this browser's storage (table/kept-layout.js)
 * @property {boolean} keptTaken a kept layout was handed out since takenKept() last asked
 * @property {boolean} courtArt the court cards show their pictures (after the first table: table/cards.js)
 * @property {{timer: any, waiting: string | null, reminder: any}} speech the live region's sentence on its
 *   way (its timer, its words) and the reminder's timer (table/speech.js)
 * @property {AudioContext | null} audio the sounds' audio context, made at the first sound (core/sound.js)
 * @property {A.GameView | null} shown the view play/actions.js last put on the table
 * @property {{game: import("../engine/game.js").Game, kept: import("./device.js").DeviceGame} | null} local the practice game the page
 *   plays itself (play/local.js): the browser engine's game and the device's copy of it
 * @property {boolean} online the server can be reached, as far as the page knows (core/connection.js)
 * @property {Promise<unknown>} sent the actions' requests, one after the other (play/actions.js): it
 *   resolves once every action played so far has its answer
 */
/** @typedef {(changed: Set<keyof State>, state: Readonly<State>) => void} Subscriber */

/** A store: `state` to read, update() to change it, subscribe() to hear of each change.
 * @param {Partial<State>} [initial] */
export function createStore(initial = {}) {
  /** @type {State} */
  const data = {
    view: null,
    current: null,
    settings: {},
    catalog: null,
    selected: null,
    focus: null,
    paused: false,
    language: "en",
    texts: null,
    keyboard: false,
    returnFocus: null,
    clock: { base: 0, since: null },
    metrics: null,
    drawn: null,
    firstTable: true,
    toolbarFit: null,
    keptLayout: null,
    keptTaken: false,
    courtArt: false,
    speech: { timer: null, waiting: null, reminder: null },
    audio: null,
    shown: null,
    local: null,
    sent: Promise.resolve(),
    online: typeof navigator === "undefined" || navigator.onLine !== false,
    ...initial,
  };
  /** @type {Set<Subscriber>} */
  const subscribers = new Set();

  /** A read-only face of the state: writing to it throws, so every change goes through update(). */
  const state = /** @type {Readonly<State>} */ (new Proxy(data, {
    set() {
      throw new TypeError("the state changes only through setView() or update()");
    },
    deleteProperty() {
      throw new TypeError("the state changes only through setView() or update()");
    },
  }));

  /** Change some keys of the state and tell every subscriber which ones changed.
   * @param {Partial<State>} patch */
  function update(patch) {
    const changed = /** @type {(keyof State)[]} */ (Object.keys(patch)).filter((key) => key in data);
    if (changed.length !== Object.keys(patch).length) {
      throw new TypeError(`unknown state keys: ${Object.keys(patch).filter((k) => !(k in data)).join(", ")}`);
    }
    Object.assign(data, patch);
    for (const subscriber of [...subscribers]) subscriber(new Set(changed), state);
  }

  /** Call `subscriber(changedKeys, state)` after every change; returns the unsubscribe function.
   * @param {Subscriber} subscriber */
  function subscribe(subscriber) {
    subscribers.add(subscriber);
    return () => subscribers.delete(subscriber);
  }

  return { state, update, subscribe };
}

/** The page's store: the one every module of the app reads (a test may make its own). */
export const store = createStore();
export const { state, update, subscribe } = store;

/** Show a new view: a new view always drops the picked-up group; `extra` may set focus, paused…
 * @param {A.GameView | null} view @param {Partial<State>} [extra] */
export function setView(view, extra = {}) {
  update({ selected: null, ...extra, view });
}

/** Merge a change into the settings (the object is replaced, so subscribers see "settings").
 * @param {Partial<A.PlayerSettings>} change */
export function updateSettings(change) {
  update({ settings: { ...state.settings, ...change } });
}
