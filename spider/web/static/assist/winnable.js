// Winnable deals in the new-game dialog: any deal, or one the solver has proved can be won, of a
// grade (easy to expert, measured by the server: docs/RULES.md, Grades). The choice is kept in this
// browser; it is an option of the dialog (addNewGameOption). A graded deal on the table says its grade.
import { online } from "../core/connection.js";
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { guardOnline } from "../core/offline.js";
import { state, subscribe } from "../core/state.js";
import { GRADES, gradeName } from "../game/grade.js";
import { addNewGameOption } from "../game/newgame.js";
import { announce, remind } from "../table/speech.js";

const DEAL_KEY = "spider.deal";
const OLD_KEY = "spider.winnableOnly"; // "1": winnable deals only, from before they were graded

function savedChoice() {
  try {
    const saved = localStorage.getItem(DEAL_KEY);
    if (saved === "any" || GRADES.includes(saved)) return saved;
    return localStorage.getItem(OLD_KEY) === "1" ? "easy" : "any";
  } catch (_) {
    return "any";
  }
}

function saveChoice(choice) {
  try {
    localStorage.setItem(DEAL_KEY, choice);
  } catch (_) {
    // storage may be unavailable; the dialog then holds the choice for this time only
  }
}

function started(view, request) {
  if (!request.grade) return;
  let text;
  if (!view.proven_winnable && !online()) {
    text = t("No winnable deal was kept on this device, so this is a random deal: winnable deals need a connection.");
  } else if (!view.proven_winnable) text = t("No winnable deal could be found in time: this is a random deal.");
  else if (!view.grade) text = t("The solver has proved that this deal can be won; no deal of that grade was ready, and this one is not graded.");
  else if (view.grade !== request.grade) {
    text = t("No deal of grade “{asked}” was ready: the solver has proved that this deal, graded “{grade}”, can be won.",
      { asked: gradeName(request.grade), grade: gradeName(view.grade) });
  } else text = t("The solver has proved that this deal can be won.");
  remind(text, { speak: false });
  setTimeout(() => announce(text), 1500); // after the new game's own announcement
}

/** The new-game dialog's option of a winnable deal: its field, what it adds to the request, and
 * its status line while the server looks for a deal. */
function dealOption() {
  /** @type {HTMLFieldSetElement | null} */
  let group = null; // the dialog's radio group on show
  /** @type {HTMLElement | null} */
  let searching = null; // its status line: the search can take a while when no proved deal is ready

  function field(codeInput) {
    const chosen = savedChoice();
    group = el("fieldset", { class: "choices deal-choice", "aria-describedby": "new-winnable-help" },
      el("legend", { text: t("Deal") }));
    const choices = [["any", t("Any deal")], ...GRADES.map((g) => [g, t("Winnable: {grade}", { grade: gradeName(g) })])];
    for (const [value, label] of choices) {
      const id = `new-deal-${value}`;
      group.append(el("label", { class: "choice", for: id },
        el("input", { type: "radio", name: "deal", id, value, checked: value === chosen }),
        el("span", { text: label })));
    }
    group.append(el("p", { id: "new-winnable-help", class: "hint-text",
      text: t("A winnable deal is one the solver has proved can be won; its grade says how hard it was for a player who never peeks. Not used for a game code.") }));
    searching = el("p", { id: "new-winnable-status", class: "hint-text", role: "status" });
    // the server finds winnable deals: with no connection, one this device keeps (if any) is dealt
    group.append(el("p", { id: "new-winnable-offline", class: "offline-note", role: "status", hidden: true }));
    const fieldset = group;
    guardOnline(fieldset, { note: "new-winnable-offline",
      why: () => t("Winnable deals need a connection: until it is back, a winnable deal kept on this device is dealt if there is one, else a random deal.") });
    fieldset.addEventListener("change", (event) => saveChoice(/** @type {HTMLInputElement} */ (event.target).value));
    const sync = () => {
      fieldset.disabled = Boolean(codeInput.value.trim()); // a game code is one exact deal
    };
    codeInput.addEventListener("input", sync);
    sync();
    return [fieldset, searching];
  }

  function extra(choice) {
    const picked = group && /** @type {HTMLInputElement | null} */ (group.querySelector("input:checked"));
    if (!picked || picked.value === "any" || group.disabled || choice.code) return {};
    searching.textContent = t("Looking for a winnable deal…");
    return { grade: picked.value };
  }

  function failed() {
    if (searching) searching.textContent = "";
  }

  return { field, extra, failed, started };
}

// On the table: a graded deal's grade, beside its code (or its daily badge).
const badge = el("p", { id: "grade-badge", class: "grade-badge", hidden: true });

function applyBadge() {
  const grade = state.view && state.view.grade;
  badge.hidden = !grade;
  if (grade) badge.textContent = t("Winnable: {grade}", { grade: gradeName(grade) });
}

export function installWinnable() {
  addNewGameOption(dealOption());
  document.querySelector("#topbar .code-box").after(badge);
  subscribe((keys) => {
    if (keys.has("view") || keys.has("language")) applyBadge();
  });
}
