"""The store's interface: what the rest of the app needs from any database."""

from __future__ import annotations

import hashlib
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, fields
from typing import Any, Protocol


@dataclass
class GameRow:
    """One saved game: its record (code or deck, then actions) and its outcome so far."""

    id: str
    player: str
    level: str  # the variant key, e.g. "spider-2-classic"
    profile: str
    code: str | None
    deck: list[str] | None
    # The action log, read only when the caller asks for it (``Store.load_actions``): a request whose
    # cached session is at ``version`` needs none of it.
    actions: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    status: str = "active"  # active | won | lost | abandoned
    elapsed: float = 0.0
    moves: int = 0
    score: int | None = None
    created: float = 0.0
    finished: float | None = None
    assisted: bool = False  # imported with its actions, or the solver was asked: counted apart
    seen: float | None = None  # when the server last heard of it (created, an action, a timer save)
    version: int = 0  # how many actions the log holds
    daily: str | None = None  # the day (YYYY-MM-DD) of a daily deal's game
    grade: str | None = None  # its deal's grade (easy … expert: solver/grading.py), when it was graded
    # an undo or a hint was played or asked for: a win is not perfect (docs/RULES.md, Perfect games)
    helped: bool = False

    def appended(self, actions: list[tuple[str, float]]) -> None:
        """Bring the row up to what was just written after its log: ``actions`` as
        (action, elapsed seconds) pairs. A log that was not loaded stays so (never a part of it)."""
        if len(self.actions) == self.version:
            self.actions.extend(action for action, _ in actions)
            self.times.extend(t for _, t in actions)
        self.version += len(actions)
        if actions:
            self.elapsed = actions[-1][1]

    def read_log(self, log: list[tuple[str, float]]) -> None:
        """Take the game's log as read from the store: (action, elapsed seconds) pairs in order."""
        self.actions = [action for action, _ in log]
        self.times = [elapsed for _, elapsed in log]


# The columns of a game in the order ``game_row`` reads them (both stores select them so).
GAME_COLUMNS = (
    "id, player, level, profile, code, deck, status, elapsed, moves, score, created, finished, assisted, seen, version,"
    " daily, grade, helped"
)


def new_game_values(row: GameRow, actions: list[tuple[str, float]], now: float, deck: object) -> tuple[Any, ...]:
    """The GAME_COLUMNS of a new game whose log starts with ``actions``; ``deck`` as the store keeps it."""
    elapsed = actions[-1][1] if actions else row.elapsed
    created = row.created or now
    return (
        *(row.id, row.player, row.level, row.profile, row.code, deck, row.status, elapsed, row.moves, row.score),
        *(created, row.finished, row.assisted, created, len(actions), row.daily, row.grade, row.helped),
    )


def game_row(found: tuple[Any, ...], deck: list[str] | None) -> GameRow:
    """A game read from GAME_COLUMNS, its log not loaded; ``deck`` already decoded."""
    fields = dict(zip(GAME_COLUMNS.split(", "), found, strict=True))
    return GameRow(**fields | {"deck": deck, "assisted": bool(fields["assisted"]), "helped": bool(fields["helped"])})


@dataclass(frozen=True)
class DealSeal:
    """What proves a daily deal fair once its day is over (docs/RULES.md, Provably fair deals): the
    salt of its fingerprint, the day's key of its shuffles and the try that was proved winnable."""

    salt: str  # 64 hex digits
    day_key: str  # 64 hex digits
    attempt: int


@dataclass
class DailyDeal:
    """A day's deal of a level, proved winnable by ``line`` (docs/RULES.md, Daily deals); ``seal``
    is None for a deal made before deals were sealed, which cannot be verified."""

    day: str  # YYYY-MM-DD, UTC
    level: str
    deck: list[str]
    line: list[str]
    difficulty: str  # its grade: easy | medium | hard | expert (older deals: easy, medium or hard)
    seal: DealSeal | None = None


@dataclass
class DailyResult:
    """A player's counted attempt at a daily deal: its game and, once finished, its result."""

    day: str
    level: str
    player: str
    game: str
    state: str  # playing | won | lost
    moves: int = 0
    seconds: float = 0.0
    assisted: bool = False
    finished: float | None = None
    # A finished attempt's progress (0 and 0 for a win): the sets still to complete, the cards still face down
    sets_left: int = 0
    face_down: int = 0
    # ranked | new (the player joined the day's boards too late) | review (played faster than a person
    # plays, until an operator clears it) | withheld (an operator confirmed that) | assisted
    standing: str = "ranked"
    pace: float | None = None  # the median server-timed gap between its actions, seconds (40 actions or more)
    name: str | None = None  # the player's chosen display name, if any
    public: str | None = None  # the player's public id, once they chose a name


