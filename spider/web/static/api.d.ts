// Made by frontend/api-types.mjs from the server's OpenAPI schema: do not edit by hand.
// The API's bodies (docs/API.md), for the JSDoc types of spider/web/static's modules.

export interface ActionBody {
  version: number;
  /** Action notation (docs/FORMATS.md, Actions) */
  action?: string | null;
  best?: Best | null;
  elapsed?: number | null;
}

export interface AllStats {
  /** By level key (see /api/catalog), only levels with a finished game */
  levels: Record<string, Stats>;
}

export interface Best {
  column: number;
  count: number;
}

export interface BoardEntry {
  /** null for an entry shown apart (see standing) or not ranked */
  rank: number | null;
  /** The chosen display name, else Player NNNN */
  name: string;
  /** The player's public id (12 hex digits) */
  player: string;
  result: "playing" | "won" | "lost";
  /** Every action of the attempt, undos and undone actions included */
  moves: number;
  /** Server time from its first accepted action to its end */
  seconds: number;
  /** Sets completed (a loss's progress; all of them for a win) */
  sets: number;
  /** Cards still face down when it ended (0 for a win) */
  face_down: number;
  assisted: boolean;
  /** ranked, or shown apart: assisted (the solver or the deeper hint), new (the player joined the boards after the day's deals came out, or had finished no game before: ranked from the next day), review (played faster than a person plays, until an operator looks), withheld (an operator confirmed that). While playing: what it would be now */
  standing: "ranked" | "assisted" | "new" | "review" | "withheld";
  /** The asking player's own entry */
  you: boolean;
}

export interface BrowserCatalog {
  lang: "en" | "ru" | "sk" | "fi";
  /** The plural rule, a C expression of n */
  plural: string;
  /** English id → text, or a plural's forms */
  messages: Record<string, string | string[]>;
}

export interface CalendarDay {
  /** A UTC day, YYYY-MM-DD */
  date: string;
  /** before: a day before the player was first seen (never missed) */
  state: "won" | "played" | "missed" | "today" | "future" | "before";
}

/** Everything the dialogs offer, in the request's language. The rules a game and suit count offer are the ``levels`` that have them. */
export interface Catalog {
  /** Every level that exists, in the engine's order */
  levels: Level[];
  games: GameChoice[];
  suits: SuitsChoice[];
  rules: RulesChoice[];
  profiles: ProfileChoice[];
  languages: LanguageChoice[];
  /** The card backs a player can choose (setting card_back) */
  card_backs: LookChoice[];
  /** The table colours a player can choose (setting table) */
  tables: LookChoice[];
  /** A new player's settings */
  default_settings: PlayerSettings;
}

export interface ClockBody {
  elapsed: number;
}

export interface ClubBody {
  /** The club's name: the display names' rule (docs/API.md, Display names) */
  name: string;
}

export interface ClubLeaderboard {
  /** A UTC day, YYYY-MM-DD */
  date: string;
  level: string;
  /** The top 50, ranked */
  entries: BoardEntry[];
  /** Finished results shown apart, never ranked, by standing: review, withheld, new, then assisted (up to 20 of each, each in the board's order) */
  apart: BoardEntry[];
  /** Your counted attempt, in any state; null before one */
  you: YourEntry | null;
  /** The club whose members the board ranks (asked with ?club=) */
  club?: string | null;
}

export interface ClubList {
  /** Your clubs, in the order you joined them */
  clubs: ClubSummary[];
  /** How many clubs a player may be in */
  most: number;
}

export interface ClubMemberView {
  /** The chosen display name, else Player NNNN */
  name: string;
  /** The player's public id (12 hex digits) */
  player: string;
  you: boolean;
  /** The club's owner */
  owner: boolean;
  streak: Streak;
  /** Their counted attempts at today's deals, by level */
  today: MemberResult[];
}

export interface ClubPage {
  /** The club's id, for /api/clubs/{club} and a leaderboard's ?club= */
  id: string;
  name: string;
  /** How many players are in it */
  members: number;
  /** You own it: you may replace its invite link */
  owner: boolean;
  /** Its invite's token (the link is /#join=TOKEN); null unless you own it */
  invite: string | null;
  /** Today (UTC) */
  date: string;
  /** The levels of the daily deals, for their boards among the members */
  levels: string[];
  /** The members, in the order they joined */
  roster: ClubMemberView[];
}

