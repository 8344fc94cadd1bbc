// A daily deal's leaderboard (GET /api/daily/{date}/{level}/leaderboard): a table with its order
// said in words, the player's own place with its neighbours when outside the top, and the results
// of games the solver helped apart, never ranked.
import { el } from "../core/dom.js";
import { formatTime } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { boardRows } from "./plan.js";

function resultWord(result) {
  if (result === "won") return t("Won");
  if (result === "lost") return t("Lost");
  return t("Playing");
}

function nameCell(entry) {
  const cell = el("td", { "data-label": t("Player"), class: "board-name" }, entry.name);
  if (entry.you) cell.append(" ", el("span", { class: "board-you", text: t("(you)") }));
  return cell;
}

function entryRow(entry) {
  const cell = (label, text, cls) => el("td", { "data-label": label, class: cls, text: String(text) });
  return el("tr", { class: entry.you ? "you" : undefined, "aria-current": entry.you ? "true" : undefined },
    el("th", { scope: "row", class: "number", text: entry.rank === null || entry.rank === undefined ? "—" : String(entry.rank) }),
    nameCell(entry),
    cell(t("Result"), resultWord(entry.result), entry.result),
    cell(t("Moves"), entry.moves, "number"),
    cell(t("Time"), formatTime(entry.seconds), "number"));
}

function table(caption, rows) {
  const head = el("tr", {}, ...[[t("Rank")], [t("Player")], [t("Result")], [t("Moves"), "number"], [t("Time"), "number"]]
    .map(([text, cls]) => el("th", { scope: "col", class: cls, text })));
  const body = el("tbody", {}, ...rows.map((row) => (row.gap
    ? el("tr", { class: "gap" }, el("td", { colspan: "5", text: "…", "aria-label": t("Places in between left out") }))
    : entryRow(row))));
  return el("div", { class: "board-wrap" }, el("table", { class: "board" }, el("caption", { text: caption }), el("thead", {}, head), body));
}

/** What the player's own result means for the board, when it is not a ranked row on show. */
function yourNote(you) {
  if (!you) return null;
  if (you.result === "playing") return t("Your game is not finished yet: it is ranked once it is.");
  if (you.assisted) return t("Your game used the solver, so it is listed apart and not ranked.");
  return null;
}

/** The leaderboard's content: `title` names the deal and its day (the table's caption). */
export function boardContent(board, title) {
  const rows = boardRows(board);
  const parts = [el("p", { class: "board-order", text: t("Won before lost, then fewer moves, then less time.") })];
  if (rows.length) parts.push(table(title, rows));
  else parts.push(el("p", { class: "muted", text: t("No results yet: be the first to finish this deal.") }));
  const note = yourNote(board.you);
  if (note) parts.push(el("p", { class: "board-note muted", text: note }));
  if (board.apart && board.apart.length) {
    parts.push(el("h4", { id: "board-apart-h", text: t("Not ranked (solver used)") }),
      el("ul", { class: "board-apart", "aria-labelledby": "board-apart-h" }, ...board.apart.map((entry) => el("li", {},
        el("span", { class: "board-name", text: entry.you ? `${entry.name} ${t("(you)")}` : entry.name }),
        el("span", { class: "muted", text: entry.result === "won"
          ? tn("won in {n} move, {time}", "won in {n} moves, {time}", entry.moves, { time: formatTime(entry.seconds) })
          : resultWord(entry.result) })))));
  }
  return parts;
}
