// The new-game dialog, built from the catalog (games, suit counts, the rules each level offers,
// scoring profiles); it opens when asked for (a first visit deals a game, a reload goes on with
// it). A game code is checked before anything else, its error shown at its field; then a new deal
// that would count the game in progress as a loss is asked about. An unfinished game not on the
// table is offered first (Continue has the focus). Add-ons
// add an option to it through addNewGameOption() (assist's "Winnable deals only"), never by
// rewriting the form.
import { api, ApiError } from "../core/api.js";
import { levelFor, levelName, rulesOffered } from "../core/catalog.js";
import { $, el } from "../core/dom.js";
import { hookList } from "../core/hooks.js";
import { t, tn } from "../core/i18n.js";
import { state } from "../core/state.js";
import { takeDeal } from "../core/device.js";
import { confirmLoss, gameInProgress } from "../dialogs/confirm.js";
import { EngineError, Game } from "../engine/index.js";
import { refillDeals } from "../play/kept-deals.js";
import { newGameHere } from "../play/local.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { profileField } from "../settings/profile.js";
import { saveSettings } from "../settings/save.js";
import { continueGame, gameLost, startGame } from "./start.js";
import { loadStats } from "./stats.js";

const options = hookList();

/** An option of the dialog: {field(codeInput) → node(s) shown above the code field,
 * extra(choice) → fields added to the new game's request, failed(), started(view, request)}.
 * Returns the function that removes it. */
export function addNewGameOption(option) {
  return options.add(option);
}

function radioGroup(name, legend, choices, value) {
  const fs = el("fieldset", { class: "choices" }, el("legend", { text: legend }));
  for (const [val, label] of choices) {
    const id = `${name}-${val}`;
    fs.append(el("label", { class: "choice", for: id },
      el("input", { type: "radio", name, id, value: String(val), checked: String(val) === String(value) }),
      el("span", { text: label })));
  }
  return fs;
}

function levelFields(form, v) {
  const catalog = state.catalog;
  form.append(radioGroup("game", t("Game"), catalog.games.map((g) => [g.id, g.name]), v ? v.game : catalog.games[0].id));
  form.append(radioGroup("suits", t("Suits"), catalog.suits.map((s) => [s.count, s.name]), v ? v.suits : catalog.suits[0].count));
  const rulesSet = radioGroup("rules", t("Rules"), catalog.rules.map((r) => [r.id, r.name]), v ? v.rules : catalog.rules[0].id);
  for (const rule of catalog.rules) if (rule.description) rulesSet.append(el("p", { class: "hint-text", text: rule.description }));
  form.append(rulesSet);
  return rulesSet;
}

/** The code field, with its own error line right under it; returns a function that shows (or with
 * "" clears) an error about the code there. */
function codeField(form) {
  const codeInput = el("input", {
    id: "new-code", name: "code", type: "text", autocomplete: "off", spellcheck: "false",
    placeholder: "SP1-S2C-ABCDEFG", "aria-describedby": "new-code-help new-code-error",
  });
  for (const option of options.list()) if (option.field) form.append(...[option.field(codeInput)].flat());
  const codeError = el("span", { id: "new-code-error", class: "error", role: "alert" });
  form.append(el("p", { class: "field" },
    el("label", { for: "new-code", text: t("Game code (optional)") }), codeInput,
    el("span", { id: "new-code-help", class: "hint-text", text: t("Enter a code to play that exact deal.") }),
    codeError));
  codeInput.addEventListener("input", () => showCodeError(codeInput, codeError, ""));
  return (message) => showCodeError(codeInput, codeError, message);
}

function showCodeError(input, line, message) {
  line.textContent = message;
  if (message) {
    input.setAttribute("aria-invalid", "true");
    // the dialog is taller than a phone or a short window: the reason is shown, not left below the fold
    line.scrollIntoView({ block: "nearest" });
  } else {
    input.removeAttribute("aria-invalid");
  }
}

/** The server's words for a refused request, or that it could not be reached. */
function reasonOf(e) {
  return e instanceof ApiError ? e.body.message || t("That game could not be started.")
    : t("The server could not be reached. Try again.");
}

/** Whether a refusal is about the game code (shown next to the code field). */
const aboutTheCode = (e) => (e instanceof ApiError && e.body.reason === "bad_code") || e instanceof EngineError;

/** The engine's or the server's words for a refused code. */
const codeReason = (e) => (e instanceof EngineError ? t(e.template, e.params) : reasonOf(e));

/** No answer from the server: the page checks a code itself (the engine's rule, as the server's). */
async function checkCode(code) {
  try {
    await api.checkCode(code);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    Game.fromCode(code); // throws the engine's refusal
  }
}

/** A new game dealt by the page with no network: the code asked for, a kept winnable deal when one
 * was asked for (and the device has one of that level), else a random deal; the server creates it
 * at the next sync. */
async function newGameOffline(choice, request) {
  if (choice.code) {
    const parsed = Game.fromCode(choice.code, choice.profile);
    return newGameHere({ ...parsed.variant, profile: choice.profile }, { code: parsed.code || choice.code, grade: null, proof: "" });
  }
  const level = levelFor(state.catalog, choice.game, choice.suits, choice.rules);
  const deal = request.grade && level ? await takeDeal(level.key) : null;
  const view = await newGameHere({ game: choice.game, suits: choice.suits, rules: level ? level.rules : choice.rules,
    profile: choice.profile }, deal);
  return request.grade ? { ...view, proven_winnable: Boolean(deal) } : view;
}

