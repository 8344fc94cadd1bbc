// The settings dialog (built from the catalog's profiles, looks and languages) and switching the
// language; each change is saved as it is made. Made by settingsDialog(), which takes what it needs
// (the dialog to draw into, the store, the API, how a change is saved), so a node test makes one
// with stand-ins.
import { api as serverApi } from "../core/api.js";
import { el } from "../core/dom.js";
import { currentLanguage, loadLanguage, t } from "../core/i18n.js";
import { store as appStore } from "../core/state.js";
import { singleTap } from "../core/tap.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { fourColours, setFourColours } from "./looks.js";
import { playerFields } from "./player.js";
import { profileField } from "./profile.js";
import { saveSettings } from "./save.js";

function checkbox(name, label, checked, id = `set-${name}`) {
  return el("p", { class: "check" }, el("input", { type: "checkbox", id, name, checked }), el("label", { for: id, text: label }));
}

/** Radio buttons for a look the catalog offers (card backs or tables), each with a sample. */
function looksChoice(name, legend, choices, current, samplePrefix) {
  const set = el("fieldset", { class: "choices looks" }, el("legend", { text: legend }));
  for (const choice of choices || []) {
    const id = `set-${name}-${choice.id}`;
    set.append(el("label", { class: "choice", for: id },
      el("input", { type: "radio", id, name, value: choice.id, checked: choice.id === current }),
      el("span", { class: `look-sample ${samplePrefix}-${choice.id}`, "aria-hidden": "true" }),
      choice.name));
  }
  return set;
}

/** The settings dialog, drawn into `dialog`: open() opens it (again after the language changed).
 * `store` is the app's (or a test's), `api` the server's client, `save` saves a change of the settings.
 * `connection` may stand in for core/connection.js ({online, onChange}).
 * @param {{dialog: HTMLDialogElement, store?: typeof appStore, api?: typeof serverApi,
 *   save?: (change: Record<string, unknown>) => Promise<void>,
 *   connection?: {online?: () => boolean, onChange?: (hook: (online: boolean) => unknown) => () => unknown}}} deps */
export function settingsDialog({ dialog, store = appStore, api = serverApi, save = saveSettings, connection = {} }) {
  let ended = () => {}; // ends what the dialog drawn last listens to (it closed, or is drawn again)
  const open = () => {
    ended();
    const closed = new Promise((resolve) => {
      ended = () => resolve(null);
      dialog.addEventListener("close", ended, { once: true });
    });
    openIn({ dialog, store, api, save, connection, closed, reopen: open });
  };
  return { open };
}

/** @param {{dialog: HTMLDialogElement, store: typeof appStore, api: typeof serverApi,
 *   save: (change: Record<string, unknown>) => Promise<void>, reopen: () => void, closed: Promise<unknown>,
 *   connection: {online?: () => boolean, onChange?: (hook: (online: boolean) => unknown) => () => unknown}}} deps */
function openIn({ dialog, store, api, save, connection, closed, reopen }) {
  const { state } = store;
  const s = state.settings;
  const form = el("form", { method: "dialog", class: "settings" });
  form.append(el("h2", { id: "dlg-settings-title", text: t("Settings") }));
  const check = (name, label) => form.append(checkbox(name, label, Boolean(s[name])));
  check("double_click", t("Double-click or double-tap sends the cards to the best column"));
  // tap-to-move shows what applies: the player's choice, else the device's default (core/tap.js)
  form.append(checkbox("single_tap", t("A single tap sends the cards to the best column"), singleTap(s)));
  check("auto_place", t("Auto-placement: cards dropped where they cannot go move to the best column"));
  check("placement_help", t("Placement help: highlight the columns that accept the cards"));
  check("sound", t("Sound"));
  check("left_handed", t("Left-handed: stock and completed sets on the other side, and on phones the toolbar"));
  form.append(checkbox("four_colours", t("Four-colour suits: diamonds blue, clubs green"), fourColours(), "set-four-colours"));
  form.append(looksChoice("card_back", t("Card back"), state.catalog.card_backs, s.card_back, "back"));
  form.append(looksChoice("table", t("Table colour"), state.catalog.tables, s.table, "felt"));
  form.append(profileField("set-profile", s.profile, t("Scoring for new games"), state.catalog));
  // Language names are written in their own language (endonyms), so they are not translated.
  const language = el("select", { id: "set-lang", name: "lang" },
    ...state.catalog.languages.map((l) => el("option", { value: l.code, text: l.name, lang: l.code })));
  language.value = s.lang || currentLanguage();
  form.append(el("p", { class: "field" }, el("label", { for: "set-lang", text: t("Language") }), language));
  form.append(playerFields(api, closed, connection));
  form.append(buttonRow(el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) })));
  form.addEventListener("change", async (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (!target.name) return; // the player's fields (settings/player.js) save with their own buttons
    if (target.name === "four_colours") {
      setFourColours(target.checked);
      return;
    }
    await save({ [target.name]: target.type === "checkbox" ? target.checked : target.value });
    if (target.name === "lang") {
      await switchLanguage(store, api, target.value);
      reopen();
      /** @type {HTMLElement} */ (dialog.querySelector("#set-lang")).focus();
    }
  });
  dialog.replaceChildren(form);
  openDialog(dialog);
}

/** Show the page in another language: its texts, the catalog's names and the server's texts.
 * @param {typeof appStore} store @param {typeof serverApi} api @param {string} lang */
async function switchLanguage(store, api, lang) {
  const language = await loadLanguage(lang);
  let { catalog, view } = store.state;
  try {
    catalog = await api.catalog(); // the names of levels and profiles, in the saved language
  } catch (_) {
    // keep the names in the old language
  }
  if (view) {
    try {
      const fresh = await api.current(); // the description and reminders follow the language too
      if (fresh && fresh.id === view.id) view = fresh;
    } catch (_) {
      // keep the old view
    }
  }
  store.update({ language, catalog, view });
}
