// The player's helpers on top of the table (SPEC §8): the Hint button (H key), "Can this game
// still be won?" (the solver, which sees face-down cards, so only on request), "Winnable deals
// only" in the new-game dialog, and a demo that plays hint after hint. It holds no rules: the
// server finds hints and solves; the table (app.js) plays, renders and speaks.
import { api, ApiError } from "./api.js";
import { table } from "./app.js";
import { cardName } from "./cards.js";
import { t, tn } from "./i18n.js";
import { $, el } from "./dom.js";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const DEMO_STEP_MS = 600; // about one action per step
const DEMO_STEP_REDUCED_MS = 300;
const DEMO_MAX_ACTIONS = 1000;
const SOLVE_LIMITS = [10, 30, 60]; // seconds; the server allows up to 60
const WINNABLE_KEY = "spider.winnableOnly";

const active = (v) => Boolean(v) && v.status === "active" && !v.won;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const serverMessage = (error, fallback) =>
  (error instanceof ApiError && error.body && error.body.message) || fallback;

// ----- controls ------------------------------------------------------------------------------

const hintButton = el("button", { id: "btn-hint", type: "button", "aria-keyshortcuts": "H" });
const solveItem = el("button", { id: "btn-solve", type: "button", "aria-haspopup": "dialog" });
const demoItem = el("button", { id: "btn-demo", type: "button" });

function install() {
  table.slot().append(hintButton);
  const restart = $("btn-restart");
  restart.after(solveItem);
  solveItem.after(demoItem);
  hintButton.addEventListener("click", () => {
    if (demo) stopDemo(t("Demo stopped."));
    showHint();
  });
  solveItem.addEventListener("click", () => {
    table.closeMenu();
    if (demo) stopDemo(t("Demo stopped."));
    openSolver();
  });
  demoItem.addEventListener("click", () => {
    table.closeMenu();
    startDemo();
  });
  applyTexts();
  updateControls();
}

function applyTexts() {
  hintButton.textContent = t("Hint");
  hintButton.setAttribute("aria-label", t("Hint: show a good next move"));
  solveItem.textContent = t("Can this game still be won?");
  demoItem.textContent = t("Demo: let the hints play");
  if (demoBar) {
    demoBar.setAttribute("aria-label", t("Demo"));
    demoBar.querySelector(".demo-text").textContent = t("Demo in progress");
    demoBar.querySelector("button").textContent = t("Stop");
    demoBar.querySelector("button").setAttribute("aria-label", t("Stop the demo"));
  }
}

function updateControls() {
  const v = table.view;
  hintButton.disabled = !active(v);
  solveItem.disabled = !active(v);
  demoItem.disabled = !active(v) || Boolean(demo);
}

// ----- the hint ---------------------------------------------------------------------------------

let hinted = null; // {version, id, action, column, count, to}
let hintRequest = 0;

function parseAction(action) {
  const m = /^(\d+)>(\d+)(?::(\d+))?$/.exec(action || "");
  return m ? { column: Number(m[1]), to: Number(m[2]), count: Number(m[3] || 1) } : null;
}

function clearHintMarks() {
  for (const node of document.querySelectorAll(".hint-card, .hint-target, .hint-stock")) {
    node.classList.remove("hint-card", "hint-target", "hint-stock");
  }
}

function applyHint() {
  clearHintMarks();
  const v = table.view;
  if (!hinted || !v || v.id !== hinted.id || v.version !== hinted.version) {
    hinted = null;
    return;
  }
  if (hinted.action === "deal") {
    $("stock").classList.add("hint-stock");
    return;
  }
  const cards = document.querySelectorAll(`#tableau .card.up[data-col="${hinted.column}"]`);
  [...cards].slice(-hinted.count).forEach((b) => b.classList.add("hint-card"));
  const target = document.querySelector(`#tableau .column[data-col="${hinted.to}"]`);
  if (target) target.classList.add("hint-target");
}

