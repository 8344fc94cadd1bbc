// Pure date work of the daily deals' screen (no DOM, so node --test covers it). A daily deal's day
// is a UTC date "YYYY-MM-DD"; a month is "YYYY-MM". Everything here counts in UTC, so the
// calendar is the same in every time zone.

const pad = (n, width = 2) => String(n).padStart(width, "0");

/** The month "YYYY-MM" of a day "YYYY-MM-DD". */
export function monthOf(day) {
  return day.slice(0, 7);
}

/** The month `delta` months after `month` (before, when negative). */
export function shiftMonth(month, delta) {
  const [year, number] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + delta;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** A day "YYYY-MM-DD" as a Date at its UTC midnight. */
export function dayDate(day) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** A day as the screen writes it in `language` ("December 6, 2026"). */
export function longDate(day, language) {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(dayDate(day));
}

/** A month's name and year in `language`, starting with a capital ("Декабрь 2026 г.": it starts a
 * line). */
export function monthTitle(month, language) {
  const named = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" })
    .format(dayDate(`${month}-01`));
  return named.charAt(0).toUpperCase() + named.slice(1);
}

/** The day `delta` days after `day`. */
export function shiftDay(day, delta) {
  const d = dayDate(day);
  d.setUTCDate(d.getUTCDate() + delta);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function weekday(day) {
  return dayDate(day).getUTCDay() || 7;
}

/** The weeks of a month as rows of seven cells, each a day "YYYY-MM-DD" or null outside the
 * month; a week starts on `firstDay` (ISO weekday: 1 Monday … 7 Sunday, as Intl's weekInfo). */
export function monthGrid(month, firstDay = 1) {
  const first = `${month}-01`;
  const last = shiftDay(shiftMonth(month, 1) + "-01", -1);
  const lead = (weekday(first) - firstDay + 7) % 7;
  const cells = Array(lead).fill(null);
  for (let day = first; day <= last; day = shiftDay(day, 1)) cells.push(day);
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The ISO weekdays in the order a week starting on `firstDay` lists them. */
export function weekdayOrder(firstDay = 1) {
  return Array.from({ length: 7 }, (_, i) => ((firstDay - 1 + i) % 7) + 1);
}

/** The first day of the week where `language` is spoken (ISO weekday), Monday where unknown. */
export function firstDayOf(language) {
  try {
    const locale = new Intl.Locale(language);
    const info = typeof locale.getWeekInfo === "function" ? locale.getWeekInfo() : locale.weekInfo;
    return (info && info.firstDay) || 1;
  } catch (_) {
    return 1;
  }
}

/** The time left until the next deals as "h:mm:ss" (never negative). */
export function countdown(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The days of a calendar the player can open: up to today (a future day has no deals yet). */
export function canOpen(day, today) {
  return day <= today;
}

/** Where the arrow keys move in a calendar (a day `delta` days on), kept inside `first`…`last`. */
export function stepDay(day, key, first, last) {
  const deltas = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  if (key === "Home") return first;
  if (key === "End") return last;
  if (!(key in deltas)) return null;
  const next = shiftDay(day, deltas[key]);
  return next < first ? first : next > last ? last : next;
}
