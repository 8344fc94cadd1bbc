"""The answers the API sends, as models, each shape declared once: the play layer's use cases return
them, the web layer sends them as they serialise (spider/web/http/answers.py), and FastAPI documents
them in the OpenAPI schema (``/docs``). The choices (games, suit counts, rules, profiles, languages)
are ``Literal`` types that a test holds equal to the engine's tables."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

# The largest integer a client may send anywhere (PostgreSQL's integer; far above any count the app
# keeps): a larger one is a 400, never a number a database cannot hold.
MAX_INT = 2**31 - 1

GameId = Literal["spider", "spiderette"]
SuitCount = Literal[1, 2, 4]
RulesId = Literal["classic", "relaxed"]
ProfileId = Literal["standard", "timed", "moves"]
Grade = Literal["easy", "medium", "hard", "expert"]  # a winnable deal's (docs/RULES.md, Grades), easiest first
LanguageCode = Literal["en", "ru", "sk", "fi"]
CardBackId = Literal["blue", "red", "green"]
TableId = Literal["green", "blue", "wine"]
SuitLetter = Literal["S", "H", "D", "C"]
GameStatus = Literal["active", "won", "lost", "abandoned"]
Card = Annotated[str, Field(pattern=r"^(A|[2-9]|10|J|Q|K)[SHDC]$", examples=["10S", "QH"])]
ColumnNumber = Annotated[int, Field(ge=1, le=10, description="Columns count from 1")]
Action = Annotated[
    str,
    Field(examples=["3>7", "3>7:2", "deal", "undo", "redo"], description="Action notation (docs/FORMATS.md, Actions)"),
]


class Answer(BaseModel):
    """An answer's fields are all documented: one the route sends but the model lacks is an
    error (in the tests), never silently dropped."""

    model_config = ConfigDict(extra="forbid")


# ----- settings ------------------------------------------------------------------------------


# A player's choices (the server's own configuration is spider.config.Settings).
class PlayerSettings(Answer):
    lang: LanguageCode | None = Field(description="The player's explicit language, or null: the browser's")
    double_click: bool = Field(description="A double click or tap sends cards to the best column")
    single_tap: bool | None = Field(
        description="A single tap sends cards to the best column (tap-to-move); null until the player chooses: "
        "on for touch screens (pointer: coarse), off otherwise"
    )
    auto_place: bool = Field(description="Cards go to the best column as soon as they are picked up")
    placement_help: bool = Field(description="Highlight the columns that accept the picked-up cards")
    sound: bool
    profile: ProfileId = Field(description="The scoring profile of new games")
    card_back: CardBackId = Field(description="The pattern on the back of the cards")
    table: TableId = Field(description="The colour of the table")
    left_handed: bool = Field(
        description="The table mirrored: the stock and the completed sets change sides (and a phone's toolbar)"
    )


# ----- the catalog ---------------------------------------------------------------------------


class Level(Answer):
    key: str = Field(description="The level's key, as in /api/stats/{level}", examples=["spider-2-relaxed"])
    game: GameId
    suits: SuitCount
    rules: RulesId
    name: str = Field(examples=["Spider, 2 suits (Medium), relaxed rules"])


class GameChoice(Answer):
    id: GameId
    name: str


class SuitsChoice(Answer):
    count: SuitCount
    name: str = Field(examples=["2 suits (Medium)"])


class RulesChoice(Answer):
    id: RulesId
    name: str
    description: str = Field(description='What the option changes; "" for classic rules')


class ProfileChoice(Answer):
    id: ProfileId
    name: str = Field(examples=["Standard"])
    label: str = Field(examples=["Standard: 500 points, 100 undos"])


class LanguageChoice(Answer):
    code: LanguageCode
    name: str = Field(description="The language's own name (never translated)", examples=["Suomi"])


class LookChoice(Answer):
    id: str = Field(examples=["blue"])
    name: str = Field(examples=["Blue lattice"])


class CodeCheck(Answer):
    """A game code that can be played."""

    code: str = Field(description="The code as written canonically", examples=["SP1-S2C-AAAAAAD"])
    level: str = Field(description="The level it deals (a key from /api/catalog)", examples=["spider-2-classic"])


class Catalog(Answer):
    """Everything the dialogs offer, in the request's language. The rules a game and suit count
    offer are the ``levels`` that have them."""

    levels: list[Level] = Field(description="Every level that exists, in the engine's order")
    games: list[GameChoice]
    suits: list[SuitsChoice]
    rules: list[RulesChoice]
    profiles: list[ProfileChoice]
    languages: list[LanguageChoice]
    card_backs: list[LookChoice] = Field(description="The card backs a player can choose (setting card_back)")
    tables: list[LookChoice] = Field(description="The table colours a player can choose (setting table)")
    default_settings: PlayerSettings = Field(description="A new player's settings")


# ----- the game view -------------------------------------------------------------------------


class Column(Answer):
    down: int = Field(ge=0, description="How many face-down cards: never which ones")
    up: list[Card] = Field(description="The face-up cards, bottom to top")


class Group(Answer):
    """A movable group: the column's top ``count`` cards."""

    column: ColumnNumber
    count: int = Field(ge=1, le=13)
    targets: list[ColumnNumber] = Field(description="The columns that accept the group")
    best: ColumnNumber | None = Field(
        description="The column a double click sends it to (docs/RULES.md, The best column)"
    )


