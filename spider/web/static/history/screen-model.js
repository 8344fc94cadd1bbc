// The statistics screen's model: the figures of every level played, the level filter, the games
// listed (a page at a time) and charted, what each row says and whether it offers a replay and a
// review, the export files, and forgetting everything. Everything comes from `api` (GET
// /api/stats, GET /api/history, DELETE /api/history), and the games this device finished but has
// not synced yet from `pending` (core/device.js): listed first, marked "Not synced yet", counted in
// the figures once the server has them. No DOM, so node --test covers it; history/screen.js draws it.
import { dailySecret, formatTime } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { message, Model } from "../core/model.js";
import { unanswered } from "../core/offline.js";
import { gradeName } from "../game/grade.js";
import { statsRows, unsyncedGames, unsyncedText } from "../game/stats.js";
import { allGames, historyCsv, historyJson } from "./export.js";

export const PAGE = 20; // games listed at a time
export const CHARTED = 100; // the most recent games the chart shows

/** A level's name from the catalog, or its key when the catalog does not know it. */
export function levelNameOf(key, catalog) {
  const level = catalog && catalog.levels.find((l) => l.key === key);
  return level ? level.name : key;
}

/** When a game finished, as a date and a time in `language` ("—" when unknown). */
export function dateText(seconds, language) {
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  return seconds ? format.format(new Date(seconds * 1000)) : "—";
}

/** The short date the chart puts under its first and last game. */
export function shortDate(seconds, language) {
  return new Intl.DateTimeFormat(language, { dateStyle: "short" }).format(new Date(seconds * 1000));
}

function resultText(game) {
  const result = game.result === "won" ? t("Won") : t("Lost");
  return game.assisted ? t("{result} (assisted)", { result }) : result;
}

/** Each level's box: its heading, its figures as [label, value] rows (none for a level only this
 * device has played), its assisted games and its games not synced yet (`unsynced`: finished games
 * of core/device.js). The server's levels come first, in its order. */
export function levelBoxes(levels, catalog, unsynced = []) {
  const keys = [...Object.keys(levels), ...new Set(unsynced.map((g) => g.level).filter((k) => !(k in levels)))];
  return keys.map((key) => {
    const waiting = unsynced.filter((g) => g.level === key).length;
    const figures = levels[key];
    return {
      key,
      id: `stats-level-${key}`,
      name: levelNameOf(key, catalog),
      rows: figures ? statsRows(figures) : [],
      assisted: figures && figures.assisted_played
        ? tn("And {n} assisted game ({wins} won), counted apart.", "And {n} assisted games ({wins} won), counted apart.",
          figures.assisted_played, { wins: figures.assisted_wins })
        : null,
      unsynced: unsyncedText(waiting),
    };
  });
}

/** A finished game this device has not synced yet, as a row: what it was, marked so (no replay or
 * review: the server does not have it yet).
 * @param {import("../core/device.js").DeviceGame} game */
export function unsyncedRow(game, { catalog, language }) {
  const date = dateText(game.started / 1000, language);
  const level = levelNameOf(game.level, catalog);
  const seconds = game.elapsed ?? game.times[game.times.length - 1] ?? 0;
  return {
    game,
    title: `${level}, ${date}`,
    cells: [
      [t("Date"), date],
      [t("Level"), level],
      [t("Deal"), game.grade ? gradeName(game.grade) : "—"],
      [t("Result"), resultText({ result: game.status === "won" ? "won" : "lost", assisted: game.assisted }),
        game.status === "won" ? "won" : "lost"],
      [t("Moves"), game.actions.length, "number"],
      [t("Time"), formatTime(seconds), "number"],
      [t("Score"), "—", "number"],
    ],
    waiting: false,
    unsynced: true,
    replayLabel: "",
    reviewLabel: "",
  };
}

/** A past game's row: its cells ([label, text, class]), and either its replay's and review's
 * button names or, for a daily deal whose day still lasts, none (`waiting`). */
export function gameRow(game, { catalog, language, now = new Date() }) {
  const date = dateText(game.finished, language);
  const level = levelNameOf(game.level, catalog);
  return {
    game,
    title: `${level}, ${date}`, // the replay's and the review's
    cells: [
      [t("Date"), date],
      [t("Level"), level],
      [t("Deal"), game.grade ? gradeName(game.grade) : "—"], // a winnable deal's grade
      [t("Result"), resultText(game), game.result],
      [t("Moves"), game.moves, "number"],
      [t("Time"), formatTime(game.elapsed), "number"],
      [t("Score"), game.score ?? "—", "number"],
    ],
    waiting: dailySecret(game.daily, now),
    replayLabel: t("Replay the game of {date}", { date }),
    reviewLabel: t("Review the game of {date}", { date }),
  };
}

export class StatsModel extends Model {
  #api;
  #now;

  #pending;
  #device = /** @type {import("../core/device.js").DeviceGame[]} */ ([]); // the device's games, as last read
  #listed = new Set(); // the ids of the server's games listed so far: a device's game among them shows once