// What a screen reader hears besides the server's message: which cards go where, by name.
function hintDetail(v, move) {
  const from = v.columns[move.column - 1];
  const onto = v.columns[move.to - 1];
  if (!from || !onto || from.up.length < move.count) return "";
  const card = cardName(from.up[from.up.length - move.count]);
  if (!onto.up.length) return t("{card} goes to the empty column.", { card });
  return t("{card} goes onto {onto}.", { card, onto: cardName(onto.up[onto.up.length - 1]) });
}

function showHintAnswer(v, answer, speak = true) {
  const move = parseAction(answer.action);
  hinted = answer.action ? { version: v.version, id: v.id, action: answer.action, ...(move || {}) } : null;
  applyHint();
  const message = answer.message || "";
  if (!speak) return;
  table.remind(message, { speak: false });
  const detail = move ? hintDetail(v, move) : "";
  table.announce(detail ? t("Hint: {hint}. {detail}", { hint: message, detail }) : t("Hint: {hint}.", { hint: message }));
}

async function showHint() {
  const v = table.view;
  if (!active(v) || table.paused) return;
  const request = ++hintRequest;
  hintButton.setAttribute("aria-busy", "true");
  let answer;
  try {
    answer = await api.hint(v.id);
  } catch (error) {
    if (request === hintRequest) table.remind(serverMessage(error, t("The server could not be reached. Try again.")));
    return;
  } finally {
    if (request === hintRequest) hintButton.removeAttribute("aria-busy");
  }
  const now = table.view;
  if (request !== hintRequest || !now || now.id !== v.id || now.version !== v.version) return; // the table moved on
  showHintAnswer(v, answer);
}

// ----- "Can this game still be won?" -------------------------------------------------------

let solveDialog = null;
let solveRun = 0; // a run's answer is shown only while it is still the current run
let solveReturn = null;
let solveAbort = null; // the running question's AbortController

function solverDialog() {
  if (solveDialog) return solveDialog;
  solveDialog = el("dialog", { id: "dlg-solve", class: "dialog", "aria-labelledby": "dlg-solve-title",
    "aria-describedby": "solve-intro" });
  solveDialog.addEventListener("close", () => {
    solveRun += 1; // a late answer is ignored
    if (solveAbort) solveAbort.abort(); // and the server stops looking for it
    solveAbort = null;
    const back = solveReturn && solveReturn.isConnected && !solveReturn.closest("[hidden]") ? solveReturn : $("btn-menu");
    solveReturn = null;
    back.focus();
  });
  document.body.append(solveDialog);
  return solveDialog;
}

function openSolver() {
  const v = table.view;
  if (!active(v)) return;
  const dialog = solverDialog();
  solveReturn = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  if (solveReturn && solveReturn.closest("#menu")) solveReturn = $("btn-menu");
  solveRun += 1;
  const title = el("h2", { id: "dlg-solve-title", text: t("Can this game still be won?") });
  const intro = el("p", { id: "solve-intro",
    text: t("To answer, the solver looks at the face-down cards and the stock, so it knows more than you can see. It does not show you any move.") });
  const limit = el("select", { id: "solve-limit", name: "limit" },
    ...SOLVE_LIMITS.map((s) => el("option", { value: String(s), text: tn("{n} second", "{n} seconds", s) })));
  const limitField = el("p", { class: "field" }, el("label", { for: "solve-limit", text: t("Time to think") }), limit);
  const status = el("p", { id: "solve-status", class: "solve-status", role: "status" });
  const progress = el("progress", { id: "solve-progress", class: "solve-progress", max: "100", value: "0",
    "aria-labelledby": "solve-progress-label", hidden: true });
  const progressLabel = el("span", { id: "solve-progress-label", class: "sr-only", text: t("Time the solver has used") });
  const answer = el("div", { class: "solve-answer", hidden: true });
  const ask = el("button", { type: "button", class: "primary", text: t("Ask the solver") });
  const close = el("button", { type: "button", text: t("Cancel"), onclick: () => dialog.close() });
  const buttons = el("div", { class: "buttons" }, ask, close);
  dialog.replaceChildren(el("div", { class: "solve" }, title, intro, limitField, progressLabel, progress, status, answer, buttons));
  ask.addEventListener("click", () => runSolver(v, Number(limit.value), { intro, limitField, status, progress, answer, ask, close }));
  if (!dialog.open) dialog.showModal();
  ask.focus();
}