class Revealed(Answer):
    column: ColumnNumber
    card: Card = Field(description="The card the action turned face up")


class Completed(Answer):
    column: ColumnNumber
    suit: SuitLetter


class _Events(Answer):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    action: Action = Field(description="The action as recorded")
    revealed: list[Revealed]
    completed: list[Completed] = Field(description="The sequences the action removed")
    hidden: int = Field(ge=0, description="Cards the action turned face down (an undo): counted, never named")
    won: bool
    redone: bool = Field(description="A move or deal that an undo had taken back, played again (a redo)")


class MoveEvents(_Events):
    kind: Literal["move"]
    from_: ColumnNumber = Field(alias="from")
    to: ColumnNumber
    cards: list[Card] = Field(description="The cards that moved")
    onto: Card | None = Field(description="The card they went onto; null on an empty column")


class DealEvents(_Events):
    kind: Literal["deal"]
    cards: list[Card] = Field(description="The cards dealt, onto columns 1, 2, …")


class UndoEvents(_Events):
    kind: Literal["undo"]
    undone: Literal["move", "deal"]
    restored: int = Field(ge=0, description="Sequences that came back")
    from_: ColumnNumber | None = Field(None, alias="from", description="An undone move: the cards went back from here")
    to: ColumnNumber | None = Field(None, description="An undone move: … to here")


Events = Annotated[MoveEvents | DealEvents | UndoEvents, Field(discriminator="kind")]


class PublicTable(Answer):
    """The engine's public view of a position: a face-down card is only counted, no field names one."""

    game: GameId
    suits: SuitCount
    rules: RulesId
    profile: ProfileId
    columns: list[Column]
    stock: int = Field(ge=0, description="Cards left in the stock")
    deals_left: int = Field(ge=0)
    removed: int = Field(ge=0, description="Sequences removed")
    removed_suits: list[SuitLetter]
    sequences: int = Field(description="Sequences to remove to win")
    moves: int = Field(ge=0)
    score: int | None = Field(description="null for the moves-only profile")
    won: bool
    description: str = Field(description="The table in words, for screen readers")


class DailyTag(Answer):
    """The daily deal a game is of (docs/API.md, Daily deals)."""

    date: str = Field(description="Its day, YYYY-MM-DD (UTC)", examples=["2026-12-05"])
    level: str = Field(examples=["spider-2-classic"])
    counted: bool = Field(description="The player's counted attempt (their first of the deal); else practice")
    counting: bool = Field(
        description="Whether playing on still counts for the leaderboard: the counted attempt, in play, on its"
        " own day (false once it is won or lost, and after its day's UTC midnight)"
    )


