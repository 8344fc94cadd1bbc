// The way to the clubs: a menu item and its dialog (the screen loads the first time it opens); a
// page opened by a club's invite link (#join=…) opens it with the offer to join, and the token
// leaves the address bar at once.
import { $, el, lazyScreen } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { guardControl } from "../core/offline.js";
import { subscribe } from "../core/state.js";
import { closeMenu } from "../play/menu.js";
import { remind } from "../table/speech.js";

const item = el("button", { id: "btn-clubs-menu", type: "button", "aria-haspopup": "dialog" });
const dialog = el("dialog", { id: "dlg-clubs", class: "dialog wide daily-dialog", "aria-labelledby": "dlg-clubs-title" });
// the screen, made the first time it opens
const screen = lazyScreen("static/daily/daily.css", async () => (await import("./screen.js")).clubsScreen({ dialog }));

async function open(invite = null) {
  closeMenu();
  await (await screen()).open(invite);
}

/** The invite of the page's address, taken out of it (a reload does not offer it again). */
function takeInvite() {
  const found = /^#join=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!found) return null;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  return found[1];
}

function applyTexts() {
  item.textContent = t("Clubs");
}

document.body.append(dialog);
$("btn-settings").before(item);
item.addEventListener("click", () => open());
guardControl(item, () => t("Clubs need a connection."), (text) => {
  closeMenu();
  remind(text);
});
subscribe((changed) => {
  if (changed.has("language")) applyTexts();
});
applyTexts();
const invite = takeInvite();
// after the app's start has loaded the player and the language, so the screen speaks it
if (invite) setTimeout(() => open(invite), 0);