export interface ClubSummary {
  /** The club's id, for /api/clubs/{club} and a leaderboard's ?club= */
  id: string;
  name: string;
  /** How many players are in it */
  members: number;
  /** You own it: you may replace its invite link */
  owner: boolean;
  /** Its invite's token (the link is /#join=TOKEN); null unless you own it */
  invite: string | null;
}

/** A game code that can be played. */
export interface CodeCheck {
  /** The code as written canonically */
  code: string;
  /** The level it deals (a key from /api/catalog) */
  level: string;
}

export interface Column {
  /** How many face-down cards: never which ones */
  down: number;
  /** The face-up cards, bottom to top */
  up: string[];
}

export interface Completed {
  /** Columns count from 1 */
  column: number;
  suit: "S" | "H" | "D" | "C";
}

export interface DailyCalendar {
  month: string;
  days: CalendarDay[];
  streak: Streak;
}

export interface DailyDay {
  /** A UTC day, YYYY-MM-DD */
  date: string;
  /** The six levels, in order */
  deals: DailyDealView[];
}

export interface DailyDealView {
  level: string;
  /** null while the deal is being prepared */
  difficulty: "easy" | "medium" | "hard" | "expert" | null;
  /** SHA-256 of salt|date|level|deck, published from the start of the day; null while the deal is being prepared or when it was made before deals had fingerprints (it cannot be verified) */
  fingerprint: string | null;
  /** The player's counted attempt; null before one */
  result: DailyResultView | null;
  practice: Practice;
  /** Only once the day is over: the deal */
  deck?: DealStart | null;
  /** Only once the day is over: a winning line from the deal */
  line?: string[] | null;
  /** Only once the day is over: the salt, day key and try; null when it cannot be verified */
  seal?: DealSealView | null;
}

/** A past day's deal after ``step`` actions of its winning line, every card face up. */
export interface DailyLineStep {
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  profile: "standard" | "timed" | "moves";
  columns: Column[];
  /** Cards left in the stock */
  stock: number;
  deals_left: number;
  /** Sequences removed */
  removed: number;
  removed_suits: ("S" | "H" | "D" | "C")[];
  /** Sequences to remove to win */
  sequences: number;
  moves: number;
  /** null for the moves-only profile */
  score: number | null;
  won: boolean;
  /** The table in words, for screen readers */
  description: string;
  /** Actions of the winning line played so far */
  step: number;
  /** The winning line's actions in all */
  steps: number;
  /** What the step's action did; null at step 0 */
  events: MoveEvents | DealEvents | UndoEvents | null;
  /** A UTC day, YYYY-MM-DD */
  date: string;
  level: string;
}

export interface DailyName {
  /** The name leaderboards show: the chosen one, else Player NNNN */
  display: string;
  chosen: boolean;
}

/** The player's counted attempt at a deal. */
export interface DailyResultView {
  state: "playing" | "won" | "lost";
  /** Every action of the attempt, undos and undone actions included */
  moves: number;
  /** Server time from its first accepted action to its end */
  seconds: number;
  /** The solver or the deeper hint was asked: shown apart, never ranked */
  assisted: boolean;
  /** ranked, or shown apart: assisted (the solver or the deeper hint), new (the player joined the boards after the day's deals came out, or had finished no game before: ranked from the next day), review (played faster than a person plays, until an operator looks), withheld (an operator confirmed that). While playing: what it would be now */
  standing: "ranked" | "assisted" | "new" | "review" | "withheld";
  /** Its place on the deal's leaderboard; null while not ranked */
  rank: number | null;
  /** The game's id, for /api/games/{id} */
  game: string;
}

/** The daily deal a game is of (docs/API.md, Daily deals). */
export interface DailyTag {
  /** Its day, YYYY-MM-DD (UTC) */
  date: string;
  level: string;
  /** The player's counted attempt (their first of the deal); else practice */
  counted: boolean;
  /** Whether playing on still counts for the leaderboard: the counted attempt, in play, on its own day (false once it is won or lost, and after its day's UTC midnight) */
  counting: boolean;
}