@dataclass
class DailyBoard:
    """A daily deal's leaderboard as one player sees it."""

    top: list[tuple[int, DailyResult]]  # ranked (rank, result), best first
    apart: list[DailyResult]  # finished results not ranked (assisted or standing apart), by kind
    you: DailyResult | None  # the player's counted attempt, in any state
    rank: int | None  # the player's rank, when their result is ranked
    around: list[tuple[int, DailyResult]]  # ranked results next to the player's, theirs included


@dataclass
class Club:
    """A club: players who see the daily leaderboards among themselves (docs/RULES.md)."""

    id: str
    name: str
    owner: str  # the player who may replace its invite: its maker, or the longest-standing member
    invite: str  # the token of its invite link
    created: float
    members: int  # how many are in it


@dataclass
class ClubMember:
    player: str
    name: str | None  # the player's chosen display name, if any
    public: str | None  # their public id, once they chose a name
    joined: float


DAILY_RESULT_COLUMNS = (
    "day, level, player, game, state, moves, seconds, assisted, finished, sets_left, face_down, standing, pace"
)


def daily_result(found: tuple[Any, ...], name: str | None = None, public: str | None = None) -> DailyResult:
    """A result read from DAILY_RESULT_COLUMNS (DailyResult's first fields, in its order: a board reads
    hundreds, so they are passed by position)."""
    result = DailyResult(*found)
    result.assisted, result.name, result.public = bool(result.assisted), name, public
    return result


assert [f.name for f in fields(DailyResult)][:-2] == DAILY_RESULT_COLUMNS.split(", ")  # the order daily_result needs


def token_hash(token: str) -> str:
    """What the store keeps of a player's token, and so their id in every table: its SHA-256, in
    hex. A token is 24 random bytes (32 url-safe characters), 192 bits that no search can cover, so
    a slow password hash would add nothing but time on every request; what matters is that the
    store holds no token a browser could present."""
    return hashlib.sha256(token.encode()).hexdigest()


def utc_day(when: float) -> str:
    """The UTC date of a moment, as daily deals name their day."""
    return time.strftime("%Y-%m-%d", time.gmtime(when))


@dataclass(frozen=True)
class FinishedAttempt:
    """A counted attempt a statement just finished (``Transaction.end_attempt``, ``finish_attempt``)."""

    day: str
    level: str
    lost: int  # 0 won, 1 lost: the leaderboard's first key
    sets_left: int
    face_down: int
    moves: int
    ranked: bool  # neither assisted nor standing apart: counted in its leaderboard's tally


@dataclass(frozen=True)
class AttemptEnd:
    """How a counted attempt ended, as the play layer measured it (spider/play/attempts.py)."""

    lost: bool
    moves: int  # every action of the attempt, undos and undone ones included
    seconds: float  # server time from its first accepted action to its end
    sets_left: int
    face_down: int
    standing: str  # ranked | new | review (DailyResult.standing), unless assisted
    pace: float | None


class ClubTransaction(Protocol):
    """Club statements the play layer runs in one transaction (``Store.club_transaction``); the store
    decides nothing here: who may make, join or leave a club, and who takes it over, is the play layer's."""

    def claim_player(self, player: str, now: float) -> None:
        """Make the player known, and hold their row to the end of the transaction. First."""

    def clubs_of(self, player: str) -> int:
        """How many clubs the player is in."""

    def club(self, club: str) -> Club | None: ...

    def club_of_invite(self, invite: str) -> Club | None: ...

    def is_member(self, club: str, player: str) -> bool: ...

    def add_club(self, club: Club) -> None:
        """The club, with its owner as its first member (joined at its making)."""

    def add_member(self, club: str, player: str, now: float) -> None: ...

    def remove_member(self, club: str, player: str) -> bool:
        """False when the player was not in the club."""

    def members(self, club: str) -> list[ClubMember]:
        """The members, in the order they joined."""

    def remove_club(self, club: str) -> None: ...

    def set_owner(self, club: str, owner: str) -> None: ...

    def set_invite(self, club: str, owner: str, invite: str) -> bool:
        """The club's new invite, if ``owner`` (as the caller read it) still owns it."""


