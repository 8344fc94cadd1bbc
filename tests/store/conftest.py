"""Each contract test runs on both stores: a SQLite file and a fresh PostgreSQL schema."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spider.store import Store, open_store
from tests.postgres import Schemas


@pytest.fixture
def schemas() -> Iterator[Schemas]:
    made = Schemas()
    yield made
    made.drop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store lives: a SQLite file, or a PostgreSQL URL of an empty schema."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    return request.getfixturevalue("schemas").new()


@pytest.fixture
def opener(database: str) -> Iterator[Callable[[], Store]]:
    """Opens the database as a new store (another process would); all are closed after the test."""
    opened: list[Store] = []

    def open_one() -> Store:
        opened.append(open_store(database))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(opener: Callable[[], Store]) -> Store:
    return opener()
