// "Can this game still be won?": asks the solver, which sees face-down cards, only when the
// player asks, in a dialog that shows its progress and can be closed. Asking starts a job on the
// server (202 with its id), which the dialog polls for progress and the answer; closing the dialog
// cancels the job, and the server stops the solver within a second.
import { api as serverApi } from "../core/api.js";
import { $, el } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { needsConnection } from "../core/offline.js";
import { active, serverMessage } from "./hint.js";

const SOLVE_LIMITS = [10, 30, 60]; // seconds; the server allows up to 60
const POLL_MS = 400;

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** The solver's dialog, made on first use: open(view) shows it for that game's view.
 * @param {{api?: typeof serverApi}} [deps] */
export function solverDialog({ api = serverApi } = {}) {
  /** @type {HTMLDialogElement | null} */
  let solveDialog = null;
  let solveRun = 0; // a run's answer is shown only while it is still the current run
  /** @type {HTMLElement | null} */
  let solveReturn = null;
  /** @type {string | null} */
  let solveJob = null; // the id of the job the dialog is waiting for

  // Cancel the job being waited for, if any; nobody waits for the answer of a cancelled job.
  function dropJob() {
    if (solveJob) api.cancelSolve(solveJob).catch(() => {}); // already answered or forgotten: nothing to stop
    solveJob = null;
  }

  function dialogOnPage() {
    if (solveDialog) return solveDialog;
    solveDialog = el("dialog", { id: "dlg-solve", class: "dialog", "aria-labelledby": "dlg-solve-title",
      "aria-describedby": "solve-intro solve-counts" });
    solveDialog.addEventListener("close", () => {
      solveRun += 1; // a late answer is ignored
      dropJob(); // and the server stops looking for it
      const back = solveReturn && solveReturn.isConnected && !solveReturn.closest("[hidden]") ? solveReturn : $("btn-menu");
      solveReturn = null;
      back.focus();
    });
    document.body.append(solveDialog);
    return solveDialog;
  }

  function open(v) {
    if (!active(v)) return;
    const dialog = dialogOnPage();
    solveReturn = document.activeElement && document.activeElement !== document.body
      ? /** @type {HTMLElement} */ (document.activeElement) : null;
    if (solveReturn && solveReturn.closest("#menu")) solveReturn = $("btn-menu");
    solveRun += 1;
    const title = el("h2", { id: "dlg-solve-title", text: t("Can this game still be won?") });
    const intro = el("p", { id: "solve-intro",
      text: t("To answer, the solver looks at the face-down cards and the stock, so it knows more than you can see. It does not show you any move.") });
    const counts = el("p", { id: "solve-counts", class: "hint-text",
      text: v.assisted ? t("This game is already assisted: it doesn't count in your statistics.")
        : t("Asking makes this game assisted: it will no longer count in your statistics. Hints don't.") });
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
    dialog.replaceChildren(el("div", { class: "solve" }, title, intro, counts, limitField, progressLabel, progress, status, answer, buttons));
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
    let result = null;
    let failure = null;
    dropJob(); // asked again: the earlier question is dropped
    try {
      result = await askAndWait(v.id, seconds, run, (elapsed) => {
        progress.value = Math.min(99, (elapsed / seconds) * 100);
      });
    } catch (error) {
      failure = serverMessage(error, needsConnection(t("The solver needs a connection.")));
    }
    if (run !== solveRun || !solveDialog.open || (!result && !failure)) return; // closed or asked again meanwhile
    solveDialog.removeAttribute("aria-busy");
    progress.hidden = true;
    close.textContent = t("Close");
    if (failure) {
      status.textContent = failure;
      return;
    }
    const lines = [];
    if (result.result === "won" && Array.isArray(result.actions) && result.actions.length) {
      lines.push(el("p", { text: tn("The solver found a winning line of {n} action.", "The solver found a winning line of {n} actions.", result.actions.length) }));
    }
    if (result.note) lines.push(el("p", { class: "muted", text: result.note }));
    answer.replaceChildren(...lines);
    answer.hidden = false;
    status.textContent = result.message || "";
    status.classList.add("answered");
  }

  // Start the job and poll it until it answers; null once the run is no longer the current one.
  async function askAndWait(gameId, seconds, run, onProgress) {
    const job = await api.solve(gameId, seconds);
    if (run !== solveRun) {
      api.cancelSolve(job.id).catch(() => {});
      return null;
    }
    solveJob = job.id;
    for (;;) {
      await pause(POLL_MS);
      if (run !== solveRun) return null;
      const state = await api.solveState(job.id);
      if (run !== solveRun) return null;
      onProgress(state.elapsed);
      if (state.state === "done") {
        solveJob = null;
        return state.answer;
      }
    }
  }

  return { open };
}
