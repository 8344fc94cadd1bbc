"""The store under test: SQLite files by default; with ``SPIDER_TEST_STORE=postgresql`` every app a
test makes with ``create_app(path)`` runs on PostgreSQL instead, one fresh schema per path (so two
apps on one path share a database, as they would on the file). ./scripts/test runs the web tests
both ways. Tests about the SQLite file itself are marked ``sqlite_only`` and skipped, with that
reason, in the PostgreSQL run."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

STORE_VARIABLE = "SPIDER_TEST_STORE"
# Tests play many players from one address (127.0.0.1, or Starlette's test client) at a test's pace:
# the bounds per client address are off unless a test sets them (tests/web/test_fair_solver*.py).
UNBOUNDED_CLIENTS = {
    "SPIDER_SOLVES_PER_CLIENT": "0",
    "SPIDER_SOLVES_PER_MINUTE": "0",
    "SPIDER_DEEP_HINTS_PER_MINUTE": "0",
    "SPIDER_NEW_PLAYERS_PER_MINUTE": "0",
    "SPIDER_LINKS_PER_MINUTE": "0",
}
for _name, _value in UNBOUNDED_CLIENTS.items():
    os.environ.setdefault(_name, _value)


def on_postgresql() -> bool:
    chosen = os.environ.get(STORE_VARIABLE, "sqlite")
    if chosen not in ("sqlite", "postgresql"):
        raise pytest.UsageError(f"{STORE_VARIABLE} is 'sqlite' or 'postgresql', not {chosen!r}")
    return chosen == "postgresql"


@pytest.fixture(autouse=True)
def store_under_test(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not on_postgresql():
        yield
        return
    if request.node.get_closest_marker("sqlite_only"):
        pytest.skip("about the SQLite file itself (this run is on PostgreSQL)")
    from spider import store as stores
    from tests.postgres import Schemas

    schemas, opened, schema_of = Schemas(), [], {}
    original = stores.open_store

    def open_on_postgresql(database: str) -> Any:
        if not stores.is_postgresql(database):
            database = schema_of.setdefault(database, schemas.new())
        opened.append(original(database))
        return opened[-1]

    # wherever the app's modules imported it from spider.store
    for module in [m for name, m in sys.modules.items() if name.startswith("spider.")]:
        if getattr(module, "open_store", None) is original:
            monkeypatch.setattr(module, "open_store", open_on_postgresql)
    monkeypatch.setattr(stores, "open_store", open_on_postgresql)
    yield
    for store in opened:
        store.close()
    schemas.drop()


@pytest.fixture
def load_bench() -> Callable[[str], ModuleType]:
    """Loads a script of bench/ by name (bench/ is not a package)."""

    def load(name: str) -> ModuleType:
        path = Path(__file__).resolve().parents[1] / "bench" / f"{name}.py"
        spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load
