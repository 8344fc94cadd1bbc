// The way to the statistics screen: a menu item and its dialog. The screen itself (its modules and
// styles) loads the first time it opens, so the first page load stays small.
import { $, el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { subscribe } from "../core/state.js";
import { closeMenu } from "../play/menu.js";

const item = el("button", { id: "btn-stats", type: "button", "aria-haspopup": "dialog" });
const dialog = el("dialog", { id: "dlg-stats", class: "dialog wide history-dialog", "aria-labelledby": "dlg-stats-title" });
let screen = null;

function loadScreen() {
  if (!screen) {
    document.head.append(el("link", { rel: "stylesheet", href: "static/history/history.css" }));
    screen = import("./screen.js");
  }
  return screen;
}

async function open() {
  closeMenu();
  const { openStatsScreen } = await loadScreen();
  await openStatsScreen(dialog);
}

function applyTexts() {
  item.textContent = t("Statistics");
}

// evaluated before app.js's start(): the dialog is on the page when start() wires every dialog's close
document.body.append(dialog);
$("btn-settings").before(item);
item.addEventListener("click", open);
dialog.addEventListener("close", async () => (await loadScreen()).stopStatsScreen());
subscribe((changed) => {
  if (changed.has("language")) applyTexts();
});
applyTexts();
