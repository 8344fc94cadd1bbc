// The player's helpers on top of the table (docs/RULES.md, Hints and the solver): the Hint button
// (H key), a deeper hint from the strong player in the menu (Shift+H), "Can this game still be
// won?" (the solver, which sees face-down cards, so only on request), winnable deals (graded) in the
// new-game dialog, a demo that plays hint after hint, and Finish (F) once nothing is hidden. They
// hold no rules: the server finds hints and solves; the table plays, renders and speaks. This module puts their controls on the
// page and keeps them enabled only while a game is being played.
import { $, el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { state } from "../core/state.js";
import { closeMenu } from "../play/menu.js";
import { afterRender } from "../table/render.js";
import { applyDemoTexts, demoRunning, installDemo, onDemoChange, startDemo, stopDemo } from "./demo.js";
import {
  applyFinishTexts, finishButton, finishRunning, installFinish, onFinishChange, startFinish, updateFinishButton,
} from "./finish.js";
import { active, applyHint, showHint } from "./hint.js";
import { openSolver } from "./solver.js";
import { installWinnable } from "./winnable.js";

const hintButton = el("button", { id: "btn-hint", type: "button", "aria-keyshortcuts": "H" });
const deepHintItem = el("button", { id: "btn-deep-hint", type: "button", "aria-keyshortcuts": "Shift+H" });
const solveItem = el("button", { id: "btn-solve", type: "button", "aria-haspopup": "dialog" });
const demoItem = el("button", { id: "btn-demo", type: "button" });
const finishItem = finishButton();

function applyTexts() {
  hintButton.textContent = t("Hint");
  hintButton.setAttribute("aria-label", t("Hint: show a good next move"));
  deepHintItem.textContent = t("Deeper hint");
  deepHintItem.title = t("A hint from guessing the face-down cards many times over: it can take a second or two");
  solveItem.textContent = t("Can this game still be won?");
  demoItem.textContent = t("Demo: let the hints play");
  applyDemoTexts();
  applyFinishTexts(finishItem);
}

function updateControls() {
  const v = state.view;
  const playing = active(v) && !finishRunning();
  hintButton.disabled = !playing;
  deepHintItem.disabled = !playing;
  solveItem.disabled = !playing;
  demoItem.disabled = !playing || demoRunning();
  updateFinishButton(finishItem);
}

function install() {
  $("tool-slot").append(hintButton);
  $("stock").after(finishItem); // on the table, between the empty stock and the sets: the toolbar keeps its room
  $("btn-restart").after(deepHintItem);
  deepHintItem.after(solveItem);
  solveItem.after(demoItem);
  hintButton.addEventListener("click", () => {
    stopDemo(t("Demo stopped."));
    showHint(hintButton);
  });
  deepHintItem.addEventListener("click", () => {
    closeMenu();
    stopDemo(t("Demo stopped."));
    showHint(deepHintItem, true);
  });
  solveItem.addEventListener("click", () => {
    closeMenu();
    stopDemo(t("Demo stopped."));
    openSolver(state.view);
  });
  demoItem.addEventListener("click", () => {
    closeMenu();
    startDemo();
  });
  finishItem.addEventListener("click", () => {
    stopDemo(t("Demo stopped."));
    startFinish(finishItem);
  });
  onDemoChange(updateControls);
  onFinishChange(updateControls);
  installDemo();
  installFinish();
  installWinnable();
  afterRender(() => {
    applyTexts(); // the language may have changed
    applyHint(); // a new version clears the hint; the same version (re-rendered) keeps it
    updateControls();
  });
  applyTexts();
  updateControls();
}

install();
