"""The daily deals' answers (docs/API.md, Daily deals): what the daily service returns, as the API sends it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .answers import Action, Answer, Card, GameId, Grade, LineStep, RulesId, SuitCount

Difficulty = Grade  # a daily deal's is its grade (docs/RULES.md, Grades)
ResultState = Literal["playing", "won", "lost"]
Standing = Annotated[
    Literal["ranked", "assisted", "new", "review", "withheld"],
    Field(
        description="ranked, or shown apart: assisted (the solver or the deeper hint), new (the player joined the"
        " boards after the day's deals came out, or had finished no game before: ranked from the next day),"
        " review (played faster than a person plays, until an operator looks), withheld (an operator"
        " confirmed that). While playing: what it would be now"
    ),
]
Day = Annotated[str, Field(description="A UTC day, YYYY-MM-DD", examples=["2026-12-05"])]


class DailyResultView(Answer):
    """The player's counted attempt at a deal."""

    state: ResultState
    moves: int = Field(ge=0, description="Every action of the attempt, undos and undone actions included")
    seconds: float = Field(ge=0, description="Server time from its first accepted action to its end")
    assisted: bool = Field(description="The solver or the deeper hint was asked: shown apart, never ranked")
    standing: Standing
    rank: int | None = Field(description="Its place on the deal's leaderboard; null while not ranked")
    game: str = Field(description="The game's id, for /api/games/{id}")


class Practice(Answer):
    played: int = Field(ge=0, description="Further games of the deal (practice: they do not count)")
    won: int = Field(ge=0)


class DealStart(Answer):
    """A deal's start as a game record has it (docs/FORMATS.md, Game records)."""

    game: GameId
    suits: SuitCount
    rules: RulesId
    deck: list[Card]


Hex64 = Annotated[str, Field(pattern="^[0-9a-f]{64}$", description="64 lowercase hex digits")]


class DealSealView(Answer):
    """What lets anyone verify a past day's deal (docs/RULES.md, Provably fair deals)."""

    salt: Hex64
    day_key: Hex64 = Field(description="HMAC-SHA256(site secret, 'daily|' + date): the key of the day's shuffles")
    attempt: int = Field(ge=0, description="The try whose shuffle was proved winnable (earlier ones were not)")


class DailyDealView(Answer):
    level: str = Field(examples=["spider-2-classic"])
    difficulty: Difficulty | None = Field(description="null while the deal is being prepared")
    fingerprint: str | None = Field(
        pattern="^[0-9a-f]{64}$",
        description="SHA-256 of salt|date|level|deck, published from the start of the day; null while the deal"
        " is being prepared or when it was made before deals had fingerprints (it cannot be verified)",
    )
    result: DailyResultView | None = Field(description="The player's counted attempt; null before one")
    practice: Practice
    deck: DealStart | None = Field(default=None, description="Only once the day is over: the deal")
    line: list[Action] | None = Field(
        default=None, description="Only once the day is over: a winning line from the deal"
    )
    seal: DealSealView | None = Field(
        default=None,
        description="Only once the day is over: the salt, day key and try; null when it cannot be verified",
    )


class Streak(Answer):
    current: int = Field(ge=0, description="Consecutive days won up to today (or yesterday while today is not won)")
    best: int = Field(ge=0, description="The longest run of consecutive days won")


class DailyName(Answer):
    display: str = Field(description="The name leaderboards show: the chosen one, else Player NNNN")
    chosen: bool


class DailyToday(Answer):
    date: Day
    next_in: int = Field(ge=1, description="Seconds until the next day's deals (UTC midnight)")
    deals: list[DailyDealView] = Field(description="The six levels, in order")
    streak: Streak
    name: DailyName


class DailyDay(Answer):
    date: Day
    deals: list[DailyDealView] = Field(description="The six levels, in order")


class CalendarDay(Answer):
    date: Day
    state: Literal["won", "played", "missed", "today", "future", "before"] = Field(
        description="before: a day before the player was first seen (never missed)"
    )


class DailyCalendar(Answer):
    month: str = Field(examples=["2026-12"])
    days: list[CalendarDay]
    streak: Streak


class BoardEntry(Answer):
    rank: int | None = Field(description="null for an entry shown apart (see standing) or not ranked")
    name: str = Field(description="The chosen display name, else Player NNNN")
    player: str = Field(description="The player's public id (12 hex digits)")
    result: ResultState
    moves: int = Field(ge=0, description="Every action of the attempt, undos and undone actions included")
    seconds: float = Field(ge=0, description="Server time from its first accepted action to its end")
    sets: int = Field(ge=0, description="Sets completed (a loss's progress; all of them for a win)")
    face_down: int = Field(ge=0, description="Cards still face down when it ended (0 for a win)")
    assisted: bool
    standing: Standing
    you: bool = Field(description="The asking player's own entry")


class YourEntry(BoardEntry):
    around: list[BoardEntry] = Field(description="Ranked entries next to yours, yours included")


class Leaderboard(Answer):
    date: Day
    level: str
    entries: list[BoardEntry] = Field(description="The top 50, ranked")
    apart: list[BoardEntry] = Field(
        description="Finished results shown apart, never ranked, by standing: review, withheld, new, then assisted"
        " (up to 20 of each, each in the board's order)"
    )
    you: YourEntry | None = Field(description="Your counted attempt, in any state; null before one")


class DailyLineStep(LineStep):
    """A past day's deal after ``step`` actions of its winning line, every card face up."""

    date: Day
    level: str = Field(examples=["spider-2-classic"])