export interface DailyToday {
  /** A UTC day, YYYY-MM-DD */
  date: string;
  /** Seconds until the next day's deals (UTC midnight) */
  next_in: number;
  /** The six levels, in order */
  deals: DailyDealView[];
  streak: Streak;
  name: DailyName;
}

export interface DealEvents {
  /** The action as recorded */
  action: string;
  revealed: Revealed[];
  /** The sequences the action removed */
  completed: Completed[];
  /** Cards the action turned face down (an undo): counted, never named */
  hidden: number;
  won: boolean;
  /** A move or deal that an undo had taken back, played again (a redo) */
  redone: boolean;
  kind: "deal";
  /** The cards dealt, onto columns 1, 2, … */
  cards: string[];
}

/** What lets anyone verify a past day's deal (docs/RULES.md, Provably fair deals). */
export interface DealSealView {
  /** 64 lowercase hex digits */
  salt: string;
  /** HMAC-SHA256(site secret, 'daily|' + date): the key of the day's shuffles */
  day_key: string;
  /** The try whose shuffle was proved winnable (earlier ones were not) */
  attempt: number;
}

/** A deal's start as a game record has it (docs/FORMATS.md, Game records). */
export interface DealStart {
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  deck: string[];
}

export interface DisplayName {
  /** The chosen name, else the anonymous one ("Player 4821") */
  display: string;
  /** The player chose the name (false: the anonymous one) */
  chosen: boolean;
}

/** What every 4xx answer carries. */
export interface ErrorBody {
  /** A stable code, e.g. not_a_run, bad_code, not_found */
  reason: string;
  /** What went wrong, in the player's language */
  message: string;
  /** The values the message names */
  params: Record<string, string | number | boolean | null>;
}

export interface Finish {
  /** won: the actions win from here; lost: no play wins from here; unknown: none found in time */
  result: "won" | "lost" | "unknown";
  /** For won: the actions to play, in order, from the current position */
  actions: string[];
  message: string;
}

export interface GameChoice {
  id: "spider" | "spiderette";
  name: string;
}

/** The game record (docs/FORMATS.md, Game records): a code or a deck, the actions, and the times when they were kept. */
export interface GameRecord {
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  code?: string | null;
  deck?: string[] | null;
  actions: string[];
  profile: "standard" | "timed" | "moves";
  /** Seconds on the game's clock at each action */
  times?: number[] | null;
}

/** The table as the player sees it (the engine's public view) plus what the front end needs. */
export interface GameView {
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  profile: "standard" | "timed" | "moves";
  columns: Column[];
  /** Cards left in the stock */
  stock: number;
  deals_left: number;
  /** Sequences removed */
  removed: number;
  removed_suits: ("S" | "H" | "D" | "C")[];
  /** Sequences to remove to win */
  sequences: number;
  moves: number;
  /** null for the moves-only profile */
  score: number | null;
  won: boolean;
  /** The table in words, for screen readers */
  description: string;
  id: string;
  /** The number of actions; an action must send the version it saw */
  version: number;
  /** The game code; null for a game dealt from an explicit deck */
  code: string | null;
  status: "active" | "won" | "lost" | "abandoned";
  can_deal: boolean;
  can_undo: boolean;
  /** null: undo back to the start */
  undo_limit: number | null;
  /** An undo took an action back and no other action followed: "redo" plays it */
  can_redo: boolean;
  /** Seconds played */
  elapsed: number;
  /** Imported with its actions or asked about with /solve: it will not count in the statistics */
  assisted: boolean;
  /** No undo, no hint and no solver so far: a win now is a perfect game (Finish keeps it so) */
  perfect: boolean;
  groups: Group[];
  /** Only in the answer to an action: what it did */
  events?: MoveEvents | DealEvents | UndoEvents | null;
  /** Only in the answer to a new game that asked for "winnable": whether the solver proved it */
  proven_winnable?: boolean | null;
  /** Only in a daily deal's game: which deal, and whether it counts */
  daily?: DailyTag | null;
  /** How hard its deal is (docs/RULES.md, Grades); null: not graded */
  grade: "easy" | "medium" | "hard" | "expert" | null;
}

