// The statistics screen's model: the figures of every level played, the level filter, the games
// listed (a page at a time) and charted, what each row says and whether it offers a replay and a
// review, the export files, and forgetting everything. Everything comes from `api` (GET
// /api/stats, GET /api/history, DELETE /api/history). No DOM, so node --test covers it;
// history/screen.js draws it.
import { dailySecret, formatTime } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { message, Model } from "../core/model.js";
import { gradeName } from "../game/grade.js";
import { statsRows } from "../game/stats.js";
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

/** Each level's box: its heading, its figures as [label, value] rows, and its assisted games. */
export function levelBoxes(levels, catalog) {
  return Object.keys(levels).map((key) => ({
    key,
    id: `stats-level-${key}`,
    name: levelNameOf(key, catalog),
    rows: statsRows(levels[key]),
    assisted: levels[key].assisted_played
      ? tn("And {n} assisted game ({wins} won), counted apart.", "And {n} assisted games ({wins} won), counted apart.",
        levels[key].assisted_played, { wins: levels[key].assisted_wins })
      : null,
  }));
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

  /** `api`: allStats(), history({level, offset, limit}), forgetHistory(), as core/api.js has them;
   * `catalog` names the levels, `language` writes the dates. */
  constructor({ api, catalog, language, now = () => new Date() }) {
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
      error: message(""), // the alert's text
    });
    this.#api = api;
    this.#now = now;
  }

  #fail() {
    this.set({ error: message(t("The statistics could not be loaded. Try again.")) });
  }

  #rows(games) {
    const { catalog, language } = this.state;
    const now = this.#now();
    return games.map((game) => gameRow(game, { catalog, language, now }));
  }

  #page(offset, limit) {
    return this.#api.history({ level: this.state.filter.value || undefined, offset, limit });
  }

  /** The figures of every level, then the games. */
  async load() {
    try {
      const { levels } = await this.#api.allStats();
      const keys = Object.keys(levels);
      const options = [this.state.filter.options[0],
        ...keys.map((key) => ({ value: key, text: levelNameOf(key, this.state.catalog) }))];
      const chosen = this.state.filter.value;
      this.set({
        none: !keys.length,
        levels: levelBoxes(levels, this.state.catalog),
        filter: { options, value: chosen in levels ? chosen : "" },
        resetDisabled: !keys.length,
      });
    } catch (_) {
      this.#fail();
    }
    await this.loadGames();
  }

  /** The chart and the first page of the games of the chosen level. */
  async loadGames() {
    try {
      const recent = await this.#page(0, CHARTED);
      this.set({
        charted: recent.games,
        rows: this.#rows(recent.games.slice(0, PAGE)),
        total: recent.total,
        moreHidden: Math.min(PAGE, recent.games.length) >= recent.total,
        tableHidden: !recent.total,
      });
    } catch (_) {
      this.#fail();
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
      const next = await this.#page(this.state.rows.length, PAGE);
      const rows = [...this.state.rows, ...this.#rows(next.games)];
      this.set({ rows, total: next.total, moreHidden: rows.length >= next.total });
    } catch (_) {
      this.#fail();
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
      await this.load();
      this.set({ error: message("") });
      return true;
    } catch (_) {
      this.#fail();
      return false;
    }
  }
}