class GameView(PublicTable):
    """The table as the player sees it (the engine's public view) plus what the front end needs."""

    id: str
    version: int = Field(ge=0, description="The number of actions; an action must send the version it saw")
    code: str | None = Field(description="The game code; null for a game dealt from an explicit deck")
    status: GameStatus
    can_deal: bool
    can_undo: bool
    undo_limit: int | None = Field(description="null: undo back to the start")
    can_redo: bool = Field(description='An undo took an action back and no other action followed: "redo" plays it')
    elapsed: float = Field(ge=0, description="Seconds played")
    assisted: bool = Field(
        description="Imported with its actions or asked about with /solve: it will not count in the statistics"
    )
    perfect: bool = Field(
        description="No undo, no hint and no solver so far: a win now is a perfect game (Finish keeps it so)"
    )
    groups: list[Group]
    events: Events | None = Field(None, description="Only in the answer to an action: what it did")
    proven_winnable: bool | None = Field(
        None, description='Only in the answer to a new game that asked for "winnable": whether the solver proved it'
    )
    daily: DailyTag | None = Field(None, description="Only in a daily deal's game: which deal, and whether it counts")
    grade: Grade | None = Field(description="How hard its deal is (docs/RULES.md, Grades); null: not graded")


class WinnableDeal(Answer):
    """A deal the solver proved winnable, for the page to keep and start a game from while offline."""

    code: str = Field(description="Its game code", examples=["SP1-S2C-AAAAAAD"])
    grade: Grade | None = Field(description="How hard it is (docs/RULES.md, Grades); null: not graded")
    proof: str = Field(
        description="The server's proof that it gave this player this deal at this grade: sent back in the first"
        " sync's start, the game is created graded and proven winnable"
    )


class Player(Answer):
    lang: LanguageCode = Field(description="The language in use: the player's choice, else the browser's")
    settings: PlayerSettings
    current: GameView | None = Field(description="The unfinished game, for CONTINUE")
    name: DisplayName = Field(description="The name shown for the player on leaderboards")


class GameRecord(Answer):
    """The game record (docs/FORMATS.md, Game records): a code or a deck, the actions, and the times
    when they were kept."""

    game: GameId
    suits: SuitCount
    rules: RulesId
    code: str | None = None
    deck: list[Card] | None = None
    actions: list[Action]
    profile: ProfileId
    times: list[float] | None = Field(None, description="Seconds on the game's clock at each action")


# ----- statistics ----------------------------------------------------------------------------


class GradeStats(Answer):
    played: int = Field(ge=1)
    wins: int = Field(ge=0)
    win_rate: float = Field(ge=0, le=100, description="A PERCENTAGE, 0 to 100")


class Stats(Answer):
    played: int = Field(ge=0)
    wins: int = Field(ge=0)
    losses: int = Field(ge=0)
    win_rate: float | None = Field(
        ge=0, le=100, description="A PERCENTAGE, 0 to 100 (1 win in 100 games is 1.0); null before any finished game"
    )
    streak: int = Field(ge=0, description="The current winning streak")
    best_streak: int = Field(ge=0)
    best_score: int | None
    best_time: float | None = Field(description="Seconds")
    fewest_moves: int | None
    assisted_played: int = Field(
        ge=0, description="Finished games imported with their actions or asked about with /solve: in no other field"
    )
    assisted_wins: int = Field(ge=0)
    perfect_wins: int = Field(ge=0, description="Wins with no undo, no hint and no solver")
    perfect_streak: int = Field(ge=0, description="The current run of perfect wins (any other finished game ends it)")
    best_perfect_streak: int = Field(ge=0)
    new_records: list[Literal["best_score", "best_time", "fewest_moves", "best_streak"]] = Field(
        description="The bests the level's most recent finished game set (a first win sets its bests; a streak"
        " counts from two wins); empty after a loss or an assisted game"
    )
    by_grade: dict[Grade, GradeStats] = Field(
        description="The unassisted games of graded deals (docs/RULES.md, Grades), by grade: only grades played"
    )