export interface GradeStats {
  played: number;
  wins: number;
  /** A PERCENTAGE, 0 to 100 */
  win_rate: number;
}

/** A movable group: the column's top ``count`` cards. */
export interface Group {
  /** Columns count from 1 */
  column: number;
  count: number;
  /** The columns that accept the group */
  targets: number[];
  /** The column a double click sends it to (docs/RULES.md, The best column) */
  best: number | null;
}

export interface Health {
  ok: boolean;
}

export interface HelpPage {
  title: string;
  sections: HelpSection[];
}

export interface HelpSection {
  title: string;
  paragraphs: string[];
}

export interface Hint {
  /** null: no useful move */
  action: string | null;
  message: string;
  /** A move: from this column… */
  column?: number | null;
  /** …this many cards… */
  count?: number | null;
  /** …to this column */
  to?: number | null;
}

export interface History {
  /** Newest first */
  games: PastGame[];
  /** How many finished games there are in all (of the level, if one was asked) */
  total: number;
  offset: number;
  limit: number;
}

export interface HistoryDeleted {
  /** Finished games forgotten (won, lost and abandoned) */
  deleted: number;
}

export interface InviteBody {
  /** The token of a club's invite link (what follows #join= in it) */
  invite: string;
}

export interface LanguageChoice {
  code: "en" | "ru" | "sk" | "fi";
  /** The language's own name (never translated) */
  name: string;
}

export interface Level {
  /** The level's key, as in /api/stats/{level} */
  key: string;
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  name: string;
}

export interface LinkBody {
  /** A transfer code from another browser, e.g. 7KQ2-MX9D (either case, with or without the dash) */
  code: string;
}

export interface LookChoice {
  id: string;
  name: string;
}

export interface MemberResult {
  level: string;
  state: "playing" | "won" | "lost";
  moves: number;
  seconds: number;
  assisted: boolean;
}

export interface MoveEvents {
  /** The action as recorded */
  action: string;
  revealed: Revealed[];
  /** The sequences the action removed */
  completed: Completed[];
  /** Cards the action turned face down (an undo): counted, never named */
  hidden: number;
  won: boolean;
  /** A move or deal that an undo had taken back, played again (a redo) */
  redone: boolean;
  kind: "move";
  /** Columns count from 1 */
  from: number;
  /** Columns count from 1 */
  to: number;
  /** The cards that moved */
  cards: string[];
  /** The card they went onto; null on an empty column */
  onto: string | null;
}

export interface NameBody {
  /** The display name to choose (3 to 20 letters, digits, spaces and - _ . once in NFKC form and trimmed: docs/API.md, Display names); null: back to the anonymous one */
  name: string | null;
}

export interface NewGame {
  game?: "spider" | "spiderette";
  suits?: 1 | 2 | 4;
  rules?: "classic" | "relaxed";
  profile?: "standard" | "timed" | "moves";
  /** A game code, in either case */
  code?: string | null;
  /** Every card, in deal order */
  deck?: string[] | null;
  actions?: string[];
  winnable?: boolean;
  /** A winnable deal of this grade (docs/RULES.md, Grades) */
  grade?: "easy" | "medium" | "hard" | "expert" | null;
}

/** A finished game in the player's history. */
export interface PastGame {
  /** Its id, for /api/games/{id}/record and /api/games/{id}/replay/{step} */
  id: string;
  /** The level's key (see /api/catalog) */
  level: string;
  profile: "standard" | "timed" | "moves";
  /** The game code; null for a game dealt from an explicit deck */
  code: string | null;
  result: "won" | "lost";
  moves: number;
  /** Seconds played */
  elapsed: number;
  /** null for the moves-only profile */
  score: number | null;
  /** When it was dealt, in seconds since 1970 (UTC) */
  started: number;
  /** When it was won or given up, in seconds since 1970 (UTC) */
  finished: number | null;
  /** Imported with its actions or asked about with /solve: not in the statistics */
  assisted: boolean;
  /** The day (YYYY-MM-DD) of the daily deal it was a game of, else null */
  daily?: string | null;
  /** How hard its deal is (docs/RULES.md, Grades); null: not graded */
  grade: "easy" | "medium" | "hard" | "expert" | null;
}