  /** `api`: allStats(), history({level, offset, limit}), forgetHistory(), as core/api.js has them;
   * `pending()`: the device's games not synced yet (core/device.js pendingGames);
   * `catalog` names the levels, `language` writes the dates. */
  constructor({ api, catalog, language, now = () => new Date(), pending = async () => [] }) {
    super({
      catalog,
      language,
      none: false, // no finished game at all: the screen says what will be here instead
      levels: null, // levelBoxes(), once loaded
      filter: { options: [{ value: "", text: t("All levels") }], value: "" },
      resetDisabled: false,
      charted: [], // the most recent games, newest first
      rows: [], // gameRow()s listed
      total: 0, // games of the chosen level
      tableHidden: false,
      moreHidden: true,
      unsynced: 0, // rows of games not synced yet, listed first
      error: message(""), // the alert's text
      waiting: false, // a request found no server: the screen says so, and loads again once it answers
    });
    this.#api = api;
    this.#now = now;
    this.#pending = pending;
  }

  /** No answer is said calmly (the screen's note), and loads again once the server answers. */
  #fail(error) {
    if (unanswered(error)) this.set({ waiting: true });
    else this.set({ error: message(t("The statistics could not be loaded. Try again.")) });
  }

  /** The server answers again: what could not be loaded is loaded now. */
  async reconnected() {
    if (!this.state.waiting) return;
    this.set({ waiting: false });
    await this.load();
  }

  async #readDevice() {
    try {
      this.#device = unsyncedGames(await this.#pending());
    } catch (_) {
      this.#device = []; // no storage: the server's games alone
    }
  }

  #rows(games) {
    const { catalog, language } = this.state;
    const now = this.#now();
    return games.map((game) => gameRow(game, { catalog, language, now }));
  }

  #page(offset, limit) {
    return this.#api.history({ level: this.state.filter.value || undefined, offset, limit });
  }

  #levels(levels) {
    const boxes = levelBoxes(levels, this.state.catalog, unsyncedGames(this.#device, "", this.#listed));
    const options = [this.state.filter.options[0], ...boxes.map((box) => ({ value: box.key, text: box.name }))];
    const chosen = this.state.filter.value;
    this.set({
      none: !boxes.length,
      levels: boxes,
      filter: { options, value: boxes.some((box) => box.key === chosen) ? chosen : "" },
      resetDisabled: !Object.keys(levels).length,
    });
  }

  /** The figures of every level, then the games. */
  async load() {
    await this.#readDevice();
    let figures = null;
    try {
      figures = (await this.#api.allStats()).levels;
    } catch (error) {
      this.#fail(error);
    }
    await this.loadGames();
    if (figures) this.#levels(figures);
    else if (this.state.waiting) { // no server: what this device keeps, and nothing said to be empty
      this.#levels({});
      this.set({ none: false });
    }
  }

  /** The chart and the first page of the games of the chosen level (this device's not synced yet first). */
  async loadGames() {
    const { catalog, language } = this.state;
    const mine = (listed) => unsyncedGames(this.#device, this.state.filter.value, listed).map((g) => unsyncedRow(g, { catalog, language }));
    try {
      const recent = await this.#page(0, CHARTED);
      for (const g of recent.games) this.#listed.add(g.id);
      const ahead = mine(this.#listed);
      this.set({
        charted: recent.games,
        rows: [...ahead, ...this.#rows(recent.games.slice(0, PAGE))],
        unsynced: ahead.length,
        total: recent.total,
        moreHidden: Math.min(PAGE, recent.games.length) >= recent.total,
        tableHidden: !recent.total && !ahead.length,
      });
    } catch (error) {
      const ahead = mine(new Set());
      this.set({ rows: ahead, unsynced: ahead.length, moreHidden: true, tableHidden: !ahead.length });
      this.#fail(error);
    }
  }

  /** Show the games of one level ("" for every level). */
  choose(level) {
    this.set({ filter: { ...this.state.filter, value: level } });
    return this.loadGames();
  }

  /** The next page of games, after those listed. */
  async more() {
    try {
      const next = await this.#page(this.state.rows.length - this.state.unsynced, PAGE);
      const rows = [...this.state.rows, ...this.#rows(next.games)];
      this.set({ rows, total: next.total, moreHidden: rows.length - this.state.unsynced >= next.total });
    } catch (error) {
      this.#fail(error);
    }
  }

  /** The file to download: "json" (the statistics and every game) or "csv" (every game); null,
   * with the error said, when it could not be made. */
  async exportFile(kind) {
    try {
      const [{ levels }, games] = await Promise.all([this.#api.allStats(),
        allGames((offset, limit) => this.#api.history({ offset, limit }))]);
      return kind === "json"
        ? { name: "spider-statistics.json", type: "application/json", text: historyJson(levels, games) }
        : { name: "spider-games.csv", type: "text/csv", text: historyCsv(games) };
    } catch (_) {
      this.set({ error: message(t("The export could not be made. Try again.")) });
      return null;
    }
  }

  /** How many finished games a reset would forget (0 when that cannot be known). */
  async finishedGames() {
    try {
      return (await this.#api.history({ limit: 1 })).total;
    } catch (_) {
      return 0;
    }
  }

  /** Forget every finished game and load the empty screen; false when that failed. */
  async forget() {
    try {
      await this.#api.forgetHistory();
      this.#listed = new Set();
      await this.load();
      this.set({ error: message("") });
      return true;
    } catch (error) {
      this.#fail(error);
      return false;
    }
  }
}
