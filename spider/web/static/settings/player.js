// The player in the settings dialog: their display name, and transfer codes that let another
// browser play as the same player. Neither is a setting: each is saved by its own button.
import { api as serverApi, ApiError } from "../core/api.js";
/** @typedef {typeof serverApi} Api */
import { el } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { onConnectionChange } from "../core/connection.js";
import { guardOnline, needsConnection } from "../core/offline.js";

/** A refusal in the server's words (already in the player's language), or that it was not reached. */
function reasonOf(e) {
  return e instanceof ApiError && e.body.message ? e.body.message : t("The server could not be reached. Try again.");
}

function showError(input, line, message) {
  line.textContent = message;
  if (message) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

/** Enter in a text field presses its button (the settings form would otherwise close the dialog). */
function enterPresses(input, button) {
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    button.click();
  });
}

function showName(input, help, name, keepTyped = false) {
  input.placeholder = name.chosen ? "" : name.display;
  if (!keepTyped) input.value = name.chosen ? name.display : "";
  help.textContent = name.chosen
    ? t("Shown on the daily leaderboards. Clear it and save to show as a numbered player again.")
    : t("Shown on the daily leaderboards; until you choose one you are {name}. 3 to 20 letters, digits, spaces, - _ or .", { name: name.display });
}

/** The "Display name" field, with its Save button, description and error line. */
/** @param {Api} api */
function nameField(api) {
  const input = el("input", {
    id: "set-name", type: "text", class: "plain", autocomplete: "nickname", maxlength: "40", spellcheck: "false",
    "aria-describedby": "set-name-help set-name-error",
  });
  const save = el("button", { type: "button", text: t("Save name"), "data-online": true });
  const help = el("span", { id: "set-name-help", class: "hint-text" });
  const error = el("span", { id: "set-name-error", class: "error", role: "alert" });
  const saved = el("span", { class: "hint-text", role: "status" });
  input.addEventListener("input", () => showError(input, error, ""));
  save.addEventListener("click", async () => {
    const typed = input.value.trim();
    save.disabled = true;
    try {
      const name = await api.setName(typed ? input.value : null);
      showError(input, error, "");
      showName(input, help, name);
      saved.textContent = t("Your display name is now {name}.", { name: name.display });
    } catch (e) {
      saved.textContent = "";
      showError(input, error, reasonOf(e));
      input.focus();
    } finally {
      save.disabled = false;
    }
  });
  enterPresses(input, save);
  let typed = false;
  input.addEventListener("input", () => { typed = true; });
  const field = el("p", { class: "field player-field" },
    el("label", { for: "set-name", text: t("Display name") }), input, save, help, error, saved);
  // the name arrives after the dialog opened (or, with no server, once it answers again): what the
  // player has typed meanwhile stays
  const load = () => api.player().then((player) => {
    if (player && player.name) showName(input, help, player.name, typed);
    return true;
  }, () => false);
  return { field, load };
}

/** Getting a code for another device, and entering one from another device. */
/** @param {Api} api */
function transferSection(api) {
  const set = el("fieldset", { class: "transfer" }, el("legend", { text: t("Use on another device") }));
  set.append(el("p", { class: "hint-text", text: t("Play as the same player in another browser: get a code here and enter it there. Each code works once.") }));
  const shown = el("p", { class: "transfer-code", role: "status" });
  const getCode = el("button", { type: "button", text: t("Get a transfer code"), "data-online": true });
  const getError = el("span", { class: "error", role: "alert" });
  getCode.addEventListener("click", async () => {
    getCode.disabled = true;
    try {
      const made = await api.transfer();
      const minutes = Math.round(made.expires_in / 60);
      getError.textContent = "";
      shown.replaceChildren(t("Your code:"), " ", el("strong", { class: "code", text: made.code }), " ",
        tn("It works once, for {n} minute.", "It works once, for {n} minutes.", minutes));
    } catch (e) {
      getError.textContent = reasonOf(e);
    } finally {
      getCode.disabled = false;
    }
  });
  set.append(el("p", { class: "field player-field" }, getCode, getError), shown);

  const input = el("input", {
    id: "set-link", type: "text", autocomplete: "off", spellcheck: "false", autocapitalize: "characters",
    maxlength: "20", placeholder: "XXXX-XXXX", "aria-describedby": "set-link-help set-link-error",
  });
  const use = el("button", { type: "button", text: t("Use this code"), "data-online": true });
  const error = el("span", { id: "set-link-error", class: "error", role: "alert" });
  input.addEventListener("input", () => showError(input, error, ""));
  use.addEventListener("click", async () => {
    if (!input.value.trim()) {
      showError(input, error, t("Enter the code shown on the other device."));
      input.focus();
      return;
    }
    use.disabled = true;
    try {
      await api.link(input.value);
      window.location.reload(); // everything on the page is the other player's from now on
    } catch (e) {
      showError(input, error, reasonOf(e));
      input.focus();
      use.disabled = false;
    }
  });
  enterPresses(input, use);
  set.append(el("p", { class: "field player-field" },
    el("label", { for: "set-link", text: t("Code from another device") }), input, use,
    el("span", { id: "set-link-help", class: "hint-text", text: t("This browser then plays as that player: their game, settings and statistics.") }),
    error));
  return set;
}

/** The player's part of the settings dialog; `api`: the server's client, or a stand-in. Both need
 * the server: while it cannot be reached a note says so, their buttons wait (guardOnline), and the
 * name is asked for again once it answers. `closed` resolves when the dialog closes: the guard
 * stops then. `connection` may stand in for core/connection.js ({online, onChange}).
 * @param {Api} [api] @param {Promise<unknown>} [closed]
 * @param {{online?: () => boolean, onChange?: (hook: (online: boolean) => unknown) => () => unknown}} [connection] */
export function playerFields(api = serverApi, closed = new Promise(() => {}), connection = {}) {
  const note = el("p", { id: "set-player-offline", class: "offline-note", role: "status", hidden: true });
  const name = nameField(api);
  const part = el("div", { class: "player-part" }, note, name.field, transferSection(api));
  let loaded = name.load();
  const guard = guardOnline(part, { note: "set-player-offline",
    why: () => needsConnection(t("Your display name and transfer codes need a connection.")), ...connection });
  const off = (connection.onChange || onConnectionChange)(async (on) => {
    if (on && !(await loaded)) loaded = name.load();
  });
  closed.then(() => {
    guard.stop();
    off();
  });
  return part;
}