export interface Player {
  /** The language in use: the player's choice, else the browser's */
  lang: "en" | "ru" | "sk" | "fi";
  settings: PlayerSettings;
  /** The unfinished game, for CONTINUE */
  current: GameView | null;
  /** The name shown for the player on leaderboards */
  name: DisplayName;
}

export interface PlayerSettings {
  /** The player's explicit language, or null: the browser's */
  lang: "en" | "ru" | "sk" | "fi" | null;
  /** A double click or tap sends cards to the best column */
  double_click: boolean;
  /** A single tap sends cards to the best column (tap-to-move); null until the player chooses: on for touch screens (pointer: coarse), off otherwise */
  single_tap: boolean | null;
  /** Cards go to the best column as soon as they are picked up */
  auto_place: boolean;
  /** Highlight the columns that accept the picked-up cards */
  placement_help: boolean;
  sound: boolean;
  /** The scoring profile of new games */
  profile: "standard" | "timed" | "moves";
  /** The pattern on the back of the cards */
  card_back: "blue" | "red" | "green";
  /** The colour of the table */
  table: "green" | "blue" | "wine";
  /** The table mirrored: the stock and the completed sets change sides (and a phone's toolbar) */
  left_handed: boolean;
}

export interface Practice {
  /** Further games of the deal (practice: they do not count) */
  played: number;
  won: number;
}

export interface Probe {
  /** The position probed: after this many actions of the line */
  index: number;
  result: "won" | "lost" | "unknown";
  seconds: number;
  /** A line already known to win stood in for the solve */
  known?: boolean | null;
}

export interface ProfileChoice {
  id: "standard" | "timed" | "moves";
  name: string;
  label: string;
}

export interface Ready {
  /** The database and the solver queue answer, and a worker serves the queue */
  ok: boolean;
  database: boolean;
  queue: boolean;
  /** A worker process serves the solver queue (with Redis: a `spider worker` heartbeat is live) */
  workers: boolean;
}

/** The table after the first ``step`` actions of a finished game, as the player saw it then. */
export interface ReplayStep {
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  profile: "standard" | "timed" | "moves";
  columns: Column[];
  /** Cards left in the stock */
  stock: number;
  deals_left: number;
  /** Sequences removed */
  removed: number;
  removed_suits: ("S" | "H" | "D" | "C")[];
  /** Sequences to remove to win */
  sequences: number;
  moves: number;
  /** null for the moves-only profile */
  score: number | null;
  won: boolean;
  /** The table in words, for screen readers */
  description: string;
  id: string;
  /** Actions played so far; 0 is the deal */
  step: number;
  /** The game's actions in all */
  steps: number;
  /** How the game ended */
  status: "active" | "won" | "lost" | "abandoned";
  /** Seconds on the game's clock at this step */
  elapsed: number;
  /** What the step's action did; null at step 0 */
  events: MoveEvents | DealEvents | UndoEvents | null;
}

export interface Revealed {
  /** Columns count from 1 */
  column: number;
  /** The card the action turned face up */
  card: string;
}

/** A finished game's review, as ``spider review --json`` prints it (docs/FORMATS.md, Game review). */
export interface Review {
  /** Could the deal be won from the start? null: no win found, none proved */
  winnable: boolean | null;
  turning_point: TurningPoint | null;
  /** A winning line from position line_from */
  line: string[];
  /** The position the line starts from */
  line_from: number | null;
  /** [FIRST, LAST]: the actions the game was lost by, as far as proved */
  range: number[] | null;
  /** The actions of the player's line after undos */
  player_length: number;
  /** The shortest win found from the deal, in actions */
  shortest_found: number | null;
  /** Whether the game was won */
  won: boolean;
  probes: Probe[];
  /** The whole review's */
  seconds: number;
}