async function runSolver(v, seconds, parts) {
  const { limitField, status, progress, answer, ask, close } = parts;
  const run = ++solveRun;
  ask.hidden = true;
  limitField.hidden = true;
  answer.hidden = true;
  progress.hidden = false;
  progress.value = 0;
  close.textContent = t("Cancel");
  close.focus();
  status.classList.remove("answered");
  status.textContent = tn("The solver is thinking (up to {n} second)…", "The solver is thinking (up to {n} seconds)…", seconds);
  solveDialog.setAttribute("aria-busy", "true");
  const started = performance.now();
  const ticker = setInterval(() => {
    progress.value = Math.min(99, ((performance.now() - started) / 1000 / seconds) * 100);
  }, 200);
  let result = null;
  let failure = null;
  if (solveAbort) solveAbort.abort(); // asked again: the earlier question is dropped
  solveAbort = new AbortController();
  try {
    result = await api.solve(v.id, seconds, solveAbort.signal);
  } catch (error) {
    failure = serverMessage(error, t("The server could not be reached. Try again."));
  } finally {
    clearInterval(ticker);
  }
  if (run !== solveRun || !solveDialog.open) return; // closed or asked again meanwhile
  solveDialog.removeAttribute("aria-busy");
  progress.hidden = true;
  close.textContent = t("Close");
  if (failure) {
    status.textContent = failure;
    return;
  }
  const lines = [];
  if (result.result === "won" && Array.isArray(result.actions)) {
    lines.push(el("p", { text: tn("The solver found a winning line of {n} action.", "The solver found a winning line of {n} actions.", result.actions.length) }));
  }
  if (result.note) lines.push(el("p", { class: "muted", text: result.note }));
  answer.replaceChildren(...lines);
  answer.hidden = false;
  status.textContent = result.message || "";
  status.classList.add("answered");
}

// ----- "Winnable deals only" in the new-game dialog -----------------------------------------

function winnableOnly() {
  try {
    return localStorage.getItem(WINNABLE_KEY) === "1";
  } catch (_) {
    return false;
  }
}

function setWinnableOnly(on) {
  try {
    localStorage.setItem(WINNABLE_KEY, on ? "1" : "0");
  } catch (_) {
    // storage may be unavailable; the box then holds the choice for this dialog only
  }
}

document.addEventListener("spider:new-game-form", (event) => {
  const { form } = event.detail;
  const box = el("input", { type: "checkbox", id: "new-winnable", name: "winnable", checked: winnableOnly(),
    "aria-describedby": "new-winnable-help" });
  const searching = el("p", { id: "new-winnable-status", class: "hint-text", role: "status" });
  const field = el("div", { class: "check winnable" }, box,
    el("div", {}, el("label", { for: "new-winnable", text: t("Winnable deals only") }),
      el("span", { id: "new-winnable-help", class: "hint-text",
        text: t("A random deal that the solver has proved can be won. Not used for a game code.") })));
  const code = form.querySelector("#new-code");
  const anchor = code ? code.closest("p") : null;
  if (anchor) anchor.before(field, searching);
  else form.append(field, searching);
  box.addEventListener("change", () => setWinnableOnly(box.checked));
  const sync = () => {
    box.disabled = Boolean(code && code.value.trim());
  };
  if (code) code.addEventListener("input", sync);
  sync();
  // The search can take a while when no proved deal is ready: say so until PLAY is back.
  const play = form.querySelector('button[type="submit"]');
  if (play) {
    new MutationObserver(() => {
      if (!play.disabled) searching.textContent = "";
    }).observe(play, { attributes: true, attributeFilter: ["disabled"] });
  }
});

document.addEventListener("spider:new-game-body", (event) => {
  const { body, form } = event.detail;
  const box = form.querySelector("#new-winnable");
  if (!box || !box.checked || box.disabled || body.code) return;
  body.winnable = true;
  const searching = form.querySelector("#new-winnable-status");
  if (searching) searching.textContent = t("Looking for a winnable deal…");
});

