// The clubs' screen's model: the player's clubs, making one, joining one by its invite link, the
// club shown (its members, their results of today's deals and their streaks, its invite link for
// its owner), a daily deal's board among its members, replacing the invite and leaving. Every
// figure comes from `api` (/api/clubs…, docs/API.md). No DOM, so node --test covers it;
// clubs/screen.js draws it.
import { t } from "../core/i18n.js";
import { message, Model } from "../core/model.js";
import { unanswered } from "../core/offline.js";
import { dailyFailure } from "../daily/screen-model.js";
import { resultText } from "../daily/deals.js";
import { levelTitle } from "../daily/plan.js";

/** The invite link of a club's invite `token`, on the page at `base` (the page's address without
 * its fragment): the token rides in the fragment, which no request sends and no log keeps. */
export function inviteLink(base, token) {
  return `${base.split("#")[0]}#join=${encodeURIComponent(token)}`;
}

/** A member's results of today's deals in words: "Spider, 1 suit: Won in 120 moves, 4:05; …". */
export function todayText(member) {
  if (!member.today.length) return t("No deal played yet today");
  return member.today.map((r) => `${levelTitle(r.level)}: ${resultText(r, true)}`).join("; ");
}

export class ClubsModel extends Model {
  #api;
  #base;

  /** `api`: clubs(), makeClub(name), joinClub(invite), club(id), renewInvite(id), leaveClub(id),
   * dailyBoard(day, level, club), as core/api.js has them; `base`: the page's address. */
  constructor({ api, base }) {
    super({
      clubs: null, // the player's clubs (null until they arrive)
      most: 10,
      invite: null, // an invite token to join (from the page's link), until joined or dismissed
      club: null, // the club shown: GET /api/clubs/{id}'s answer
      link: "", // its invite link, for its owner
      board: null, // {level, title, answer (null while loading), error}
      notice: message(""), // the status line
      error: message(""), // the alert's text
      waiting: false, // a request found no server: the screen says so, and loads again once it answers
    });
    this.#api = api;
    this.#base = base;
  }

  /** A request found no server (`error`): wait for it calmly; a refusal is said. */
  #failed(error, fields = {}) {
    this.set({ ...fields, waiting: this.state.waiting || unanswered(error), error: message(dailyFailure(error)) });
  }

  /** The server answers again: the clubs (and the club shown) are loaded again if they could not be. */
  async reconnected() {
    if (!this.state.waiting) return;
    this.set({ waiting: false, error: message("") });
    await this.loadClubs();
    const { club, board } = this.state;
    if (club && board && !board.answer) await this.showBoard(board.level);
  }

  /** The screen opens: the player's clubs, and (`invite`) the offer to join one. */
  async open(invite = null) {
    this.set({ invite });
    await this.loadClubs();
  }

  async loadClubs() {
    try {
      const answer = await this.#api.clubs();
      this.set({ clubs: answer.clubs, most: answer.most });
    } catch (e) {
      this.#failed(e);
    }
  }

  /** Make a club named `name`, and show it. */
  async make(name) {
    this.set({ error: message("") });
    try {
      const made = await this.#api.makeClub(name);
      this.set({ notice: message(t("Club {name} made. Share its invite link with your friends.", { name: made.name })) });
      await this.loadClubs();
      await this.show(made.id);
      return true;
    } catch (e) {
      this.#failed(e);
      return false;
    }
  }

  /** Join the club of the invite offered. */
  async join() {
    const { invite } = this.state;
    if (!invite) return;
    this.set({ error: message("") });
    try {
      const joined = await this.#api.joinClub(invite);
      this.set({ invite: null, notice: message(t("You joined the club {name}.", { name: joined.name })) });
      await this.loadClubs();
      await this.show(joined.id);
    } catch (e) {
      this.#failed(e, unanswered(e) ? {} : { invite: null }); // the offer stays until the server answers
    }
  }

  /** Not join: the offer goes. */
  dismiss() {
    this.set({ invite: null });
  }

  /** Show the club `id`: its members and their results today. */
  async show(id) {
    try {
      const club = await this.#api.club(id);
      this.set({ club, link: club.invite ? inviteLink(this.#base, club.invite) : "", board: null });
      this.emit({ focus: "club" });
    } catch (e) {
      this.#failed(e);
    }
  }

  /** Today's deal of `level`: its leaderboard among the shown club's members. */
  async showBoard(level) {
    const { club } = this.state;
    if (!club) return;
    const board = { level, title: t("{club}: {level}", { club: club.name, level: levelTitle(level) }), answer: null, error: "" };
    this.set({ board });
    try {
      const answer = await this.#api.dailyBoard(club.date, level, club.id);
      if (this.state.board === board) this.set({ board: { ...board, answer } });
    } catch (e) {
      if (this.state.board === board) this.#failed(e, { board: { ...board, error: dailyFailure(e) } });
    }
    this.emit({ focus: "board" });
  }

  /** A new invite link for the shown club (its owner): the old one stops working. */
  async renew() {
    const { club } = this.state;
    try {
      const renewed = await this.#api.renewInvite(club.id);
      this.set({ club: { ...club, invite: renewed.invite }, link: inviteLink(this.#base, renewed.invite),
        notice: message(t("A new invite link: the old one no longer works.")) });
    } catch (e) {
      this.#failed(e);
    }
  }

  /** Leave the shown club. */
  async leave() {
    const { club } = this.state;
    try {
      await this.#api.leaveClub(club.id);
      this.set({ club: null, link: "", board: null, notice: message(t("You left the club {name}.", { name: club.name })) });
      await this.loadClubs();
      this.emit({ focus: "list" });
    } catch (e) {
      this.#failed(e);
    }
  }
}
