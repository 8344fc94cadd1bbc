// The player's helpers on top of the table (docs/RULES.md, Hints and the solver): the Hint button
// (H key), a deeper hint from the strong player in the menu (Shift+H), "Can this game still be
// won?" (the solver, which sees face-down cards, so only on request), winnable deals (graded) in the
// new-game dialog, and a demo that plays hint after hint. They hold no rules: the server finds
// hints and solves; the table plays, renders and speaks. This module puts their controls on the
// page and keeps them enabled only while a game is being played.
import { $, el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { state } from "../core/state.js";
import { closeMenu } from "../play/menu.js";
import { afterRender } from "../table/render.js";
import { applyDemoTexts, demoRunning, installDemo, onDemoChange, startDemo, stopDemo } from "./demo.js";
import { active, applyHint, showHint } from "./hint.js";
import { openSolver } from "./solver.js";
import { installWinnable } from "./winnable.js";

const hintButton = el("button", { id: "btn-hint", type: "button", "aria-keyshortcuts": "H" });
const deepHintItem = el("button", { id: "btn-deep-hint", type: "button", "aria-keyshortcuts": "Shift+H" });
const solveItem = el("button", { id: "btn-solve", type: "button", "aria-haspopup": "dialog" });
const demoItem = el("button", { id: "btn-demo", type: "button" });

function applyTexts() {
  hintButton.textContent = t("Hint");
  hintButton.setAttribute("aria-label", t("Hint: show a good next move"));
  deepHintItem.textContent = t("Deeper hint");
  deepHintItem.title = t("A hint from guessing the face-down cards many times over: it can take a second or two");
  solveItem.textContent = t("Can this game still be won?");
  demoItem.textContent = t("Demo: let the hints play");
  applyDemoTexts();
}

function updateControls() {
  const v = state.view;
  hintButton.disabled = !active(v);
  deepHintItem.disabled = !active(v);
  solveItem.disabled = !active(v);
  demoItem.disabled = !active(v) || demoRunning();
}

function install() {
  $("tool-slot").append(hintButton);
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
  onDemoChange(updateControls);
  installDemo();
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
