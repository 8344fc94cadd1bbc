// The player's helpers on top of the table (docs/RULES.md, Hints and the solver): the Hint button
// (H key), a deeper hint from the strong player in the menu (Shift+H), "Can this game still be
// won?" (the solver, which sees face-down cards, so only on request), winnable deals (graded) in the
// new-game dialog, a demo that plays hint after hint, and Finish (F) once nothing is hidden. They
// hold no rules: the server finds hints and solves; the table plays, renders and speaks. This module puts their controls on the
// page and keeps them enabled only while a game is being played.
import { $, el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { guardControl, showOfflineNote } from "../core/offline.js";
import { state } from "../core/state.js";
import { closeMenu } from "../play/menu.js";
import { afterRender } from "../table/render.js";
import { announce, remind } from "../table/speech.js";
import { demoPlayer } from "./demo.js";
import { applyFinishTexts, finishButton, finisher } from "./finish.js";
import { active, hints } from "./hint.js";
import { solverDialog } from "./solver.js";
import { installWinnable } from "./winnable.js";

const hintButton = el("button", { id: "btn-hint", type: "button", "aria-keyshortcuts": "H" });
const deepHintItem = el("button", { id: "btn-deep-hint", type: "button", "aria-keyshortcuts": "Shift+H" });
const solveItem = el("button", { id: "btn-solve", type: "button", "aria-haspopup": "dialog" });
const demoItem = el("button", { id: "btn-demo", type: "button" });
const finishItem = finishButton();

// Each asks the server: while it cannot be reached, each says so (its own note, read as its
// description, and said when pressed) and the table plays on.
/** @type {[HTMLButtonElement, () => string][]} */
const NEEDS = [
  [hintButton, () => t("Hints need a connection.")],
  [deepHintItem, () => t("Hints need a connection.")],
  [solveItem, () => t("The solver needs a connection.")],
  [demoItem, () => t("The demo plays the server's hints: it needs a connection.")],
  [finishItem, () => t("Finish needs a connection.")],
];

function guardEach() {
  for (const [control, what] of NEEDS) guardControl(control, what, (text) => remind(text));
}

function install() {
  const hint = hints();
  const demo = demoPlayer({ hints: hint });
  const finish = finisher({ hints: hint });
  const solver = solverDialog();

  function applyTexts() {
    hintButton.textContent = t("Hint");
    hintButton.setAttribute("aria-label", t("Hint: show a good next move"));
    deepHintItem.textContent = t("Deeper hint");
    deepHintItem.title = t("A hint from guessing the face-down cards many times over: it can take a second or two");
    solveItem.textContent = t("Can this game still be won?");
    demoItem.textContent = t("Demo: let the hints play");
    demo.applyTexts();
    applyFinishTexts(finishItem);
  }

  function updateControls() {
    const v = state.view;
    const playing = active(v) && !finish.running();
    hintButton.disabled = !playing;
    deepHintItem.disabled = !playing;
    solveItem.disabled = !playing;
    demoItem.disabled = !playing || demo.running();
    finish.updateButton(finishItem);
  }

  $("tool-slot").append(hintButton);
  $("stock").after(finishItem); // on the table, between the empty stock and the sets: the toolbar keeps its room
  $("btn-restart").after(deepHintItem);
  deepHintItem.after(solveItem);
  solveItem.after(demoItem);
  hintButton.addEventListener("click", () => {
    demo.stop(t("Demo stopped."));
    hint.show(hintButton);
  });
  deepHintItem.addEventListener("click", () => {
    closeMenu();
    demo.stop(t("Demo stopped."));
    hint.show(deepHintItem, true);
  });
  solveItem.addEventListener("click", () => {
    closeMenu();
    demo.stop(t("Demo stopped."));
    solver.open(state.view);
  });
  demoItem.addEventListener("click", () => {
    closeMenu();
    demo.start();
  });
  finishItem.addEventListener("click", () => {
    demo.stop(t("Demo stopped."));
    finish.start(finishItem);
  });
  demo.onChange(updateControls);
  finish.onChange(updateControls);
  demo.install();
  finish.install();
  guardEach();
  showOfflineNote(announce);
  installWinnable();
  afterRender(() => {
    applyTexts(); // the language may have changed
    hint.apply(); // a new version clears the hint; the same version (re-rendered) keeps it
    updateControls();
  });
  applyTexts();
  updateControls();
}

install();
