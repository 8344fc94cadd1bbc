// "Can this game still be won?": asks the solver, which sees face-down cards, only when the
// player asks, in a dialog that shows its progress and can be closed (the server then stops).
import { api } from "./api.js";
import { $, el } from "./dom.js";
import { active, serverMessage } from "./hint.js";
import { t, tn } from "./i18n.js";

const SOLVE_LIMITS = [10, 30, 60]; // seconds; the server allows up to 60

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

export function openSolver(v) {
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
