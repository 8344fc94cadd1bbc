"""PostgreSQL for the tests: each test gets a schema of its own in the server's database, so test
runs going on at once (other checkouts, other suites) never see each other's rows.

The server is ``SPIDER_TEST_POSTGRESQL`` (default ``postgresql://postgres@127.0.0.1:5432/test``, as
./scripts/test starts it). A server that does not answer fails the tests that need it, with the
reason; only ``SPIDER_TEST_POSTGRESQL=skip`` skips them, on purpose."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

SERVER_VARIABLE = "SPIDER_TEST_POSTGRESQL"
DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/test"


def server_url() -> str:
    url = os.environ.get(SERVER_VARIABLE, DEFAULT_SERVER)
    if url == "skip":
        pytest.skip(f"{SERVER_VARIABLE}=skip: the PostgreSQL tests are skipped on purpose")
    return url


class Schemas:
    """Schemas made for one test, dropped after it."""

    def __init__(self) -> None:
        self.server = server_url()
        self.names: list[str] = []
        try:
            self._admin = psycopg.connect(self.server, autocommit=True, connect_timeout=5)
        except psycopg.OperationalError as err:
            pytest.fail(
                f"PostgreSQL at {self.server} does not answer ({err}). ./scripts/test installs and starts it;"
                f" or name another server in {SERVER_VARIABLE} (or set it to 'skip' to skip these tests).",
                pytrace=False,
            )

    def new(self) -> str:
        """The URL of a new, empty schema (as the search path of every connection made with it)."""
        name = f"spider_test_{secrets.token_hex(6)}"
        self._admin.execute(f"CREATE SCHEMA {name}")
        self.names.append(name)
        sep = "&" if "?" in self.server else "?"
        return f"{self.server}{sep}options={quote(f'-csearch_path={name}')}"

    def drop(self) -> None:
        for name in self.names:
            self._admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
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
