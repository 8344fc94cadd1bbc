// The way to the statistics screen: a menu item and its dialog. The screen itself (its modules and
// styles) loads the first time it opens, so the first page load stays small. A game a new deal made
// a loss gets its result screen here too, with its review (history/lost.js, loaded as it is needed).
import { $, el, lazyScreen } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { subscribe } from "../core/state.js";
import { onGameLost } from "../game/start.js";
import { closeMenu } from "../play/menu.js";

const item = el("button", { id: "btn-stats", type: "button", "aria-haspopup": "dialog" });
const dialog = el("dialog", { id: "dlg-stats", class: "dialog wide history-dialog", "aria-labelledby": "dlg-stats-title" });
const lostDialog = el("dialog", { id: "dlg-review", class: "dialog wide history-dialog", "aria-labelledby": "dlg-review-title" });
const lostBar = el("section", { class: "lost-bar", "aria-label": t("Your last game"), hidden: true });

// the screen, made the first time it opens
const screen = lazyScreen("static/history/history.css", async () => (await import("./screen.js")).statsScreen({ dialog }));
const lost = lazyScreen("static/history/history.css", async () => (await import("./lost.js")).lostResult(lostBar, lostDialog));

async function open() {
  closeMenu();
  await (await screen()).open();
}

function applyTexts() {
  item.textContent = t("Statistics");
}

// evaluated before app.js's start(): the dialog is on the page when start() wires every dialog's close
document.body.append(dialog, lostDialog, lostBar);
$("btn-settings").before(item);
item.addEventListener("click", open);
dialog.addEventListener("close", async () => (await screen()).stop());
lostDialog.addEventListener("close", async () => (await lost()).stop());
onGameLost(async (game) => (await lost()).show(game));
subscribe((changed) => {
  if (changed.has("language")) applyTexts();
});
applyTexts();
