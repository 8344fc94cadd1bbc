// "Winnable deals only" in the new-game dialog: a random deal the solver has proved can be won
// (the choice is kept in this browser). It is an option of the dialog (addNewGameOption).
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { addNewGameOption } from "../game/newgame.js";
import { announce, remind } from "../table/speech.js";

const WINNABLE_KEY = "spider.winnableOnly";

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

let box = null; // the check box of the dialog on show
let searching = null; // its status line: the search can take a while when no proved deal is ready

function field(codeInput) {
  box = el("input", { type: "checkbox", id: "new-winnable", name: "winnable", checked: winnableOnly(),
    "aria-describedby": "new-winnable-help" });
  searching = el("p", { id: "new-winnable-status", class: "hint-text", role: "status" });
  const row = el("div", { class: "check winnable" }, box,
    el("div", {}, el("label", { for: "new-winnable", text: t("Winnable deals only") }),
      el("span", { id: "new-winnable-help", class: "hint-text",
        text: t("A random deal that the solver has proved can be won. Not used for a game code.") })));
  const checkBox = box;
  checkBox.addEventListener("change", () => setWinnableOnly(checkBox.checked));
  const sync = () => {
    checkBox.disabled = Boolean(codeInput.value.trim()); // a game code is one exact deal
  };
  codeInput.addEventListener("input", sync);
  sync();
  return [row, searching];
}

function extra(choice) {
  if (!box || !box.checked || box.disabled || choice.code) return {};
  searching.textContent = t("Looking for a winnable deal…");
  return { winnable: true };
}

function failed() {
  if (searching) searching.textContent = "";
}

function started(view, request) {
  if (!request.winnable) return;
  const text = view.proven_winnable
    ? t("The solver has proved that this deal can be won.")
    : t("No winnable deal could be found in time: this is a random deal.");
  remind(text, { speak: false });
  setTimeout(() => announce(text), 1500); // after the new game's own announcement
}

export function installWinnable() {
  addNewGameOption({ field, extra, failed, started });
}
