"""The SQLite store: one file, one connection, each write its own transaction.

WAL journal with synchronous=NORMAL: a committed action survives the process being killed at any
moment (it is in the WAL before the response is sent); only a power cut may lose the last ones.
While another connection holds the write lock, a call waits at most BUSY_TIMEOUT and then raises
StoreBusy instead of hanging the request. The queries are the shared ones (``queries.py``); this
module has the schema, the connection and its lock, and sqlite3's side of the seam (``dialect.py``)."""

from __future__ import annotations

import json
import sqlite3
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from .base import StoreBusy
from .club_copies import sqlite_steps
from .dialect import Params
from .queries import Queries

BUSY_TIMEOUT = 2.0  # seconds a call waits for a lock held elsewhere before StoreBusy

_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    token    TEXT PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}',
    created  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    player   TEXT NOT NULL REFERENCES players(token),
    level    TEXT NOT NULL,
    profile  TEXT NOT NULL,
    code     TEXT,
    deck     TEXT,
    status   TEXT NOT NULL,
    version  INTEGER NOT NULL DEFAULT 0,
    elapsed  REAL NOT NULL DEFAULT 0,
    moves    INTEGER NOT NULL DEFAULT 0,
    score    INTEGER,
    created  REAL NOT NULL,
    finished REAL
);
CREATE INDEX IF NOT EXISTS games_by_player ON games(player, status, created);
CREATE TABLE IF NOT EXISTS winnable (
    code  TEXT PRIMARY KEY,
    level TEXT NOT NULL,
    line  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game    TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    elapsed REAL NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
"""

# Schema upgrades, in order; PRAGMA user_version counts those applied (0: the first schema above).
# A step is a statement, or a tuple of statements applied together.
MIGRATIONS: list[str | tuple[str, ...]] = [
    # 1: games imported with their actions or helped by the solver are counted apart
    "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0",
    # 2: when the server last heard of the game (an action or a timer save), to bound its timer
    "ALTER TABLE games ADD COLUMN seen REAL",
    # 3: a finished game's review, computed once (docs/FORMATS.md, Game review)
    "CREATE TABLE reviews (game TEXT PRIMARY KEY REFERENCES games(id), review TEXT NOT NULL, created REAL NOT NULL)",
    # 4-16: daily deals (docs/RULES.md, Daily deals), display names and transfer codes
    "ALTER TABLE games ADD COLUMN daily TEXT",
    "ALTER TABLE players ADD COLUMN name TEXT",
    "ALTER TABLE players ADD COLUMN public TEXT",
    "CREATE UNIQUE INDEX players_by_public ON players(public) WHERE public IS NOT NULL",
    "CREATE TABLE site (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE daily_deals (day TEXT NOT NULL, level TEXT NOT NULL, deck TEXT NOT NULL, line TEXT NOT NULL,"
    " difficulty TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (day, level))",
    "CREATE TABLE daily_results (day TEXT NOT NULL, level TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL,"
    " state TEXT NOT NULL, lost INTEGER, moves INTEGER NOT NULL DEFAULT 0, seconds REAL NOT NULL DEFAULT 0,"
    " assisted INTEGER NOT NULL DEFAULT 0, finished REAL, PRIMARY KEY (day, level, player))",
    "CREATE INDEX daily_board ON daily_results (day, level, assisted, lost, moves, seconds, finished, player)",
    "CREATE INDEX daily_by_game ON daily_results (game)",
    "CREATE INDEX daily_by_player ON daily_results (player, day)",
    "CREATE TABLE daily_counts (day TEXT NOT NULL, level TEXT NOT NULL, lost INTEGER NOT NULL, moves INTEGER NOT NULL,"
    " n INTEGER NOT NULL, PRIMARY KEY (day, level, lost, moves))",
    "CREATE INDEX games_by_daily ON games (player, daily) WHERE daily IS NOT NULL",
    "CREATE TABLE transfers (code TEXT PRIMARY KEY, player TEXT NOT NULL, expires REAL NOT NULL)",
    # 17: a daily deal's seal: the salt of its fingerprint, its day's key and try (NULL: made before seals)
    "ALTER TABLE daily_deals ADD COLUMN seal TEXT",
    # 18: a display name's look-alike keys (daily/confusables.py), each one indexed lookup, and the
    # operator's flag on a name found breaking the rule (daily/names.py fills both for older names)
    (
        "ALTER TABLE players ADD COLUMN folded TEXT",
        "ALTER TABLE players ADD COLUMN skeleton TEXT",
        "ALTER TABLE players ADD COLUMN name_flag TEXT",
        "CREATE INDEX players_by_folded ON players (folded) WHERE folded IS NOT NULL",
        "CREATE INDEX players_by_skeleton ON players (skeleton) WHERE skeleton IS NOT NULL",
    ),
    # 19: fair play on the daily boards (docs/RULES.md, Fair play): the server's moment of each action, a
    # lost attempt's progress, why a result stands apart, and the tally keyed on the new order.
    (
        "ALTER TABLE actions ADD COLUMN at REAL",
        "ALTER TABLE daily_results ADD COLUMN sets_left INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE daily_results ADD COLUMN face_down INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE daily_results ADD COLUMN standing TEXT NOT NULL DEFAULT 'ranked'",
        "ALTER TABLE daily_results ADD COLUMN pace REAL",
        "CREATE INDEX daily_standing ON daily_results"
        " (day, level, assisted, standing, lost, sets_left, face_down, moves, seconds, finished, player)",
        "CREATE TABLE daily_tally (day TEXT NOT NULL, level TEXT NOT NULL, lost INTEGER NOT NULL,"
        " sets_left INTEGER NOT NULL, face_down INTEGER NOT NULL, moves INTEGER NOT NULL, n INTEGER NOT NULL,"
        " PRIMARY KEY (day, level, lost, sets_left, face_down, moves))",
        "INSERT INTO daily_tally SELECT day, level, lost, sets_left, face_down, moves, count(*) FROM daily_results"
        " WHERE assisted = 0 AND standing = 'ranked' AND lost >= 0"
        " GROUP BY day, level, lost, sets_left, face_down, moves",
        "CREATE INDEX daily_review ON daily_results (finished) WHERE standing = 'review'",
    ),
    # 20: clubs (docs/RULES.md, Boards among friends), and a member's result looked up by (day, level,
    # player) with all a club's board reads of it in the index
    (
        "CREATE TABLE clubs (id TEXT PRIMARY KEY, name TEXT NOT NULL, owner TEXT NOT NULL,"
        " invite TEXT NOT NULL UNIQUE, created REAL NOT NULL)",
        "CREATE TABLE club_members (club TEXT NOT NULL REFERENCES clubs(id), player TEXT NOT NULL,"
        " joined REAL NOT NULL, PRIMARY KEY (club, player)) WITHOUT ROWID",
        "CREATE INDEX club_members_by_player ON club_members (player, club)",
        "CREATE INDEX daily_by_member ON daily_results (day, level, player, assisted, standing, lost, sets_left,"
        " face_down, moves, seconds, finished, state, game, pace)",
    ),
    # 21: each club's copy of its members' results, kept by triggers (club_copies.py)
    sqlite_steps(),
    # 22: graded winnable deals (docs/RULES.md, Grades): a pool deal's grade (NULL: found before
    # grades, handed out only to a request for any grade) and a game's, when its deal was graded
    (
        "ALTER TABLE winnable ADD COLUMN grade TEXT",
        "CREATE INDEX winnable_by_grade ON winnable (level, grade)",
        "ALTER TABLE games ADD COLUMN grade TEXT",
    ),
    # 23: perfect games (docs/RULES.md): whether an undo or a hint helped a game. Games saved before
    # it was kept (or by an older release) count as helped, as no one knows whether a hint helped them
    "ALTER TABLE games ADD COLUMN helped INTEGER NOT NULL DEFAULT 1",
]


@lru_cache(maxsize=256)
def _q(sql: str) -> str:
    """The shared SQL (``%s`` placeholders) in sqlite3's own (``?``), worked out once per statement."""
    return sql.replace("%s", "?")


class SQLiteStatements:
    """sqlite3's side of the seam: its connection runs the shared SQL."""

    __slots__ = ("_db",)

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def one(self, sql: str, params: Params = ()) -> tuple[Any, ...] | None:
        found: tuple[Any, ...] | None = self._db.execute(_q(sql), params).fetchone()
        return found

    def all(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(_q(sql), params).fetchall()

    def write(self, sql: str, params: Params = ()) -> int:
        return self._db.execute(_q(sql), params).rowcount

    def many(self, sql: str, rows: list[Params]) -> None:
        self._db.executemany(_q(sql), rows)


class SQLiteStore(Queries):
    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, check_same_thread=False, isolation_level=None)
        lock = threading.Lock()
        # sqlite3 with isolation_level=None: each statement commits on its own, unless in a BEGIN
        self._one_by_one = _Use(self._db, lock, begin=False)
        # BEGIN IMMEDIATE takes the file's write lock at once, so a transaction never meets another
        # writer half-way (and SQLite has no row locks: CLAIM_PLAYER and SKIP_LOCKED need nothing more)
        self._all_at_once = _Use(self._db, lock, begin=True)
        with self._session():
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Bring a file made by an older version up to date, each step in its own transaction."""
        with self._session():
            applied = self._db.execute("PRAGMA user_version").fetchone()[0]
        for number, step in enumerate(MIGRATIONS[applied:], start=applied + 1):
            with self._transaction():
                for statement in (step,) if isinstance(step, str) else step:
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number}")

    # ----- the primitives of the shared queries (dialect.py) ---------------------------------

    def _session(self) -> _Use:
        return self._one_by_one

    def _transaction(self) -> _Use:
        return self._all_at_once

    def _encode(self, value: object) -> object:
        return json.dumps(value)

    def _decode(self, value: Any) -> Any:
        return None if value is None else json.loads(value)

    def close(self) -> None:
        with self._session():
            self._db.close()


class _Use:
    """A call's use of the connection, as a ``with`` block: by one thread at a time, in one
    transaction if ``begin``; a lock held too long anywhere is StoreBusy. It keeps no state of a
    use, so one serves every call (a class, not a generator: it is on the path of every action)."""

    __slots__ = ("_begin", "_db", "_lock", "_statements")

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock, begin: bool) -> None:
        self._db, self._lock, self._begin = db, lock, begin
        self._statements = SQLiteStatements(db)

    def __enter__(self) -> SQLiteStatements:
        if not self._lock.acquire(timeout=BUSY_TIMEOUT):
            raise StoreBusy()
        if self._begin:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except BaseException as err:
                self._lock.release()
                _raise_busy(err)
                raise
        return self._statements

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, _: object) -> None:
        try:
            if self._begin:
                self._db.execute("ROLLBACK" if exc_type else "COMMIT")
        except BaseException as err:
            _raise_busy(err)
            raise
        finally:
            self._lock.release()
        if exc is not None:
            _raise_busy(exc)


def _raise_busy(err: BaseException) -> None:
    """StoreBusy in place of sqlite3's error when another connection held the file's lock too long."""
    if isinstance(err, sqlite3.OperationalError) and ("locked" in str(err) or "busy" in str(err)):
        raise StoreBusy() from err