class Transaction(Protocol):
    """Statements the caller runs in one transaction it opened (``Store.transaction``): all are
    written or none. The store decides nothing here: the play layer says what to write."""

    def claim_player(self, player: str, now: float) -> None:
        """Make the player known, and hold their row to the end of the transaction (one new game
        of a player at a time, never one for a player being expired). First, before the rest."""

    def create_game(self, row: GameRow, actions: list[tuple[str, float]], now: float, if_new: bool = False) -> bool:
        """Save a new game with its first (action, elapsed seconds) pairs as the player's current
        one (the caller ended the previous one first: ``end_game``). When a game of that id exists
        (anyone's): with ``if_new``, False, that game left as it is and nothing written; else StoreError."""

    def end_game(self, game_id: str, status: str, now: float) -> None:
        """An unfinished game ends as the play layer says (lost or abandoned), at ``now``."""

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> bool:
        """As ``Store.append_actions``, inside this transaction."""

    def active_game(self, player: str) -> GameRow | None:
        """The player's game in play, if any (read within the transaction)."""
        ...

    def load_actions(self, row: GameRow) -> None:
        """``Store.load_actions`` within the transaction."""
        ...

    def action_moments(self, game_id: str) -> list[float]:
        """The server's moments of the game's actions, in order (those logged before they were kept left out)."""
        ...

    def player_history(self, player: str, before: float) -> tuple[float | None, bool]:
        """When the player was first seen, and whether they finished a game (won, or lost with an
        action played) before ``before``."""
        ...

    def deal_created(self, day: str, level: str) -> float | None:
        """When the day's deal of the level was made."""
        ...

    def start_attempt(self, day: str, level: str, player: str, game_id: str) -> None:
        """Make ``game_id`` the player's counted attempt at the deal, unless they have one."""

    def finish_attempt(self, game_id: str, end: AttemptEnd, now: float, since: str) -> list[FinishedAttempt]:
        """Finish the counted attempt (of a day ``since`` or later) played in the game as ``end``
        says (an assisted one stays apart whatever ``end.standing``); the attempts it finished."""

    def count_result(self, attempt: FinishedAttempt) -> None:
        """Count a finished attempt in its leaderboard's tally (``daily_tally``), by which ranks are read."""


class StoreError(Exception):
    """What the database refused or failed (a damaged or full file, a statement it would not run),
    in place of its driver's error (sqlite3's, psycopg's), which stays the cause: callers, the
    operators' commands among them, need no driver of their own. Its message is one line."""


class StoreBusy(StoreError):
    """The database stayed locked by another connection longer than the store will wait (or could
    not be reached for a moment); nothing was written, and the same call may succeed a moment later."""


class StoreUnavailable(StoreError):
    """The store cannot be opened at all (no server answers, a bad address, a file that is no
    database): one line for the user."""


def first_line(err: BaseException) -> str:
    """An error's message as one line (a driver's may hold several)."""
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


class PlayerStore(Protocol):
    """Players and their settings, by their id (``token_hash`` of their token)."""

    def player_settings(self, player: str) -> dict[str, Any] | None:
        """The player's saved settings, or None for a player never seen."""

    def token_player(self, token_hash: str) -> tuple[str, dict[str, Any]] | None:
        """The player a browser's token names, by the token's hash (``token_hash``: their first
        token's, which is their id, or one a transfer code linked to them), with their saved
        settings; None for a token the store never issued."""

    def save_settings(self, player: str, settings: dict[str, Any], now: float) -> None:
        """Save the player's settings, making the player known (as of ``now``) if they were not."""

    def add_player(self, player: str, now: float) -> None:
        """Remember a newly issued player token, made ``now`` (only tokens the store knows are accepted)."""

    def player_created(self, player: str) -> float | None:
        """When the player was first seen; None for a player never seen."""

    def expire_players(self, before: float) -> int:
        """Forget the players made before ``before`` (seconds since 1970) that have no game and no
        settings: nothing of theirs is lost. Safe to run from several processes at once. Returns
        how many were forgotten."""


