"""The PostgreSQL store: one database shared by any number of app processes and hosts.

psycopg 3 with a connection pool (psycopg_pool); every call is one statement, or one transaction
of several, on a pooled connection, committed (so durable, with PostgreSQL's default
synchronous_commit) before it returns. The schema is versioned in the table ``spider_migrations``
and brought up to date at start under an advisory lock, so workers starting together apply each
step once. A call that waits too long for a connection or a lock, or finds the server gone, raises
StoreBusy (the app answers 503); a retried action then meets the version check, so it is never
applied twice."""

from __future__ import annotations

import json
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from .base import GAME_COLUMNS, GameRow, StoreBusy, StoreUnavailable, game_row, new_game_values
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
from .postgresql_schema import migrate

POOL_SIZE = 10  # connections per app process; the thread pool that runs the routes is larger
WAIT = 2.0  # seconds a call waits for a pooled connection, or for a row another call holds
CONNECT_TIMEOUT = 5  # seconds to reach the server at start
# A pooled connection is checked when handed out if it was not in the last CHECK_EVERY seconds: a
# check per checkout was a round trip for every call (3 of an action's 9).
CHECK_EVERY = 10.0
EXPIRY_TRIES = 3  # an expiry that met a new game tries again (each try sees the games committed before it)

_PLACEHOLDERS = ", ".join(["%s"] * len(GAME_COLUMNS.split(",")))

# An action's write: the game's row moved on at the version the player saw, and the new log rows
# for it (none when the UPDATE matched no row).
APPEND = """
WITH moved AS (
    UPDATE games SET version = version + %s, status = %s, elapsed = %s, moves = %s, score = %s,
        finished = %s, seen = %s
    WHERE id = %s AND player = %s AND version = %s AND status = 'active'
    RETURNING id
)
INSERT INTO actions (game, seq, action, elapsed)
SELECT moved.id, %s + log.n - 1, log.action, log.elapsed
FROM moved, unnest(%s::text[], %s::double precision[]) WITH ORDINALITY AS log (action, elapsed, n)
"""


