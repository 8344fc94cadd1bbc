// The clubs' screen: the player's clubs, a form to make one, the offer to join one by an invite
// link, and the club shown: its invite link (its owner's), its members with their results of
// today's deals and their streaks, each deal's board among them, and leaving. It holds no rules:
// the model (screen-model.js) holds what shows, from the server's answers (/api/clubs…,
// docs/API.md); this draws it and passes the clicks on.
import { api as serverApi } from "../core/api.js";
import { el } from "../core/dom.js";
import { onConnectionChange } from "../core/connection.js";
import { t, tn } from "../core/i18n.js";
import { guardOnline, needsConnection } from "../core/offline.js";
import { boardContent } from "../daily/board.js";
import { levelTitle } from "../daily/plan.js";
import { streakText } from "../daily/screen-model.js";
import { buttonRow, closeDialog, openDialog } from "../dialogs/dialog.js";
import { ClubsModel, todayText } from "./screen-model.js";

function parts(dialog) {
  const p = {
    title: el("h2", { id: "dlg-clubs-title", tabindex: "-1", text: t("Clubs") }),
    notice: el("p", { class: "clubs-notice", role: "status" }),
    offline: el("p", { id: "clubs-offline", class: "offline-note", role: "status", hidden: true }),
    error: el("p", { class: "error", role: "alert" }),
    offer: el("section", { class: "clubs-offer", "aria-labelledby": "clubs-offer-h", hidden: true }),
    list: el("ul", { class: "clubs-list", "aria-labelledby": "clubs-list-h" }),
    listTitle: el("h3", { id: "clubs-list-h", tabindex: "-1", text: t("Your clubs") }),
    name: el("input", { id: "club-name", class: "plain", type: "text", maxlength: "80", autocomplete: "off" }),
    clubSection: el("section", { class: "club", "aria-labelledby": "club-h", hidden: true }),
    boardSection: el("section", { class: "daily-board-section", "aria-labelledby": "club-board-h", hidden: true }),
  };
  p.form = el("form", { class: "clubs-make field player-field" },
    el("label", { for: "club-name", text: t("Club name") }), p.name,
    el("button", { type: "submit", text: t("Make a club"), "data-online": true }));
  const close = el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) });
  const intro = el("p", { class: "muted", text: t("A club shows each daily deal's leaderboard among its members only. Invite friends with its link.") });
  dialog.replaceChildren(el("div", { class: "daily clubs" }, p.title, p.offline, intro, p.notice, p.error, p.offer,
    el("section", { "aria-labelledby": "clubs-list-h" }, p.listTitle, p.list, p.form),
    p.clubSection, p.boardSection, buttonRow(close)));
  return p;
}

function drawOffer(p, model, invite) {
  p.offer.hidden = !invite;
  if (!invite) return p.offer.replaceChildren();
  p.offer.replaceChildren(el("h3", { id: "clubs-offer-h", text: t("An invitation") }),
    el("p", { text: t("You were sent an invite link to a club.") }),
    buttonRow(el("button", { type: "button", class: "primary", text: t("Join the club"), "data-online": true, onclick: () => model.join() }),
      el("button", { type: "button", text: t("Not now"), onclick: () => model.dismiss() })));
}

function drawList(p, model, clubs, most) {
  if (!clubs) return p.list.replaceChildren(el("li", { class: "muted", text: t("Loading…") }));
  const items = clubs.map((club) => el("li", {}, el("button", { type: "button", class: "small-button",
    text: club.name, "data-online": true, onclick: () => model.show(club.id) }), " ",
  el("span", { class: "muted", text: tn("{n} member", "{n} members", club.members) })));
  if (!items.length) items.push(el("li", { class: "muted", text: t("You are in no club yet.") }));
  p.list.replaceChildren(...items);
  p.form.hidden = clubs.length >= most;
}