/** A review's progress, and once done the review itself, in words too (the player's language). */
export interface ReviewAnswer {
  /** waiting for a solver worker, running, done (stored with the game), failed (ask again), cancelled */
  state: "waiting" | "running" | "done" | "failed" | "cancelled";
  /** The job: GET /api/reviews/{job} to poll, DELETE to cancel */
  job?: string | null;
  /** The game reviewed (known once the first probe is done) */
  game?: string | null;
  /** Seconds the review has run */
  elapsed?: number;
  /** Probes done */
  done?: number;
  /** Probes expected (more may be needed) */
  expected?: number | null;
  /** Why it failed or was cancelled */
  message?: string | null;
  /** While running, what the probes found so far (from the first one on); once done, the review */
  review?: Review | null;
  /** The review (so far, while running) in words, in order, for the page */
  sentences?: string[] | null;
  /** The player's own move where the winning line starts, in words, when the sentences do not name it */
  chosen?: string | null;
}

/** The review's winning line after ``step`` of its actions, every card face up (the game is over). */
export interface ReviewStep {
  game: "spider" | "spiderette";
  suits: 1 | 2 | 4;
  rules: "classic" | "relaxed";
  profile: "standard" | "timed" | "moves";
  columns: Column[];
  /** Cards left in the stock */
  stock: number;
  deals_left: number;
  /** Sequences removed */
  removed: number;
  removed_suits: ("S" | "H" | "D" | "C")[];
  /** Sequences to remove to win */
  sequences: number;
  moves: number;
  /** null for the moves-only profile */
  score: number | null;
  won: boolean;
  /** The table in words, for screen readers */
  description: string;
  /** Actions of the winning line played so far */
  step: number;
  /** The winning line's actions in all */
  steps: number;
  /** What the step's action did; null at step 0 */
  events: MoveEvents | DealEvents | UndoEvents | null;
  id: string;
  /** The player's line position the winning line starts from */
  line_from: number;
}

export interface RulesChoice {
  id: "classic" | "relaxed";
  name: string;
  /** What the option changes; "" for classic rules */
  description: string;
}

export interface SettingsBody {
  lang?: "en" | "ru" | "sk" | "fi" | null;
  double_click?: boolean | null;
  single_tap?: boolean | null;
  auto_place?: boolean | null;
  placement_help?: boolean | null;
  sound?: boolean | null;
  profile?: "standard" | "timed" | "moves" | null;
  card_back?: "blue" | "red" | "green" | null;
  table?: "green" | "blue" | "wine" | null;
  left_handed?: boolean | null;
}

export interface Solve {
  result: "won" | "lost" | "unknown";
  /** For won: the actions that win from here (none for a daily deal while its day lasts) */
  actions: string[];
  /** Positions searched */
  nodes?: number | null;
  seconds?: number | null;
  /** For unknown: the limit that stopped the search, cancelled, or worker_lost (ask again) */
  reason?: string | null;
  message: string;
  /** Says that the solver saw the face-down cards */
  note: string;
}

export interface SolveBody {
  time_limit?: number;
}

export interface SolveJob {
  /** The job's id: GET /api/solves/{id} for its progress and answer, DELETE to cancel */
  id: string;
  /** waiting for a solver worker, running, or done */
  state: "waiting" | "running" | "done";
  /** Seconds the solver has been thinking */
  elapsed: number;
  /** Once done: the answer */
  answer?: Solve | null;
}

/** A 409: the action was for an older version of the game, or the game is over; or a batch's 422: one of its actions is refused by the rules (``params.index``), nothing of it stored. */
export interface StaleBody {
  /** A stable code, e.g. not_a_run, bad_code, not_found */
  reason: string;
  /** What went wrong, in the player's language */
  message: string;
  /** The values the message names */
  params: Record<string, string | number | boolean | null>;
  /** The game as it is now */
  view: GameView;
}

export interface Stats {
  played: number;
  wins: number;
  losses: number;
  /** A PERCENTAGE, 0 to 100 (1 win in 100 games is 1.0); null before any finished game */
  win_rate: number | null;
  /** The current winning streak */
  streak: number;
  best_streak: number;
  best_score: number | null;
  /** Seconds */
  best_time: number | null;
  fewest_moves: number | null;
  /** Finished games imported with their actions or asked about with /solve: in no other field */
  assisted_played: number;
  assisted_wins: number;
  /** Wins with no undo, no hint and no solver */
  perfect_wins: number;
  /** The current run of perfect wins (any other finished game ends it) */
  perfect_streak: number;
  best_perfect_streak: number;
  /** The bests the level's most recent finished game set (a first win sets its bests; a streak counts from two wins); empty after a loss or an assisted game */
  new_records: ("best_score" | "best_time" | "fewest_moves" | "best_streak")[];
  /** The unassisted games of graded deals (docs/RULES.md, Grades), by grade: only grades played */
  by_grade: Record<string, GradeStats>;
}