document.addEventListener("spider:new-game", (event) => {
  const { view, body } = event.detail;
  if (!body.winnable) return;
  const text = view.proven_winnable
    ? t("The solver has proved that this deal can be won.")
    : t("No winnable deal could be found in time: this is a random deal.");
  table.remind(text, { speak: false });
  setTimeout(() => table.announce(text), 1500); // after the new game's own announcement
});

// ----- the demo --------------------------------------------------------------------------------

let demo = null; // the running demo's token
let demoBar = null;

function positionKey(v) {
  return JSON.stringify([v.columns, v.stock, v.removed]);
}

function showDemoBar(on) {
  if (!demoBar) {
    demoBar = el("div", { id: "demo-bar", class: "demo-bar", role: "region" },
      el("span", { class: "demo-text" }),
      el("button", { type: "button", class: "stop", "aria-keyshortcuts": "Escape", onclick: () => stopDemo(t("Demo stopped.")) }));
    document.body.append(demoBar);
    applyTexts();
  }
  demoBar.hidden = !on;
  document.body.classList.toggle("demo-on", on);
}

function stopDemo(message) {
  if (!demo) return;
  const hadFocus = demoBar && demoBar.contains(document.activeElement);
  demo = null;
  hinted = null;
  applyHint();
  showDemoBar(false);
  updateControls();
  if (message) table.remind(message);
  if (hadFocus) hintButton.focus();
}

async function startDemo() {
  const first = table.view;
  if (!active(first) || demo) return;
  const token = {};
  demo = token;
  updateControls();
  showDemoBar(true);
  demoBar.querySelector("button").focus();
  table.announce(t("Demo started. Press Escape or Stop to take over."));
  const seen = new Set([positionKey(first)]);
  let actions = 0;
  while (demo === token) {
    const v = table.view;
    if (!v || v.id !== first.id) return stopDemo(null);
    if (!active(v)) return stopDemo(null); // won: the result screen says it all
    if (table.paused || document.querySelector("dialog[open]")) return stopDemo(t("Demo stopped."));
    if (actions >= DEMO_MAX_ACTIONS) {
      return stopDemo(tn("Demo stopped after {n} action.", "Demo stopped after {n} actions.", actions));
    }
    let answer;
    try {
      answer = await api.hint(v.id);
    } catch (error) {
      return stopDemo(serverMessage(error, t("The server could not be reached. Try again.")));
    }
    if (demo !== token) return undefined;
    if (table.view !== v) continue; // the table changed meanwhile: ask again
    if (!answer.action) return stopDemo(t("Demo stopped: {reason}", { reason: answer.message || "" }));
    showHintAnswer(v, answer, false);
    await sleep(reducedMotion.matches ? DEMO_STEP_REDUCED_MS : DEMO_STEP_MS);
    if (demo !== token) return undefined;
    if (table.view !== v) continue;
    await table.send(answer.action);
    const after = table.view;
    if (!after || after.version === v.version) return stopDemo(t("Demo stopped."));
    actions += 1;
    const key = positionKey(after);
    if (seen.has(key)) return stopDemo(t("Demo stopped: the same position came back."));
    seen.add(key);
  }
  return undefined;
}

// Escape stops the demo; so does any other key of the game (the player takes over), but not
// moving around the page with Tab or pressing the Stop button itself.
const PASSIVE_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"]);
document.addEventListener("keydown", (event) => {
  if (!demo || document.querySelector("dialog[open]")) return;
  if (event.key === "Escape") {
    event.preventDefault();
    stopDemo(t("Demo stopped."));
  } else if (!PASSIVE_KEYS.has(event.key) && !(demoBar && demoBar.contains(event.target))) {
    stopDemo(t("Demo stopped."));
  }
}, true);

// The player takes over by touching the table or the toolbar.
document.addEventListener("pointerdown", (event) => {
  if (demo && event.target.closest("#table-content, #toolbar")) stopDemo(t("Demo stopped."));
}, true);

// ----- after every render -----------------------------------------------------------------------

document.addEventListener("spider:view", () => {
  applyTexts(); // the language may have changed
  applyHint(); // a new version clears the hint; the same version (re-rendered) keeps it
  updateControls();
});

install();