class GameStore(Protocol):
    """Games as action logs, a player's current one and their finished ones."""

    def transaction(self) -> AbstractContextManager[Transaction]:
        """Statements in one transaction: committed when the block ends, rolled back if it raises."""

    def create_game(self, row: GameRow, actions: list[tuple[str, float]] | None = None) -> None:
        """Save a new game with its first (action, elapsed seconds) pairs and make it the player's
        current one, all in one transaction, at ``row.created``. Ending the previous unfinished game
        (lost or abandoned) and a daily attempt are the play layer's (``transaction``: ``end_game``)."""

    def current_game(self, player: str) -> GameRow | None:
        """The player's active game, its log not loaded (``load_actions``)."""

    def get_game(self, player: str, game_id: str) -> GameRow | None:
        """One of the player's games, its log not loaded (``load_actions``)."""

    def load_actions(self, row: GameRow) -> None:
        """Read the game's log up to ``row.version`` into ``row.actions`` and ``row.times`` (so the
        log always matches the row, whatever was appended since it was read)."""

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> bool:
        """Append (action, elapsed seconds) pairs in one transaction, durably before returning, if
        the game is still active at ``row.version``, and save its outcome fields from ``row``, heard of
        ``now``;
        False when another writer got there first (nothing is written then). On True the row has
        the pairs appended and its version advanced. A daily attempt is the caller's (``transaction``)."""

    def append_practice(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> GameRow | None:
        """As ``append_actions``, for a caller that knows the game from a cache, not from the store:
        only if it is ``row.player``'s, active, of no daily deal and at ``row.version`` (its timer
        never going back); the game's row as it is after the write, read in the same statement, or
        None, and nothing written."""

    def save_clock(self, player: str, game_id: str, elapsed: float, now: float) -> None:
        """Keep the game's timer (never backwards) and that the server heard of it ``now``."""

    def mark_assisted(self, player: str, game_id: str) -> None:
        """Count the game apart in the statistics: the solver was asked about it."""

    def mark_helped(self, player: str, game_id: str) -> None:
        """An undo or a hint was played or given in the game being played: a win of it is not perfect."""

    def finished_games(self, player: str, level: str) -> list[GameRow]:
        """Won and lost games of a level, oldest first (actions not loaded)."""

    def finished_page(self, player: str, level: str | None, offset: int, limit: int) -> tuple[list[GameRow], int]:
        """A page of the player's won and lost games (of ``level``, or of every level), newest
        first, without their actions; and how many there are in all."""

    def delete_finished(self, player: str) -> int:
        """Forget the player's finished games (won, lost, abandoned) with their actions and reviews, so that
        their statistics start again; the unfinished game stays. Returns how many were deleted."""


class ReviewStore(Protocol):
    """Finished games' reviews, computed once."""

    def save_review(self, player: str, game_id: str, review: dict[str, Any], now: float) -> bool:
        """Keep the review of the player's finished game (docs/FORMATS.md, Game review); False, and
        nothing written, when the game is not theirs, not finished, or already has one."""

    def get_review(self, player: str, game_id: str) -> dict[str, Any] | None:
        """The stored review of the player's game, or None."""


class WinnableStore(Protocol):
    """The pool of deals the solver proved winnable."""

    def add_winnable(self, level: str, code: str, line: list[str], grade: str) -> None:
        """Keep a deal the solver proved winnable (``line`` wins it from the start), of ``grade``."""

    def take_winnable(self, level: str, grade: str | None = None) -> tuple[str, str | None] | None:
        """Hand out (and forget) one proved-winnable deal of a level (of ``grade``, else of any),
        as its code and grade (None: kept before grades), or None when none is ready."""

    def count_winnable(self, level: str, grade: str | None = None) -> int:
        """The ready deals of ``level`` (of ``grade`` only, when given)."""


class SiteStore(Protocol):
    """The site's own values (its secret, kept once)."""

    def site_value(self, key: str, default: str) -> str:
        """The site's value under ``key``, storing ``default`` first when there is none (of two
        processes doing so at once, both get the one stored first)."""


class DailyStore(Protocol):
    """Daily deals, the players' counted attempts and the leaderboards."""

    def daily_deal(self, day: str, level: str) -> DailyDeal | None: ...

    def daily_deals(self, day: str) -> list[DailyDeal]: ...

    def add_daily_deal(self, deal: DailyDeal, now: float) -> DailyDeal:
        """Keep a day's deal unless one is kept already; the one kept (the first written wins)."""

    def daily_result(self, day: str, level: str, player: str) -> DailyResult | None:
        """The player's counted attempt at a daily deal, as the play layer started and finished it
        (``Transaction``); ``mark_assisted`` marks it too."""

    def daily_results(self, player: str, first_day: str, last_day: str) -> list[DailyResult]:
        """The player's counted attempts from ``first_day`` to ``last_day`` (inclusive), by day."""

    def daily_games(self, player: str, day: str) -> list[GameRow]:
        """The player's games of the day's daily deals, oldest first (actions not loaded)."""

    def daily_rank(self, result: DailyResult) -> int | None:
        """The result's rank on its deal's leaderboard; None when it is not ranked (still being
        played, or assisted)."""

    def daily_board(self, day: str, level: str, player: str, top: int = 50, around: int = 2) -> DailyBoard:
        """The deal's leaderboard: finished, unassisted results standing ranked, in the order of
        docs/RULES.md (Fair play); ``around`` ranked results each side of the player's; the others apart."""

    def under_review(self, limit: int = 100) -> list[DailyResult]:
        """Finished results standing "review", oldest first."""

    def settle_review(self, day: str, level: str, player: str, ranked: bool) -> bool:
        """An operator's word on a result under review: ranked (counted in its tally) or withheld
        (apart for good); False, and nothing written, when it is not under review."""


class ClubStore(Protocol):
    """Clubs, their members and their boards."""

    def club_transaction(self) -> AbstractContextManager[ClubTransaction]:
        """Club statements in one transaction: all are written or none (spider/play/clubs.py decides)."""

    def club(self, club: str) -> Club | None: ...

    def player_clubs(self, player: str) -> list[Club]:
        """The clubs the player is in, in the order they joined them."""

    def is_member(self, club: str, player: str) -> bool: ...

    def club_members(self, club: str) -> list[ClubMember]:
        """The members, in the order they joined."""

    def club_results(self, club: str, first_day: str, last_day: str) -> list[DailyResult]:
        """The members' counted attempts from ``first_day`` to ``last_day``, by player and day."""

    def club_board(self, club: str, day: str, level: str, player: str, top: int = 50, around: int = 2) -> DailyBoard:
        """As ``daily_board``, among the club's members only (ranks among them); ``you`` is None
        unless ``player`` is a member."""


class NameStore(Protocol):
    """Display names, their look-alike keys and the operators' flags."""

    def player_name(self, player: str) -> str | None:
        """The display name the player chose, or None."""

    def set_player_name(
        self, player: str, name: str | None, public: str, now: float, keys: tuple[str, str] | None = None
    ) -> bool:
        """Choose (or with None, clear) the player's display name; ``public`` is their public id.
        ``keys``: the name's look-alike keys (daily/confusables.py). False, and nothing written, when
        another player's name has either key; a player's own name (same keys) keeps its flag."""

    def hide_name(self, public_or_token: str) -> bool:
        """Clear an operator-hidden player's chosen name (by their public id, or a token of theirs:
        kept hashed, it is hashed first); False when no such player has one."""

    def named_players(self, checked: str) -> list[tuple[str, str]] | None:
        """Every chosen name as (token, name), or None if the names were last checked under the rules
        ``checked`` names (flag_names)."""

    def flag_names(self, rows: list[tuple[str, str, str, str | None]], checked: str) -> None:
        """Keep each (token, folded key, skeleton key, flag) and that the names are checked under ``checked``."""

    def player_names(self, flagged: bool = False) -> list[tuple[str | None, str, str | None]]:
        """The chosen names as (public id, name, flag), by name; only the flagged ones if ``flagged``."""

    def unflag_name(self, public_or_token: str) -> bool:
        """Accept a flagged name as it is; False when no such player has a flagged name."""


class TransferStore(Protocol):
    """Transfer codes that link another browser to a player."""

    def add_transfer(self, code_hash: str, player: str, expires: float, now: float) -> None:
        """Keep a transfer code (its hash) that links another browser to ``player`` until
        ``expires``, forgetting the codes expired by ``now``."""

    def take_transfer(self, code_hash: str, now: float, browser: str | None = None) -> str | None:
        """The player a transfer code links to, forgetting the code (it works once); None when it
        is unknown or expired. ``browser``: the hash of the linked browser's new token, kept as
        another token of the player (``token_player``) in the same transaction."""


class Store(
    PlayerStore,
    GameStore,
    ReviewStore,
    WinnableStore,
    SiteStore,
    DailyStore,
    ClubStore,
    NameStore,
    TransferStore,
    Protocol,
):
    """Every repository on one object, as each back end is (``open_store``): a caller may ask for the
    narrow protocol it uses (a ``DailyStore``), and is handed the whole store."""

    def close(self) -> None: ...
