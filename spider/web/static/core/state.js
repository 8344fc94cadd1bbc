// The one owner of the front end's shared state. Other modules read `state` and change it only
// through setView() or update(); subscribers hear of every change with the keys that changed. No
// module keeps state of its own in a module-level variable (ESLint refuses a module-level `let`):
// what is not here lives in what a factory made (a screen, the hint, the demo).

const data = {
  view: null, // the game view the server sent (docs/API.md)
  current: null, // an unfinished game offered for CONTINUE
  settings: {}, // the player's settings, over the catalog's default_settings
  catalog: null, // GET /api/catalog: levels, profiles, languages, default settings
  selected: null, // {column, count}: the group picked up
  focus: null, // {col, idx}: the roving tab stop in the tableau
  paused: false,
  language: "en",
  texts: null, // the language's texts, core/i18n.js translator(): English until loadLanguage()
  keyboard: false, // the keyboard was used since the last touch or click: a focus ring shows only then
  returnFocus: null, // where the focus goes back when the open dialog closes (dialogs/dialog.js)
};

const subscribers = new Set();

/** A read-only face of the state: writing to it throws, so every change goes through update(). */
export const state = new Proxy(data, {
  set() {
    throw new TypeError("the state changes only through setView() or update()");
  },
  deleteProperty() {
    throw new TypeError("the state changes only through setView() or update()");
  },
});

/** Change some keys of the state and tell every subscriber which ones changed. */
export function update(patch) {
  const changed = Object.keys(patch).filter((key) => key in data);
  if (changed.length !== Object.keys(patch).length) {
    throw new TypeError(`unknown state keys: ${Object.keys(patch).filter((k) => !(k in data)).join(", ")}`);
  }
  Object.assign(data, patch);
  for (const subscriber of [...subscribers]) subscriber(new Set(changed), state);
}

/** Show a new view: a new view always drops the picked-up group; `extra` may set focus, paused… */
export function setView(view, extra = {}) {
  update({ selected: null, ...extra, view });
}

/** Merge a change into the settings (the object is replaced, so subscribers see "settings"). */
export function updateSettings(change) {
  update({ settings: { ...data.settings, ...change } });
}

/** Call `subscriber(changedKeys, state)` after every change; returns the unsubscribe function. */
export function subscribe(subscriber) {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}