class AllStats(Answer):
    levels: dict[str, Stats] = Field(description="By level key (see /api/catalog), only levels with a finished game")


class PastGame(Answer):
    """A finished game in the player's history."""

    id: str = Field(description="Its id, for /api/games/{id}/record and /api/games/{id}/replay/{step}")
    level: str = Field(description="The level's key (see /api/catalog)", examples=["spider-2-classic"])
    profile: ProfileId
    code: str | None = Field(description="The game code; null for a game dealt from an explicit deck")
    result: Literal["won", "lost"]
    moves: int = Field(ge=0)
    elapsed: float = Field(ge=0, description="Seconds played")
    score: int | None = Field(description="null for the moves-only profile")
    started: float = Field(description="When it was dealt, in seconds since 1970 (UTC)")
    finished: float | None = Field(description="When it was won or given up, in seconds since 1970 (UTC)")
    assisted: bool = Field(description="Imported with its actions or asked about with /solve: not in the statistics")
    daily: str | None = Field(None, description="The day (YYYY-MM-DD) of the daily deal it was a game of, else null")
    grade: Grade | None = Field(description="How hard its deal is (docs/RULES.md, Grades); null: not graded")


class History(Answer):
    games: list[PastGame] = Field(description="Newest first")
    total: int = Field(ge=0, description="How many finished games there are in all (of the level, if one was asked)")
    offset: int = Field(ge=0)
    limit: int = Field(ge=1)


class HistoryDeleted(Answer):
    deleted: int = Field(ge=0, description="Finished games forgotten (won, lost and abandoned)")


class ReplayStep(PublicTable):
    """The table after the first ``step`` actions of a finished game, as the player saw it then."""

    id: str
    step: int = Field(ge=0, description="Actions played so far; 0 is the deal")
    steps: int = Field(ge=0, description="The game's actions in all")
    status: GameStatus = Field(description="How the game ended")
    elapsed: float = Field(ge=0, description="Seconds on the game's clock at this step")
    events: Events | None = Field(description="What the step's action did; null at step 0")


# ----- help from the solver ------------------------------------------------------------------


class Hint(Answer):
    action: Action | None = Field(description="null: no useful move")
    message: str
    column: ColumnNumber | None = Field(None, description="A move: from this column…")
    count: int | None = Field(None, ge=1, le=13, description="…this many cards…")
    to: ColumnNumber | None = Field(None, description="…to this column")


class Finish(Answer):
    result: Literal["won", "lost", "unknown"] = Field(
        description="won: the actions win from here; lost: no play wins from here; unknown: none found in time"
    )
    actions: list[Action] = Field(description="For won: the actions to play, in order, from the current position")
    message: str


class Solve(Answer):
    result: Literal["won", "lost", "unknown"]
    actions: list[Action] = Field(
        description="For won: the actions that win from here (none for a daily deal while its day lasts)"
    )
    nodes: int | None = Field(None, ge=0, description="Positions searched")
    seconds: float | None = Field(None, ge=0)
    reason: str | None = Field(
        None, description="For unknown: the limit that stopped the search, cancelled, or worker_lost (ask again)"
    )
    message: str
    note: str = Field(description="Says that the solver saw the face-down cards")


class SolveJob(Answer):
    id: str = Field(description="The job's id: GET /api/solves/{id} for its progress and answer, DELETE to cancel")
    state: Literal["waiting", "running", "done"] = Field(description="waiting for a solver worker, running, or done")
    elapsed: float = Field(ge=0, description="Seconds the solver has been thinking")
    answer: Solve | None = Field(None, description="Once done: the answer")


# ----- game review ---------------------------------------------------------------------------


class TurningPoint(Answer):
    index: int = Field(ge=0, description="The action, 0-based in the player's line after undos")
    action: Action = Field(description="That action in explicit notation")
    after: Literal["lost", "unknown"] = Field(description="After it: proved lost, or no win found in the budget")


