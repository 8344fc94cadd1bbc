"""The SQLite store: one file, one connection, each write its own transaction.

WAL journal with synchronous=NORMAL: a committed action survives the process being killed at any
moment (it is in the WAL before the response is sent); only a power cut may lose the last ones.
While another connection holds the write lock, a call waits at most BUSY_TIMEOUT and then raises
StoreBusy instead of hanging the request."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .base import GAME_COLUMNS, GameRow, StoreBusy, game_row, new_game_values
from .daily import (
    ASSIST_ATTEMPT,
    COUNT_RESULT,
    END_ATTEMPT,
    FINISH_ATTEMPT,
    START_ATTEMPT,
    DailyQueries,
    end_attempt_params,
    finish_attempt_params,
    finishes_attempt,
    ranked_now,
)

BUSY_TIMEOUT = 2.0  # seconds a call waits for a lock held elsewhere before StoreBusy
_PLACEHOLDERS = ", ".join(["?"] * len(GAME_COLUMNS.split(",")))

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
MIGRATIONS = [
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
]


def _q(sql: str) -> str:
    """The shared SQL (``%s`` placeholders) in sqlite3's own (``?``)."""
    return sql.replace("%s", "?")


class SQLiteStore(DailyQueries):
    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._guard():
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._migrate()

    def _migrate(self) -> None:
        """Bring a file made by an older version up to date, each step in its own transaction."""
        applied = self._db.execute("PRAGMA user_version").fetchone()[0]
        for number, step in enumerate(MIGRATIONS[applied:], start=applied + 1):
            with self._transaction():
                self._db.execute(step)
                self._db.execute(f"PRAGMA user_version = {number}")

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """This connection to one thread at a time; a lock held too long anywhere is StoreBusy."""
        if not self._lock.acquire(timeout=BUSY_TIMEOUT):
            raise StoreBusy()
        try:
            yield
        except sqlite3.OperationalError as err:
            if "locked" in str(err) or "busy" in str(err):
                raise StoreBusy() from err
            raise
        finally:
            self._lock.release()

    # ----- players ---------------------------------------------------------------------------

    def player_settings(self, player: str) -> dict[str, Any] | None:
        with self._guard():
            row = self._db.execute("SELECT settings FROM players WHERE token = ?", (player,)).fetchone()
        return None if row is None else json.loads(row[0])

    def save_settings(self, player: str, settings: dict[str, Any]) -> None:
        with self._guard():  # one statement: an expiry in another process never falls between two
            self._db.execute(
                "INSERT INTO players (token, settings, created) VALUES (?, ?, ?)"
                " ON CONFLICT (token) DO UPDATE SET settings = excluded.settings",
                (player, json.dumps(settings), time.time()),
            )

    def add_player(self, player: str) -> None:
        with self._guard():
            self._ensure_player(player)

    def expire_players(self, before: float) -> int:
        with self._guard():
            return self._db.execute(
                "DELETE FROM players WHERE created < ? AND settings = '{}' AND name IS NULL"
                " AND NOT EXISTS (SELECT 1 FROM games WHERE games.player = players.token)",
                (before,),
            ).rowcount

    def _ensure_player(self, player: str) -> None:
        self._db.execute("INSERT OR IGNORE INTO players (token, created) VALUES (?, ?)", (player, time.time()))

    # ----- games -----------------------------------------------------------------------------

    def create_game(self, row: GameRow, actions: list[tuple[str, float]] | None = None) -> None:
        now = time.time()
        actions = actions or []
        with self._guard(), self._transaction():
            self._ensure_player(row.player)
            ended = self._db.execute(_q(END_ATTEMPT), end_attempt_params(row.player, now)).fetchall()
            self._db.executemany(_q(COUNT_RESULT), ranked_now(ended))
            self._db.execute(
                "UPDATE games SET status = CASE WHEN version > 0 THEN 'lost' ELSE 'abandoned' END, finished = ?"
                " WHERE player = ? AND status = 'active'",
                (now, row.player),
            )
            self._db.execute(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({_PLACEHOLDERS})",
                new_game_values(row, actions, now, json.dumps(row.deck) if row.deck is not None else None),
            )
            self._insert_actions(row.id, 0, actions)
            if row.daily is not None:
                self._db.execute(_q(START_ATTEMPT), (row.daily, row.level, row.player, row.id))
        row.appended(actions)

    def current_game(self, player: str) -> GameRow | None:
        with self._guard():
            found = self._db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player = ? AND status = 'active'"
                " ORDER BY created DESC LIMIT 1",
                (player,),
            ).fetchone()
        return None if found is None else _row(found)

    def get_game(self, player: str, game_id: str) -> GameRow | None:
        with self._guard():
            found = self._db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player = ? AND id = ?", (player, game_id)
            ).fetchone()
        return None if found is None else _row(found)

    def load_actions(self, row: GameRow) -> None:
        with self._guard():
            log = self._db.execute(
                "SELECT action, elapsed FROM actions WHERE game = ? AND seq < ? ORDER BY seq", (row.id, row.version)
            ).fetchall()
        row.read_log(log)

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]]) -> bool:
        if not actions:
            return True
        elapsed = actions[-1][1]
        with self._guard(), self._transaction():
            updated = self._db.execute(
                "UPDATE games SET version = version + ?, status = ?, elapsed = ?, moves = ?, score = ?, finished = ?,"
                " seen = ?"
                " WHERE id = ? AND player = ? AND version = ? AND status = 'active'",
                (
                    len(actions),
                    row.status,
                    elapsed,
                    row.moves,
                    row.score,
                    row.finished,
                    time.time(),
                    row.id,
                    row.player,
                    row.version,
                ),
            ).rowcount
            if updated != 1:
                return False
            self._insert_actions(row.id, row.version, actions)
            if finishes_attempt(row):
                done = self._db.execute(_q(FINISH_ATTEMPT), finish_attempt_params(row, actions[-1][1], time.time()))
                self._db.executemany(_q(COUNT_RESULT), ranked_now(done.fetchall()))
        row.appended(actions)
        return True

    def _insert_actions(self, game_id: str, first: int, actions: list[tuple[str, float]]) -> None:
        self._db.executemany(
            "INSERT INTO actions (game, seq, action, elapsed) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, action, t) for i, (action, t) in enumerate(actions)],
        )

    def save_clock(self, player: str, game_id: str, elapsed: float) -> None:
        with self._guard():
            self._db.execute(
                "UPDATE games SET elapsed = MAX(elapsed, ?), seen = ?"
                " WHERE id = ? AND player = ? AND status = 'active'",
                (elapsed, time.time(), game_id, player),
            )

    def mark_assisted(self, player: str, game_id: str) -> None:
        with self._guard():
            self._db.execute("UPDATE games SET assisted = 1 WHERE id = ? AND player = ?", (game_id, player))
            self._db.execute(_q(ASSIST_ATTEMPT), (True, game_id, player))

    def finished_games(self, player: str, level: str) -> list[GameRow]:
        with self._guard():
            rows = self._db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player = ? AND level = ? AND status IN ('won', 'lost')"
                " ORDER BY finished, created",
                (player, level),
            ).fetchall()
        return [_row(r) for r in rows]

    def finished_page(self, player: str, level: str | None, offset: int, limit: int) -> tuple[list[GameRow], int]:
        where = "player = ? AND status IN ('won', 'lost')" + (" AND level = ?" if level else "")
        params: tuple[Any, ...] = (player, level) if level else (player,)
        with self._guard():
            total = self._db.execute(f"SELECT count(*) FROM games WHERE {where}", params).fetchone()[0]
            rows = self._db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY finished DESC, created DESC LIMIT ? OFFSET ?",
                (*params, limit, offset),
            ).fetchall()
        return [_row(r) for r in rows], total

    def delete_finished(self, player: str) -> int:
        finished = "FROM games WHERE player = ? AND status != 'active'"
        with self._guard(), self._transaction():
            self._db.execute(f"DELETE FROM actions WHERE game IN (SELECT id {finished})", (player,))
            self._db.execute(f"DELETE FROM reviews WHERE game IN (SELECT id {finished})", (player,))
            return self._db.execute(f"DELETE {finished}", (player,)).rowcount

    # ----- reviews ---------------------------------------------------------------------------

    def save_review(self, player: str, game_id: str, review: dict[str, Any]) -> bool:
        with self._guard():
            return (
                self._db.execute(
                    "INSERT OR IGNORE INTO reviews (game, review, created)"
                    " SELECT id, ?, ? FROM games WHERE id = ? AND player = ? AND status != 'active'",
                    (json.dumps(review), time.time(), game_id, player),
                ).rowcount
                == 1
            )

    def get_review(self, player: str, game_id: str) -> dict[str, Any] | None:
        with self._guard():
            found = self._db.execute(
                "SELECT r.review FROM reviews r JOIN games g ON g.id = r.game WHERE r.game = ? AND g.player = ?",
                (game_id, player),
            ).fetchone()
        return None if found is None else json.loads(found[0])

    # ----- display names and transfer codes -------------------------------------------------

    def player_name(self, player: str) -> str | None:
        with self._guard():
            found = self._db.execute("SELECT name FROM players WHERE token = ?", (player,)).fetchone()
        return None if found is None else found[0]

    def set_player_name(self, player: str, name: str | None, public: str) -> None:
        with self._guard():
            self._db.execute(
                "INSERT INTO players (token, created, name, public) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (token) DO UPDATE SET name = excluded.name, public = excluded.public",
                (player, time.time(), name, public),
            )

    def hide_name(self, public_or_token: str) -> bool:
        with self._guard():
            return (
                self._db.execute(
                    "UPDATE players SET name = NULL WHERE (public = ? OR token = ?) AND name IS NOT NULL",
                    (public_or_token, public_or_token),
                ).rowcount
                > 0
            )

    def add_transfer(self, code_hash: str, player: str, expires: float) -> None:
        now = time.time()
        with self._guard(), self._transaction():
            self._ensure_player(player)
            self._db.execute("DELETE FROM transfers WHERE expires <= ?", (now,))  # the table holds live codes only
            self._db.execute(
                "INSERT INTO transfers (code, player, expires) VALUES (?, ?, ?)", (code_hash, player, expires)
            )

    def take_transfer(self, code_hash: str, now: float) -> str | None:
        with self._guard():
            found = self._db.execute(
                "DELETE FROM transfers WHERE code = ? RETURNING player, expires", (code_hash,)
            ).fetchone()
        return found[0] if found is not None and found[1] > now else None

    # ----- deals proved winnable -------------------------------------------------------------

    def add_winnable(self, level: str, code: str, line: list[str]) -> None:
        with self._guard():
            self._db.execute(
                "INSERT OR IGNORE INTO winnable (code, level, line) VALUES (?, ?, ?)", (code, level, json.dumps(line))
            )

    def take_winnable(self, level: str) -> str | None:
        with self._guard():
            found = self._db.execute(
                "DELETE FROM winnable WHERE code = (SELECT code FROM winnable WHERE level = ?"
                " ORDER BY random() LIMIT 1) RETURNING code",
                (level,),
            ).fetchone()
        return None if found is None else found[0]

    def count_winnable(self, level: str) -> int:
        with self._guard():
            row = self._db.execute("SELECT count(*) FROM winnable WHERE level = ?", (level,)).fetchone()
        return int(row[0])

    # ----- the primitives of the daily deals' queries (DailyQueries) ---------------------------

    def _all(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._guard():
            return self._db.execute(_q(sql), params).fetchall()

    def _one(self, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...] | None:
        with self._guard():
            found: tuple[Any, ...] | None = self._db.execute(_q(sql), params).fetchone()
            return found

    def _write(self, sql: str, params: tuple[Any, ...]) -> int:
        with self._guard():
            return self._db.execute(_q(sql), params).rowcount

    def _encode(self, value: object) -> object:
        return json.dumps(value)

    def _game_rows(self, sql: str, params: tuple[Any, ...]) -> list[GameRow]:
        return [_row(found) for found in self._all(f"SELECT {GAME_COLUMNS} FROM games {sql}", params)]

    def close(self) -> None:
        with self._guard():
            self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *_: object) -> None:
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")


def _row(found: tuple[Any, ...]) -> GameRow:
    deck = found[5]
    return game_row(found, json.loads(deck) if deck else None)