class PostgresStore(DailyQueries):
    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        try:
            with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT) as conn:
                migrate(conn)
        except psycopg.Error as err:
            raise StoreUnavailable(_first_line(err)) from None
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=WAIT,
            kwargs={"connect_timeout": CONNECT_TIMEOUT, "autocommit": True},
            configure=_configure,
            check=NowAndThen(CHECK_EVERY),  # a connection the server dropped is replaced, not used
            name="spider-store",
            open=True,
        )

    @contextmanager
    def _cursor(self) -> Iterator[psycopg.Cursor[Any]]:
        """A cursor whose every statement commits on its own (one round trip for a read)."""
        try:
            with self._pool.connection() as conn, conn.cursor() as cur:
                yield cur
        except (PoolTimeout, psycopg.errors.LockNotAvailable, psycopg.OperationalError) as err:
            raise StoreBusy() from err

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Cursor[Any]]:
        """A cursor in one transaction: committed when the block ends, rolled back if it raises."""
        with self._cursor() as cur, cur.connection.transaction():
            yield cur

    # ----- players ---------------------------------------------------------------------------

    def player_settings(self, player: str) -> dict[str, Any] | None:
        with self._cursor() as cur:
            found = cur.execute("SELECT settings FROM players WHERE token = %s", (player,)).fetchone()
        return None if found is None else found[0]

    def save_settings(self, player: str, settings: dict[str, Any]) -> None:
        with self._cursor() as cur:
            cur.execute(
                "INSERT INTO players (token, settings, created) VALUES (%s, %s, %s)"
                " ON CONFLICT (token) DO UPDATE SET settings = excluded.settings",
                (player, Jsonb(settings), time.time()),
            )

    def add_player(self, player: str) -> None:
        with self._cursor() as cur:
            _ensure_player(cur, player)

    def expire_players(self, before: float) -> int:
        for _ in range(EXPIRY_TRIES):
            try:
                with self._cursor() as cur:
                    cur.execute(
                        "DELETE FROM players p WHERE p.created < %s AND p.settings = '{}'::jsonb"
                        " AND NOT EXISTS (SELECT 1 FROM games g WHERE g.player = p.token)",
                        (before,),
                    )
                    return cur.rowcount
            except psycopg.errors.ForeignKeyViolation:
                # a first game of one of them was committed after the statement began (create_game
                # holds the player's row meanwhile): the foreign key kept them; again, seeing the game
                continue
        return 0

    # ----- games -----------------------------------------------------------------------------

    def create_game(self, row: GameRow, actions: list[tuple[str, float]] | None = None) -> None:
        now = time.time()
        actions = actions or []
        with self._transaction() as cur:
            # the player's row, made or locked in one statement: one new game of a player at a time (so
            # two at once never leave two active games), and never one for a player being expired
            cur.execute(
                "INSERT INTO players (token, created) VALUES (%s, %s)"
                " ON CONFLICT (token) DO UPDATE SET created = players.created",
                (row.player, now),
            )
            _count(cur, cur.execute(END_ATTEMPT, end_attempt_params(row.player, now)).fetchall())
            cur.execute(
                "UPDATE games SET status = CASE WHEN version > 0 THEN 'lost' ELSE 'abandoned' END, finished = %s"
                " WHERE player = %s AND status = 'active'",
                (now, row.player),
            )
            deck = Jsonb(row.deck) if row.deck is not None else None
            cur.execute(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({_PLACEHOLDERS})", new_game_values(row, actions, now, deck)
            )
            _insert_actions(cur, row.id, 0, actions)
            if row.daily is not None:
                cur.execute(START_ATTEMPT, (row.daily, row.level, row.player, row.id))
        row.appended(actions)

    def current_game(self, player: str) -> GameRow | None:
        with self._cursor() as cur:
            found = cur.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player = %s AND status = 'active'"
                " ORDER BY created DESC LIMIT 1",
                (player,),
            ).fetchone()
        return None if found is None else game_row(found, found[5])

    def get_game(self, player: str, game_id: str) -> GameRow | None:
        with self._cursor() as cur:
            found = cur.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player = %s AND id = %s", (player, game_id)
            ).fetchone()
        return None if found is None else game_row(found, found[5])

    def load_actions(self, row: GameRow) -> None:
        with self._cursor() as cur:
            log = cur.execute(
                "SELECT action, elapsed FROM actions WHERE game = %s AND seq < %s ORDER BY seq", (row.id, row.version)
            ).fetchall()
        row.read_log(log)

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]]) -> bool:
        if not actions:
            return True
        # A daily game's last action also finishes its counted attempt, in the same transaction.
        finishing = finishes_attempt(row)
        with self._transaction() if finishing else self._cursor() as cur:
            # One statement, so one round trip (and its own transaction): the log's rows are inserted
            # only for a game the UPDATE moved on. Of two writers at one version, the second waits for
            # the first's commit, then finds the version moved on and writes nothing: no fork.
            cur.execute(
                APPEND,
                (
                    *(len(actions), row.status, actions[-1][1], row.moves, row.score, row.finished, time.time()),
                    *(row.id, row.player, row.version),
                    *(row.version, [action for action, _ in actions], [t for _, t in actions]),
                ),
            )
            if cur.rowcount != len(actions):
                return False
            if finishing:
                _count(
                    cur, cur.execute(FINISH_ATTEMPT, finish_attempt_params(row, actions[-1][1], time.time())).fetchall()
                )
        row.appended(actions)
        return True

    def save_clock(self, player: str, game_id: str, elapsed: float) -> None:
        with self._cursor() as cur:
            cur.execute(
                "UPDATE games SET elapsed = GREATEST(elapsed, %s), seen = %s"
                " WHERE id = %s AND player = %s AND status = 'active'",
                (elapsed, time.time(), game_id, player),
            )

    def mark_assisted(self, player: str, game_id: str) -> None:
        with self._cursor() as cur:
            cur.execute("UPDATE games SET assisted = TRUE WHERE id = %s AND player = %s", (game_id, player))
            cur.execute(ASSIST_ATTEMPT, (True, game_id, player))

    def finished_games(self, player: str, level: str) -> list[GameRow]:
        with self._cursor() as cur:
            found = cur.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player = %s AND level = %s AND status IN ('won', 'lost')"
                " ORDER BY finished NULLS FIRST, created",
                (player, level),
            ).fetchall()
        return [game_row(r, r[5]) for r in found]

    def finished_page(self, player: str, level: str | None, offset: int, limit: int) -> tuple[list[GameRow], int]:
        where = "player = %s AND status IN ('won', 'lost')" + (" AND level = %s" if level else "")
        params: tuple[Any, ...] = (player, level) if level else (player,)
        with self._transaction() as cur:
            total = cur.execute(f"SELECT count(*) FROM games WHERE {where}", params).fetchone()
            found = cur.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {where}"
                " ORDER BY finished DESC NULLS LAST, created DESC LIMIT %s OFFSET %s",
                (*params, limit, offset),
            ).fetchall()
        return [game_row(r, r[5]) for r in found], int(total[0]) if total else 0

    def delete_finished(self, player: str) -> int:
        finished = "FROM games WHERE player = %s AND status != 'active'"
        with self._transaction() as cur:
            cur.execute(f"DELETE FROM actions WHERE game IN (SELECT id {finished})", (player,))
            cur.execute(f"DELETE FROM reviews WHERE game IN (SELECT id {finished})", (player,))
            cur.execute(f"DELETE {finished}", (player,))
            return cur.rowcount

    # ----- reviews ---------------------------------------------------------------------------

    def save_review(self, player: str, game_id: str, review: dict[str, Any]) -> bool:
        with self._cursor() as cur:
            cur.execute(
                "INSERT INTO reviews (game, review, created)"
                " SELECT id, %s, %s FROM games WHERE id = %s AND player = %s AND status != 'active'"
                " ON CONFLICT (game) DO NOTHING",
                (Jsonb(review), time.time(), game_id, player),
            )
            return cur.rowcount == 1

    def get_review(self, player: str, game_id: str) -> dict[str, Any] | None:
        with self._cursor() as cur:
            found = cur.execute(
                "SELECT r.review FROM reviews r JOIN games g ON g.id = r.game WHERE r.game = %s AND g.player = %s",
                (game_id, player),
            ).fetchone()
        return None if found is None else cast("dict[str, Any]", found[0])

    # ----- deals proved winnable -------------------------------------------------------------

    def add_winnable(self, level: str, code: str, line: list[str]) -> None:
        with self._cursor() as cur:
            cur.execute(
                "INSERT INTO winnable (code, level, line) VALUES (%s, %s, %s) ON CONFLICT (code) DO NOTHING",
                (code, level, json.dumps(line)),
            )

    def take_winnable(self, level: str) -> str | None:
        with self._cursor() as cur:
            # SKIP LOCKED: two workers taking at once get two different deals, neither waits
            found = cur.execute(
                "DELETE FROM winnable WHERE code = (SELECT code FROM winnable WHERE level = %s"
                " ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING code",
                (level,),
            ).fetchone()
        return None if found is None else found[0]

    def count_winnable(self, level: str) -> int:
        with self._cursor() as cur:
            found = cur.execute("SELECT count(*) FROM winnable WHERE level = %s", (level,)).fetchone()
        return int(found[0]) if found else 0

    # ----- the primitives of the daily deals' queries (DailyQueries) ---------------------------

    def _all(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._cursor() as cur:
            return cur.execute(sql.encode(), params).fetchall()  # our own constant SQL

    def _one(self, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...] | None:
        with self._cursor() as cur:
            return cur.execute(sql.encode(), params).fetchone()

    def _write(self, sql: str, params: tuple[Any, ...]) -> int:
        with self._cursor() as cur:
            return cur.execute(sql.encode(), params).rowcount

    def _encode(self, value: object) -> object:
        return Jsonb(value)

    def _game_rows(self, sql: str, params: tuple[Any, ...]) -> list[GameRow]:
        return [game_row(found, found[5]) for found in self._all(f"SELECT {GAME_COLUMNS} FROM games {sql}", params)]

    def close(self) -> None:
        self._pool.close()


class NowAndThen:
    """The pool's check of a connection it hands out, done only when the last was ``seconds`` ago or
    more: a connection the server dropped since is then found at its next use (StoreBusy, a 503 the
    client may retry), and the pool discards it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._checked: weakref.WeakKeyDictionary[psycopg.Connection[Any], float] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, conn: psycopg.Connection[Any]) -> None:
        now = time.monotonic()
        with self._lock:
            last = self._checked.get(conn)
        if last is not None and now - last < self.seconds:
            return
        ConnectionPool.check_connection(conn)
        with self._lock:
            self._checked[conn] = now


def _configure(conn: psycopg.Connection[Any]) -> None:
    """Each new pooled connection waits at most WAIT for a row lock (then StoreBusy)."""
    conn.execute(f"SET lock_timeout = {int(WAIT * 1000)}")


def _ensure_player(cur: psycopg.Cursor[Any], player: str) -> None:
    cur.execute(
        "INSERT INTO players (token, created) VALUES (%s, %s) ON CONFLICT (token) DO NOTHING", (player, time.time())
    )


def _insert_actions(cur: psycopg.Cursor[Any], game_id: str, first: int, actions: list[tuple[str, float]]) -> None:
    cur.executemany(
        "INSERT INTO actions (game, seq, action, elapsed) VALUES (%s, %s, %s, %s)",
        [(game_id, first + i, action, t) for i, (action, t) in enumerate(actions)],
    )


def _count(cur: psycopg.Cursor[Any], finished: list[tuple[Any, ...]]) -> None:
    """Count the attempts just finished in the leaderboard's tally (spider/store/daily.py)."""
    if ranked := ranked_now(finished):
        cur.executemany(COUNT_RESULT, ranked)


def _first_line(err: Exception) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]
