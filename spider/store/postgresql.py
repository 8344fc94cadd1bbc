"""The PostgreSQL store: one database shared by any number of app processes and hosts.

psycopg 3 with a connection pool (psycopg_pool); every call is one statement, or one transaction
of several, on a pooled connection, committed (so durable, with PostgreSQL's default
synchronous_commit) before it returns. The schema is versioned in the table ``spider_schema``
and brought up to date at start under an advisory lock, so workers starting together apply each
step once. A call that waits too long for a connection or a lock, or finds the server gone, raises
StoreBusy (the app answers 503); a retried action then meets the version check, so it is never
applied twice.

The queries are the shared ones (``queries.py``); this module has the pool, the migrations' lock,
the mapping of errors, and psycopg's side of the seam (``dialect.py``), with the one statement an
action's write is here."""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from .base import GAME_COLUMNS, GameRow, StoreBusy, StoreError, StoreUnavailable, first_line
from .dialect import Params, Statements
from .postgresql_schema import migrate
from .queries import MOVE_ON, PRACTICE_MOVE_ON, Queries, move_on_params, practice_params

POOL_SIZE = 10  # connections per app process; the thread pool that runs the routes is larger
WAIT = 2.0  # seconds a call waits for a pooled connection, or for a row another call holds
CONNECT_TIMEOUT = 5  # seconds to reach the server at start
# A pooled connection is checked when handed out if it was not in the last CHECK_EVERY seconds: a
# check per checkout was a round trip for every call (3 of an action's 9).
CHECK_EVERY = 10.0
EXPIRY_TRIES = 3  # an expiry that met a new game tries again (each try sees the games committed before it)

# An action's write in one statement: the game's row moved on at the version the player saw, and
# the new log rows for it (none when the UPDATE matched no row).
APPEND = f"""
WITH moved AS ({MOVE_ON} RETURNING id)
INSERT INTO actions (game, seq, action, elapsed, at)
SELECT moved.id, %s + log.n - 1, log.action, log.elapsed, %s
FROM moved, unnest(%s::text[], %s::double precision[]) WITH ORDINALITY AS log (action, elapsed, n)
"""

# A practice batch's write (``append_practice``) in one statement too, the game's row read back from it
APPEND_PRACTICE = f"""
WITH moved AS ({PRACTICE_MOVE_ON}), logged AS (
INSERT INTO actions (game, seq, action, elapsed, at)
SELECT moved.id, %s + log.n - 1, log.action, log.elapsed, %s
FROM moved, unnest(%s::text[], %s::double precision[]) WITH ORDINALITY AS log (action, elapsed, n))
SELECT {GAME_COLUMNS} FROM moved
"""


class PostgresStatements(psycopg.Cursor[tuple[Any, ...]]):
    """psycopg's side of the seam: a pooled connection's cursor runs the shared SQL (as a cursor of
    its own kind, not a wrapper around one: an object and a call fewer on every call's path)."""

    def one(self, sql: str, params: Params = ()) -> tuple[Any, ...] | None:
        return self.execute(sql, params).fetchone()

    def all(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        return self.execute(sql, params).fetchall()

    def write(self, sql: str, params: Params = ()) -> int:
        return self.execute(sql, params).rowcount

    def many(self, sql: str, rows: list[Params]) -> None:
        self.executemany(sql, rows)


class PostgresStore(Queries):
    # the player's row, made or locked in one statement: one new game of a player at a time (so two
    # at once never leave two active games), and never one for a player being expired
    CLAIM_PLAYER = "DO UPDATE SET created = players.created"
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"  # two workers taking a deal at once get two, neither waits
    PARAMETERS = 65535  # the protocol's bound (a 16-bit count)

    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        try:
            with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT) as conn:
                migrate(conn)
        except psycopg.Error as err:
            raise StoreUnavailable(first_line(err)) from None
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=WAIT,
            kwargs={"connect_timeout": CONNECT_TIMEOUT, "autocommit": True, "cursor_factory": PostgresStatements},
            configure=_configure,
            check=NowAndThen(CHECK_EVERY),  # a connection the server dropped is replaced, not used
            name="spider-store",
            open=True,
        )

    # ----- the primitives of the shared queries (dialect.py) ---------------------------------

    @contextmanager
    def _session(self) -> Iterator[PostgresStatements]:
        """A pooled connection's cursor whose every statement commits on its own (one round trip for a read)."""
        try:
            with self._pool.connection() as conn, conn.cursor() as cur:
                # a PostgresStatements, as the pool's connections make them (cursor_factory); not
                # typing.cast, a call on every call's path
                yield cur  # type: ignore[misc]
        except (PoolTimeout, psycopg.errors.LockNotAvailable, psycopg.OperationalError) as err:
            raise StoreBusy() from err
        except psycopg.Error as err:
            raise StoreError(first_line(err)) from err

    @contextmanager
    def _transaction(self) -> Iterator[PostgresStatements]:
        with self._session() as db, db.connection.transaction():
            yield db

    def _encode(self, value: object) -> object:
        return Jsonb(value)

    def _decode(self, value: Any) -> Any:
        return value  # psycopg reads JSONB as Python values

    # ----- what PostgreSQL does its own way --------------------------------------------------

    def _appending(self) -> AbstractContextManager[Statements]:
        # the append is one statement, so its own transaction (in ``transaction()`` it is that one's)
        return self._session()

    def _append_log(self, db: Statements, row: GameRow, actions: list[tuple[str, float]], now: float) -> bool:
        # One statement, so one round trip: the log's rows are inserted only for a game the UPDATE
        # moved on. Of two writers at one version, the second waits for the first's commit, then
        # finds the version moved on and writes nothing: no fork.
        log = ([a for a, _ in actions], [t for _, t in actions])
        logged = db.write(APPEND, (*move_on_params(row, actions, now), row.version, now, *log))
        return logged == len(actions)

    def append_practice(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> GameRow | None:
        log = ([a for a, _ in actions], [t for _, t in actions])
        with self._session() as db:
            found = db.one(APPEND_PRACTICE, (*practice_params(row, actions, now), row.version, now, *log))
        return None if found is None else self._game(found)

    def expire_players(self, before: float) -> int:
        for _ in range(EXPIRY_TRIES):
            try:
                return super().expire_players(before)
            except StoreError as err:
                if not isinstance(err.__cause__, psycopg.errors.ForeignKeyViolation):
                    raise
                # a first game of one of them was committed after the statement began (create_game
                # holds the player's row meanwhile): the foreign key kept them; again, seeing the game
                continue
        return 0

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
