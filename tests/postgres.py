"""PostgreSQL for the tests: each test gets a schema of its own in a database the tests own, so test
runs going on at once (other checkouts, other suites) never see each other's rows, and nothing of
anyone else's is touched.

The server is ``SPIDER_TEST_POSTGRESQL`` (default ``postgresql://postgres@127.0.0.1:5432/spider_tests``;
the database is made when missing). A server that does not answer fails the tests that need it,
with the reason; only ``SPIDER_TEST_POSTGRESQL=skip`` skips them, on purpose.

A schema's name says which process of which machine made it (``spider_test_<host>_<pid>_<random>``).
A test drops its schemas when it ends, failed or not; at the end of the session the process drops
any of its own that are left (a test stopped half way), and the first schema a process makes
drops those of the processes of this machine that ended without dropping theirs."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from psycopg import conninfo, errors, sql

SERVER_VARIABLE = "SPIDER_TEST_POSTGRESQL"
DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/spider_tests"
PREFIX = "spider_test_"
HOST = hashlib.sha1(socket.gethostname().encode()).hexdigest()[:6]
OURS = f"{PREFIX}{HOST}_{os.getpid()}_"  # this process's schemas
_NAME = re.compile(rf"{PREFIX}{HOST}_(\d+)_[0-9a-f]+")
_swept: set[str] = set()  # the servers whose ended processes' schemas this process has dropped


def server_url() -> str:
    url = os.environ.get(SERVER_VARIABLE, DEFAULT_SERVER)
    if url == "skip":
        pytest.skip(f"{SERVER_VARIABLE}=skip: the PostgreSQL tests are skipped on purpose")
    return url


def connect(server: str) -> psycopg.Connection[tuple[object, ...]]:
    """An administrator's connection to the tests' database, made first when the server lacks it."""
    try:
        return psycopg.connect(server, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as err:
        if "does not exist" not in str(err):
            raise
    database = conninfo.conninfo_to_dict(server).get("dbname")
    maker = conninfo.make_conninfo(server, dbname="postgres")
    # another test process may make it at the same moment
    with (
        psycopg.connect(maker, autocommit=True, connect_timeout=5) as c,
        contextlib.suppress(errors.DuplicateDatabase, errors.UniqueViolation),
    ):
        c.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(str(database))))
    return psycopg.connect(server, autocommit=True, connect_timeout=5)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def schemas_of(admin: psycopg.Connection[tuple[object, ...]], prefix: str) -> list[str]:
    rows = admin.execute("SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s)", (prefix,)).fetchall()
    return [str(name) for (name,) in rows]


def drop(admin: psycopg.Connection[tuple[object, ...]], names: list[str]) -> None:
    for name in names:
        admin.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


def _sweep_ended(admin: psycopg.Connection[tuple[object, ...]]) -> None:
    """Drop the schemas of this machine's test processes that have ended."""
    ended = []
    for name in schemas_of(admin, f"{PREFIX}{HOST}_"):
        found = _NAME.fullmatch(name)
        if found and not _alive(int(found.group(1))):
            ended.append(name)
    drop(admin, ended)


def drop_our_leftovers() -> None:
    """At the session's end: this process's schemas that a test left (it was stopped half way)."""
    for server in _swept:
        with contextlib.suppress(psycopg.Error), connect(server) as admin:
            drop(admin, schemas_of(admin, OURS))


class Schemas:
    """Schemas made for one test, dropped after it."""

    def __init__(self) -> None:
        self.server = server_url()
        self.names: list[str] = []
        try:
            self._admin = connect(self.server)
        except psycopg.OperationalError as err:
            pytest.fail(
                f"PostgreSQL at {self.server} does not answer ({err}). ./scripts/test installs and starts it;"
                f" or name another server in {SERVER_VARIABLE} (or set it to 'skip' to skip these tests).",
                pytrace=False,
            )
        if self.server not in _swept:
            _swept.add(self.server)
            _sweep_ended(self._admin)

    def new(self) -> str:
        """The URL of a new, empty schema (as the search path of every connection made with it)."""
        name = f"{OURS}{secrets.token_hex(4)}"
        self._admin.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(name)))
        self.names.append(name)
        sep = "&" if "?" in self.server else "?"
        return f"{self.server}{sep}options={quote(f'-csearch_path={name}')}"

    def drop(self) -> None:
        try:
            drop(self._admin, self.names)
        finally:
            self._admin.close()


@contextmanager
def fresh_database(folder: Path, postgresql: bool) -> Iterator[str]:
    """An empty database for a server process: a SQLite file in ``folder``, or a PostgreSQL schema
    of its own, dropped afterwards."""
    if not postgresql:
        yield str(folder / "db.sqlite3")
        return
    schemas = Schemas()
    try:
        yield schemas.new()
    finally:
        schemas.drop()