function continueOffer(form, buttons, playButton) {
  const cur = state.current;
  playButton.classList.remove("primary");
  buttons.prepend(el("button", {
    type: "button", class: "primary", text: t("Continue"), "aria-describedby": "continue-desc", autofocus: true,
    onclick: () => continueGame(),
  }));
  // the count on its own line: Babel's extractor misses a tn() nested in t()'s arguments
  const moves = tn("{n} move", "{n} moves", cur.moves);
  const level = levelName(state.catalog, cur.game, cur.suits, cur.rules);
  form.insertBefore(el("p", { id: "continue-desc", class: "continue-desc",
    text: t("Unfinished game: {level}, {moves}.", { level, moves }) }), form.children[1]);
}

/** The request for POST /api/games from the dialog's choice (a code replaces the level). */
function newGameRequest(choice) {
  const level = levelFor(state.catalog, choice.game, choice.suits, choice.rules);
  const base = choice.code
    ? { code: choice.code, profile: choice.profile }
    : { game: choice.game, suits: choice.suits, rules: level ? level.rules : choice.rules, profile: choice.profile };
  return Object.assign(base, ...options.list().map((o) => (o.extra ? o.extra(choice) : {})));
}

/** prefill: {code, error} from a deal link that could not be opened (an error about the code). */
export function openNewGame(prefill = {}) {
  const dialog = $("dlg-new");
  const v = state.view || state.current;
  const form = el("form", { method: "dialog", class: "new-game" });
  form.append(el("h2", { id: "dlg-new-title", text: t("New game") }));
  const rulesSet = levelFields(form, v);
  form.append(profileField("new-profile", state.settings.profile, t("Scoring")));
  const statsBox = el("section", { id: "new-stats", class: "stats-box", "aria-labelledby": "new-stats-h" });
  form.append(statsBox);
  const codeError = codeField(form);
  const error = el("p", { class: "error", role: "alert" });
  form.append(error);
  if (prefill.code) /** @type {HTMLInputElement} */ (form.querySelector("#new-code")).value = prefill.code;
  if (prefill.error) codeError(prefill.error);
  const playButton = el("button", { type: "submit", class: "primary", value: "play", text: t("Play") });
  const buttons = buttonRow(playButton);
  if (state.current && !state.view) continueOffer(form, buttons, playButton);
  if (state.view) buttons.append(el("button", { type: "button", text: t("Cancel"), onclick: () => closeDialog(dialog) }));
  form.append(buttons);

  const read = () => {
    const data = new FormData(form);
    const text = (/** @type {string} */ name) => /** @type {string} */ (data.get(name));
    return { game: text("game"), suits: Number(data.get("suits")), rules: text("rules"),
      profile: text("profile"), code: String(data.get("code") || "").trim() };
  };
  const refresh = () => {
    const choice = read();
    const offered = rulesOffered(state.catalog, choice.game, choice.suits);
    rulesSet.hidden = offered.length < 2;
    for (const input of rulesSet.querySelectorAll("input")) input.disabled = !offered.includes(input.value) || offered.length < 2;
    const level = levelFor(state.catalog, choice.game, choice.suits, choice.rules);
    return loadStats(level && level.key, statsBox, t("Your statistics: {level}", { level: level ? level.name : "" }));
  };
  form.addEventListener("change", (event) => {
    const { name } = /** @type {HTMLInputElement} */ (event.target);
    if (name === "game" || name === "suits" || name === "rules") refresh();
  });
  const refused = (e) => {
    if (aboutTheCode(e)) {
      codeError(codeReason(e));
      /** @type {HTMLInputElement} */ (form.querySelector("#new-code")).focus();
    } else {
      error.textContent = reasonOf(e);
    }
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const choice = read();
    try {
      if (choice.code) await checkCode(choice.code); // a bad code is said before any question
    } catch (e) {
      refused(e);
      return;
    }
    const losing = gameInProgress();
    if (losing && !(await confirmLoss(t("Start a new game?")))) return;
    const request = newGameRequest(choice);
    playButton.disabled = true;
    try {
      let view;
      try {
        view = await api.newGame(request);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        view = await newGameOffline(choice, request); // no network: the page deals it
      }
      if (choice.profile !== state.settings.profile) saveSettings({ profile: choice.profile });
      closeDialog(dialog);
      startGame(view);
      if (request.grade && view.proven_winnable) refillDeals(`${view.game}-${view.suits}-${view.rules}`); // for a game with no network
      for (const option of options.list()) if (option.started) option.started(view, request);
      gameLost(losing);
    } catch (e) {
      refused(e);
      playButton.disabled = false;
      for (const option of options.list()) if (option.failed) option.failed();
    }
  });
  dialog.replaceChildren(form);
  const statsShown = refresh();
  openDialog(dialog);
  if (prefill.error) { // a bad deal link: the field to mend, with its reason in sight once the statistics above it are in
    /** @type {HTMLInputElement} */ (form.querySelector("#new-code")).focus();
    statsShown.then(() => form.querySelector("#new-code-error").scrollIntoView({ block: "nearest" }));
  }
}
