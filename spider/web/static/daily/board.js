// A daily deal's leaderboard (GET /api/daily/{date}/{level}/leaderboard): a table with its order
// said in words under it, the player's own place with its neighbours when outside the top, and the
// results listed apart, never ranked, by why (docs/RULES.md, Fair play).
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
  if (you.standing === "assisted" || you.assisted) return t("Your game used the solver, so it is listed apart and not ranked.");
  if (you.standing === "new") return t("New players join the boards the next day: your result is listed apart today.");
  if (you.standing === "review") return t("Your game was played faster than a person plays: it is listed apart until it is reviewed.");
  if (you.standing === "withheld") return t("Your game was played faster than a person plays: it is not ranked.");
  return null;
}

/** The kinds of results listed apart, in the order the answer lists them, and each one's heading. */
function apartHeading(standing) {
  if (standing === "review") return t("Under review: played faster than a person plays");
  if (standing === "withheld") return t("Not ranked: played faster than a person plays");
  if (standing === "new") return t("New players join the boards the next day");
  return t("Not ranked (solver used)");
}

function apartText(entry) {
  if (entry.result !== "won") return resultWord(entry.result);
  return tn("won in {n} move, {time}", "won in {n} moves, {time}", entry.moves, { time: formatTime(entry.seconds) });
}

/** The results listed apart, a list under a heading for each kind present. */
function apartLists(apart) {
  const kinds = [];
  for (const entry of apart) {
    const standing = entry.assisted ? "assisted" : entry.standing || "assisted";
    let kind = kinds.find((k) => k.standing === standing);
    if (!kind) kinds.push(kind = { standing, entries: [] });
    kind.entries.push(entry);
  }
  return kinds.flatMap(({ standing, entries }) => {
    const id = `board-apart-${standing}-h`;
    return [el("h4", { id, text: apartHeading(standing) }),
      el("ul", { class: "board-apart", "aria-labelledby": id }, ...entries.map((entry) => el("li", {},
        el("span", { class: "board-name", text: entry.you ? `${entry.name} ${t("(you)")}` : entry.name }),
        el("span", { class: "muted", text: apartText(entry) }))))];
  });
}

/** The leaderboard's content: `title` names the deal and its day (the table's caption); its order
 * is said in a line under it. */
export function boardContent(board, title) {
  const rows = boardRows(board);
  const parts = [];
  if (rows.length) parts.push(table(title, rows));
  else if (board.apart && board.apart.length) parts.push(el("p", { class: "muted", text: t("No ranked results yet.") }));
  else parts.push(el("p", { class: "muted", text: t("No results yet: be the first to finish this deal.") }));
  parts.push(el("p", { class: "board-order", text: t("Wins first, by fewer moves, then less time; then losses, by more sets completed, more cards turned face up, then fewer moves. Moves count every action, undos included.") }));
  const note = yourNote(board.you);
  if (note) parts.push(el("p", { class: "board-note muted", text: note }));
  if (board.apart && board.apart.length) parts.push(...apartLists(board.apart));
  return parts;
}
