// The way to the daily deals: a toolbar button, a menu item and their dialog (the screen loads the
// first time it opens); on the table, a daily deal says so and whether it counts; the result of
// a won daily deal offers its leaderboard.
import { $, el, lazyScreen } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { guardControl } from "../core/offline.js";
import { state, subscribe } from "../core/state.js";
import { addResultButton } from "../game/result.js";
import { closeMenu } from "../play/menu.js";
import { remind } from "../table/speech.js";

const toolButton = el("button", { id: "btn-daily", type: "button", "aria-haspopup": "dialog" });
const item = el("button", { id: "btn-daily-menu", type: "button", "aria-haspopup": "dialog" });
const dialog = el("dialog", { id: "dlg-daily", class: "dialog wide daily-dialog", "aria-labelledby": "dlg-daily-title" });
const badge = el("p", { id: "daily-badge", class: "daily-badge", hidden: true });
// the screen, made the first time it opens
const screen = lazyScreen("static/daily/daily.css", async () => (await import("./screen.js")).dailyScreen({ dialog }));

/** Open the screen; `show` ({date, level}) opens a deal's leaderboard too. */
async function open(show = {}) {
  closeMenu();
  await (await screen()).open(show);
}

function dayText(date) {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(state.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}


/** Whether the attempt still counts: the server says so (in play, on its own day), and the UTC
 * day this browser sees has not moved past the deal's since. */
function badgeKind(daily) {
  const counting = daily.counting && daily.date >= new Date().toISOString().slice(0, 10);
  if (counting) return t("counts for the leaderboard");
  return daily.counted ? t("no longer counts for the leaderboard") : t("practice");
}

/** A daily deal on the table says which day's it is and whether it counts; its code box (a daily
 * deal has no code to share) gives way to it. Returns the function that draws the badge again. */
function dailyBadge() {
  let midnight = null;

  function applyBadge() {
    const daily = state.view && state.view.daily;
    document.body.classList.toggle("daily-game", Boolean(daily));
    badge.hidden = !daily;
    if (!daily) return;
    badge.textContent = t("Daily deal, {date}: {kind}", { date: dayText(daily.date), kind: badgeKind(daily) });
    watchMidnight(daily);
  }

  /** At the next UTC midnight the attempt on the table stops counting: say so then, unasked. */
  function watchMidnight(daily) {
    clearTimeout(midnight);
    if (!daily.counting) return;
    const now = Date.now();
    midnight = setTimeout(applyBadge, 86400000 - (now % 86400000) + 1000);
  }

  return applyBadge;
}

function applyTexts() {
  toolButton.textContent = t("Daily deals");
  item.textContent = t("Daily deals");
}

// evaluated before app.js's start(): the dialog is on the page when start() wires every dialog's close
document.body.append(dialog);
$("btn-help").before(toolButton);
$("btn-settings").before(item);
document.querySelector("#topbar .code-box").after(badge);
toolButton.addEventListener("click", () => open());
item.addEventListener("click", () => open());
for (const control of [toolButton, item]) {
  guardControl(control, () => t("Daily deals need a connection."), (text) => {
    closeMenu();
    remind(text);
  });
}
dialog.addEventListener("close", async () => (await screen()).stop());
addResultButton((view, closeResult) => view.daily ? el("button", { type: "button", text: t("See the leaderboard"),
  onclick: () => {
    closeResult();
    // after the result's close has put the focus back, so that closing the screen returns it there
    setTimeout(() => open({ date: view.daily.date, level: view.daily.level }), 0);
  } }) : null);
const applyBadge = dailyBadge();
subscribe((changed) => {
  if (changed.has("language")) applyTexts();
  if (changed.has("language") || changed.has("view")) applyBadge();
});
applyTexts();