class Probe(Answer):
    index: int = Field(ge=0, description="The position probed: after this many actions of the line")
    result: Literal["won", "lost", "unknown"]
    seconds: float = Field(ge=0)
    known: bool | None = Field(None, description="A line already known to win stood in for the solve")


class Review(Answer):
    """A finished game's review, as ``spider review --json`` prints it (docs/FORMATS.md, Game review)."""

    winnable: bool | None = Field(description="Could the deal be won from the start? null: no win found, none proved")
    turning_point: TurningPoint | None
    line: list[Action] = Field(description="A winning line from position line_from")
    line_from: int | None = Field(ge=0, description="The position the line starts from")
    range: list[int] | None = Field(description="[FIRST, LAST]: the actions the game was lost by, as far as proved")
    player_length: int = Field(ge=0, description="The actions of the player's line after undos")
    shortest_found: int | None = Field(description="The shortest win found from the deal, in actions")
    won: bool = Field(description="Whether the game was won")
    probes: list[Probe]
    seconds: float = Field(ge=0, description="The whole review's")


class ReviewAnswer(Answer):
    """A review's progress, and once done the review itself, in words too (the player's language)."""

    state: Literal["waiting", "running", "done", "failed", "cancelled"] = Field(
        description="waiting for a solver worker, running, done (stored with the game), failed (ask again), cancelled"
    )
    job: str | None = Field(None, description="The job: GET /api/reviews/{job} to poll, DELETE to cancel")
    game: str | None = Field(None, description="The game reviewed (known once the first probe is done)")
    elapsed: float = Field(0.0, ge=0, description="Seconds the review has run")
    done: int = Field(0, ge=0, description="Probes done")
    expected: int | None = Field(None, ge=0, description="Probes expected (more may be needed)")
    message: str | None = Field(None, description="Why it failed or was cancelled")
    review: Review | None = Field(
        None, description="While running, what the probes found so far (from the first one on); once done, the review"
    )
    sentences: list[str] | None = Field(
        None, description="The review (so far, while running) in words, in order, for the page"
    )
    chosen: str | None = Field(
        None,
        description="The player's own move where the winning line starts, in words, when the sentences do not name it",
    )


class LineStep(PublicTable):
    """A winning line after ``step`` of its actions, every card face up (for the replay viewer)."""

    step: int = Field(ge=0, description="Actions of the winning line played so far")
    steps: int = Field(ge=0, description="The winning line's actions in all")
    events: Events | None = Field(description="What the step's action did; null at step 0")


class ReviewStep(LineStep):
    """The review's winning line after ``step`` of its actions, every card face up (the game is over)."""

    id: str
    line_from: int = Field(ge=0, description="The player's line position the winning line starts from")


# ----- pages ---------------------------------------------------------------------------------


class Health(Answer):
    ok: bool


class Ready(Answer):
    ok: bool = Field(description="The database and the solver queue answer, and a worker serves the queue")
    database: bool
    queue: bool
    workers: bool = Field(
        description="A worker process serves the solver queue (with Redis: a `spider worker` heartbeat is live)"
    )


class BrowserCatalog(Answer):
    lang: LanguageCode
    plural: str = Field(description="The plural rule, a C expression of n", examples=["(n != 1)"])
    messages: dict[str, str | list[str]] = Field(description="English id → text, or a plural's forms")


class HelpSection(Answer):
    title: str
    paragraphs: list[str]


class HelpPage(Answer):
    title: str
    sections: list[HelpSection]


# ----- names and transfer codes --------------------------------------------------------------


class DisplayName(Answer):
    display: str = Field(description='The chosen name, else the anonymous one ("Player 4821")', examples=["Ada"])
    chosen: bool = Field(description="The player chose the name (false: the anonymous one)")


class TransferCode(Answer):
    code: str = Field(
        pattern=r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$",
        description="Links another browser to this player, once (POST /api/player/link)",
        examples=["7KQ2-MX9D"],
    )
    expires_in: int = Field(gt=0, description="Seconds the code stays valid")


Player.model_rebuild()  # its name's model is defined above only now
