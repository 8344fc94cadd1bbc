// The month calendar of the daily deals (GET /api/daily/calendar/{YYYY-MM}): a table of weeks
// whose days say whether the player won, played or missed that day's deals. Days up to today are
// buttons that open their deals; the arrow keys move between them (one tab stop for the month).
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { canOpen, dayDate, firstDayOf, monthGrid, monthTitle, stepDay, weekdayOrder } from "./dates.js";

const MONDAY = Date.UTC(2024, 0, 1); // a Monday: weekday n is MONDAY + (n - 1) days

function stateWord(state) {
  if (state === "won") return t("won");
  if (state === "played") return t("played");
  if (state === "today") return t("today");
  if (state === "future") return t("still to come");
  if (state === "before") return "";
  return t("missed");
}

/** The day's mark: a symbol for the eye, the state in words in its name. */
const MARKS = { won: "★", played: "●", missed: "·", today: "", future: "", before: "" };

/** Draw the month of `calendar` ({month, days: [{date, state}]}) into a table. `language` names
 * the days; `today` and `selected` are days; `onPick(day)` opens a day. */
export function calendarTable(calendar, { language, today, selected, onPick }) {
  const states = new Map(calendar.days.map((d) => [d.date, d.state]));
  const firstDay = firstDayOf(language);
  const long = new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  const full = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
  const monthName = monthTitle(calendar.month, language);
  const head = el("tr", {}, ...weekdayOrder(firstDay).map((n) => {
    const day = new Date(MONDAY + (n - 1) * 86400000);
    return el("th", { scope: "col", abbr: full.format(day), text: short.format(day) });
  }));
  const openable = calendar.days.map((d) => d.date).filter((day) => canOpen(day, today));
  const focusDay = openable.includes(selected) ? selected : openable.includes(today) ? today : openable[openable.length - 1];
  const buttons = new Map();
  const cell = (day) => {
    if (!day) return el("td", { class: "outside" });
    const state = day === today && states.get(day) === "missed" ? "today" : states.get(day) || "future";
    // a day before the player was first seen is neither played nor missed: only its date is said
    const name = day === today
      ? t("{date}, today: {state}", { date: long.format(dayDate(day)), state: stateWord(state) })
      : state === "before" ? long.format(dayDate(day))
        : t("{date}: {state}", { date: long.format(dayDate(day)), state: stateWord(state) });
    const number = String(Number(day.slice(8)));
    const inner = [el("span", { class: "day-number", "aria-hidden": "true", text: number }),
      el("span", { class: "day-mark", "aria-hidden": "true", text: MARKS[state] || "" })];
    if (!canOpen(day, today)) return el("td", { class: `day ${state}` }, el("span", { class: "day-box", "aria-label": name, role: "img" }, ...inner));
    const button = el("button", { type: "button", class: "day-box", "aria-label": name,
      "aria-pressed": day === selected ? "true" : "false", "aria-current": day === today ? "date" : undefined,
      tabindex: day === focusDay ? "0" : "-1", "data-day": day, "data-online": true, onclick: () => onPick(day) }, ...inner);
    buttons.set(day, button);
    return el("td", { class: `day ${state}${day === today ? " is-today" : ""}` }, button);
  };
  const body = el("tbody", {}, ...monthGrid(calendar.month, firstDay).map((week) => el("tr", {}, ...week.map(cell))));
  const table = el("table", { class: "calendar" }, el("caption", { class: "sr-only", text: monthName }), el("thead", {}, head), body);
  table.addEventListener("keydown", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const from = target.dataset && target.dataset.day;
    if (!from || !openable.length) return;
    const next = stepDay(from, event.key, openable[0], openable[openable.length - 1]);
    if (!next || !buttons.has(next)) return;
    event.preventDefault();
    for (const button of buttons.values()) button.tabIndex = -1;
    buttons.get(next).tabIndex = 0;
    buttons.get(next).focus();
  });
  return table;
}

/** The calendar's legend: what each mark means. */
export function calendarLegend() {
  const item = (state, text) => el("li", {}, el("span", { class: `day-box ${state}`, "aria-hidden": "true", text: MARKS[state] || "" }), text);
  return el("ul", { class: "calendar-legend" },
    item("won", t("Won")), item("played", t("Played")), item("missed", t("Missed")));
}
