"""The SQLite store: one file, one connection, each write its own transaction.

WAL journal with synchronous=NORMAL: a committed action survives the process being killed at any
moment (it is in the WAL before the response is sent); only a power cut may lose the last ones.
While another connection holds the write lock, a call waits at most BUSY_TIMEOUT and then raises
StoreBusy instead of hanging the request. The queries are the shared ones (``queries.py``), the
schema the shared list of steps (``schema.py``); this module has the connection and its lock, and
sqlite3's side of the seam (``dialect.py``)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import schema
from .base import StoreBusy, StoreError, StoreUnavailable, first_line
from .dialect import Params
from .queries import Queries

BUSY_TIMEOUT = 2.0  # seconds a call waits for a lock held elsewhere before StoreBusy

# PRAGMA application_id of a file whose user_version counts the steps of schema.MIGRATIONS (a file
# of an older release has 0, and its own numbering: schema.LEGACY)
APPLICATION_ID = 0x53504452


def _sha256(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


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
        try:
            self._open(path)
        except StoreError as err:
            if isinstance(err, StoreBusy) or not isinstance(err.__cause__, sqlite3.Error):
                raise
            hint = "" if isinstance(err.__cause__, sqlite3.OperationalError) else " (is it a Spider SQLite file?)"
            raise StoreUnavailable(f"{err}{hint}") from err.__cause__
        except sqlite3.Error as err:  # the connection itself
            raise StoreUnavailable(first_line(err)) from err

    def _open(self, path: str) -> None:
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
        self._db.create_function(schema.SQLITE_SHA256, 1, _sha256, deterministic=True)
        self._migrate()

    def _migrate(self) -> None:
        """Bring the file up to date: the steps it lacks, all in one transaction (a file of an older
        release first read in its own numbering)."""
        steps = schema.MIGRATIONS
        with self._transaction() as db:
            applied = self._applied(db)
            for step in steps[applied:]:
                for statement in schema.statements(step, "sqlite"):
                    self._db.execute(statement)
            if applied < len(steps) or db.one("PRAGMA application_id") != (APPLICATION_ID,):
                self._db.execute(f"PRAGMA user_version = {max(applied, len(steps))}")
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    def _applied(self, db: SQLiteStatements) -> int:
        """How many of schema.MIGRATIONS the file has."""
        found = db.one("PRAGMA user_version")
        version = int(found[0]) if found else 0
        if db.one("PRAGMA application_id") == (APPLICATION_ID,):
            return version
        if db.one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'players'") is None:
            return 0  # a new file
        return schema.LEGACY["sqlite"][version]

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
                _raise_mapped(err)
                raise
        return self._statements

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, _: object) -> None:
        try:
            if self._begin:
                self._db.execute("ROLLBACK" if exc_type else "COMMIT")
        except BaseException as err:
            _raise_mapped(err)
            raise
        finally:
            self._lock.release()
        if exc is not None:
            _raise_mapped(exc)


def _raise_mapped(err: BaseException) -> None:
    """The store's error in place of sqlite3's: StoreBusy when another connection held the file's
    lock too long, else StoreError."""
    if isinstance(err, sqlite3.OperationalError) and ("locked" in str(err) or "busy" in str(err)):
        raise StoreBusy() from err
    if isinstance(err, sqlite3.Error):
        raise StoreError(first_line(err)) from err