function drawClub(p, model, club, link) {
  p.clubSection.hidden = !club;
  if (!club) return p.clubSection.replaceChildren();
  const rows = club.roster.map((m) => el("tr", { class: m.you ? "you" : undefined },
    el("th", { scope: "row", text: m.you ? `${m.name} ${t("(you)")}` : m.name }),
    el("td", { text: todayText(m) }),
    el("td", { text: streakText(m.streak) })));
  const table = el("div", { class: "board-wrap" }, el("table", { class: "board" },
    el("caption", { text: t("Members and today's results") }),
    el("thead", {}, el("tr", {}, ...[t("Member"), t("Today"), t("Streak")].map((text) => el("th", { scope: "col", text })))),
    el("tbody", {}, ...rows)));
  const boards = el("ul", { class: "clubs-boards", "aria-label": t("Today's leaderboards in the club") },
    ...club.levels.map((level) => el("li", {}, el("button", { type: "button", class: "small-button",
      text: t("Leaderboard: {level}", { level: levelTitle(level) }), "data-online": true, onclick: () => model.showBoard(level) }))));
  const parts = [el("h3", { id: "club-h", tabindex: "-1", text: club.name }), table, boards];
  if (club.owner) {
    const field = el("input", { id: "club-invite", type: "text", readonly: true, value: link });
    parts.push(el("div", { class: "clubs-invite" }, el("label", { for: "club-invite", text: t("Invite link") }), field,
      el("button", { type: "button", class: "small-button", text: t("Copy the link"),
        onclick: () => (navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject()).catch(() => field.select()) }),
      el("button", { type: "button", class: "small-button", text: t("New invite link"), "data-online": true, onclick: () => model.renew() })));
  }
  parts.push(buttonRow(el("button", { type: "button", text: t("Leave the club"), "data-online": true, onclick: () => model.leave() })));
  p.clubSection.replaceChildren(...parts);
}

function drawBoard(p, board, waiting) {
  p.boardSection.hidden = !board;
  if (!board) return p.boardSection.replaceChildren();
  const heading = el("h3", { id: "club-board-h", tabindex: "-1", text: board.title });
  let content;
  if (board.error) content = [el("p", { class: "error", text: board.error })];
  else if (board.answer) content = boardContent(board.answer, board.title);
  else content = [el("p", { class: "muted", text: waiting ? t("Waiting for a connection…") : t("Loading…") })];
  p.boardSection.replaceChildren(heading, el("div", { class: "daily-board" }, ...content));
}

function draw(p, model, now, before, guard) {
  if (now.notice !== before.notice) p.notice.textContent = now.notice.text;
  if (now.error !== before.error) p.error.textContent = now.error.text;
  if (now.invite !== before.invite) drawOffer(p, model, now.invite);
  if (now.clubs !== before.clubs || now.most !== before.most) drawList(p, model, now.clubs, now.most);
  if (now.club !== before.club || now.link !== before.link) drawClub(p, model, now.club, now.link);
  if (now.board !== before.board || now.waiting !== before.waiting) drawBoard(p, now.board, now.waiting);
  guard.apply(); // the buttons drawn anew wait for the server too
}

/** The clubs' screen, drawn into `dialog`: open(invite) opens it (`invite`, a token from the page's
 * #join= link, offers to join). `api` is the server's client, or a stand-in; `base` the page's
 * address, which the invite links start with (the page's own as it opens, by default); `connection`
 * may stand in for core/connection.js ({online, onChange}).
 * @param {{dialog: HTMLDialogElement, api?: typeof serverApi, base?: string,
 *   connection?: {online?: () => boolean, onChange?: (hook: (online: boolean) => unknown) => () => unknown}}} deps */
export function clubsScreen({ dialog, api = serverApi, base = undefined, connection = {} }) {
  const shown = { model: /** @type {ClubsModel | null} */ (null) };
  // what needs the server says so while it cannot be reached; back online, what failed loads again
  const guard = guardOnline(dialog, { note: "clubs-offline", why: () => needsConnection(t("Clubs need a connection.")),
    waiting: () => Boolean(shown.model && shown.model.state.waiting), ...connection });
  (connection.onChange || onConnectionChange)((on) => {
    if (on && shown.model && dialog.open) shown.model.reconnected();
  });
  return { open: (invite = null) => {
    shown.model = new ClubsModel({ api, base: base ?? window.location.href });
    return openIn(dialog, shown.model, invite, guard);
  } };
}

async function openIn(dialog, model, invite, guard) {
  const p = parts(dialog);
  openDialog(dialog);
  p.title.focus();
  guard.apply();
  model.subscribe((now, before) => draw(p, model, now, before, guard));
  model.on((event) => {
    const target = { club: "club-h", board: "club-board-h", list: "clubs-list-h" }[event.focus];
    if (target) dialog.querySelector(`#${target}`)?.focus();
  });
  p.form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await model.make(p.name.value)) p.name.value = "";
  });
  drawList(p, model, null, 10);
  await model.open(invite);
}