export interface Streak {
  /** Consecutive days won up to today (or yesterday while today is not won) */
  current: number;
  /** The longest run of consecutive days won */
  best: number;
}

export interface SuitsChoice {
  count: 1 | 2 | 4;
  name: string;
}

export interface SyncBody {
  /** The actions the server had acknowledged before these */
  version: number;
  /** Actions as the record keeps them (docs/FORMATS.md, Actions): a redo as the action it played; none only with a game's start (the game is created, not yet played) */
  actions: string[];
  /** The game's clock at each action, seconds, never going back */
  times: number[];
  /** The deal, for a game the page started (created at its first sync) */
  start?: SyncStart | null;
}

export interface SyncStart {
  /** The game code of the deal the page started */
  code: string;
  profile?: "standard" | "timed" | "moves";
  /** From POST /api/deals/winnable: the deal is created graded and proven winnable */
  proof?: string | null;
}

export interface TransferCode {
  /** Links another browser to this player, once (POST /api/player/link) */
  code: string;
  /** Seconds the code stays valid */
  expires_in: number;
}

export interface TurningPoint {
  /** The action, 0-based in the player's line after undos */
  index: number;
  /** That action in explicit notation */
  action: string;
  /** After it: proved lost, or no win found in the budget */
  after: "lost" | "unknown";
}

export interface UndoEvents {
  /** The action as recorded */
  action: string;
  revealed: Revealed[];
  /** The sequences the action removed */
  completed: Completed[];
  /** Cards the action turned face down (an undo): counted, never named */
  hidden: number;
  won: boolean;
  /** A move or deal that an undo had taken back, played again (a redo) */
  redone: boolean;
  kind: "undo";
  undone: "move" | "deal";
  /** Sequences that came back */
  restored: number;
  /** An undone move: the cards went back from here */
  from?: number | null;
  /** An undone move: … to here */
  to?: number | null;
}

export interface WinnableBody {
  game?: "spider" | "spiderette";
  suits?: 1 | 2 | 4;
  rules?: "classic" | "relaxed";
  /** Of this grade when one is ready, else of the nearest */
  grade?: "easy" | "medium" | "hard" | "expert" | null;
}

/** A deal the solver proved winnable, for the page to keep and start a game from while offline. */
export interface WinnableDeal {
  /** Its game code */
  code: string;
  /** How hard it is (docs/RULES.md, Grades); null: not graded */
  grade: "easy" | "medium" | "hard" | "expert" | null;
  /** The server's proof that it gave this player this deal at this grade: sent back in the first sync's start, the game is created graded and proven winnable */
  proof: string;
}

export interface YourEntry {
  /** null for an entry shown apart (see standing) or not ranked */
  rank: number | null;
  /** The chosen display name, else Player NNNN */
  name: string;
  /** The player's public id (12 hex digits) */
  player: string;
  result: "playing" | "won" | "lost";
  /** Every action of the attempt, undos and undone actions included */
  moves: number;
  /** Server time from its first accepted action to its end */
  seconds: number;
  /** Sets completed (a loss's progress; all of them for a win) */
  sets: number;
  /** Cards still face down when it ended (0 for a win) */
  face_down: number;
  assisted: boolean;
  /** ranked, or shown apart: assisted (the solver or the deeper hint), new (the player joined the boards after the day's deals came out, or had finished no game before: ranked from the next day), review (played faster than a person plays, until an operator looks), withheld (an operator confirmed that). While playing: what it would be now */
  standing: "ranked" | "assisted" | "new" | "review" | "withheld";
  /** The asking player's own entry */
  you: boolean;
  /** Ranked entries next to yours, yours included */
  around: BoardEntry[];
}
