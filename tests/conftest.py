"""The store under test: SQLite files by default; with ``SPIDER_TEST_STORE=postgresql`` every app a
test makes with ``create_app(path)`` runs on PostgreSQL instead, one fresh schema per path (so two
apps on one path share a database, as they would on the file). ./scripts/test runs the web tests
both ways. Tests about the SQLite file itself are marked ``sqlite_only`` and skipped, with that
reason, in the PostgreSQL run.

The tiers are markers in the test files themselves (``pytestmark = pytest.mark.process`` at the top
of a file, or the marker on single tests): ``browser`` drives a headless Chromium, ``process``
starts server, worker or other processes and waits for them, ``slow`` takes seconds of CPU a test
(the solver's searches, generated API requests); tests/test_tiers.py fails for a test that starts
processes without its marker. The fast tier (``./scripts/test --fast``) deselects all three.
Each test process claims a Redis database of its own (tests/redisdb.py) and drops what is left of its
PostgreSQL schemas at the end (tests/postgres.py)."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The tests' own modules are imported as tests.*; the compiled solver's stage (scripts/test) runs
# with pytest's pythonpath emptied so that the build is imported, not this tree's spider/: the tree
# goes last on the path then, where only `tests` is found in it.
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from tests import postgres, redisdb  # noqa: E402
from tests.patience import generous  # noqa: E402

STORE_VARIABLE = "SPIDER_TEST_STORE"
# Tests play many players from one address (127.0.0.1, or Starlette's test client) at a test's pace:
# the bounds per client address are off unless a test sets them (tests/web/test_fair_solver*.py).
UNBOUNDED_CLIENTS = {
    "SPIDER_SOLVES_PER_CLIENT": "0",
    "SPIDER_SOLVES_PER_MINUTE": "0",
    "SPIDER_DEEP_HINTS_PER_MINUTE": "0",
    "SPIDER_NEW_PLAYERS_PER_MINUTE": "0",
    "SPIDER_LINKS_PER_MINUTE": "0",
    "SPIDER_INVITES_PER_MINUTE": "0",
}
for _name, _value in UNBOUNDED_CLIENTS.items():
    os.environ.setdefault(_name, _value)


_redis: redisdb.Claimed | None = None


def pytest_configure(config: pytest.Config) -> None:
    """Claim this test process's Redis database (not in xdist's controller: it runs no test, and
    its workers each claim their own)."""
    global _redis
    controller = getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    if controller or os.environ.get(redisdb.URL_VARIABLE) == "skip":
        return
    try:
        _redis = redisdb.claim()
    except RuntimeError as err:
        raise pytest.UsageError(str(err)) from None
    if _redis is not None:
        os.environ[redisdb.URL_VARIABLE] = _redis.url  # the tests, and the servers and workers they start


@pytest.fixture(scope="session", autouse=True)
def leave_nothing_behind() -> Iterator[None]:
    """At the end of the session: no key without an expiry is left in this process's Redis database
    (a test's queue or a worker it left running). Reported as an error of the session's last test."""
    yield
    if _redis is not None:
        left = _redis.left_without_expiry()
        _redis.empty()
        assert not left, f"the tests left Redis keys with no expiry in database {_redis.number}: {left}"


@pytest.fixture(scope="session", autouse=True)
def deep_hints_in_time_on_any_machine() -> Iterator[None]:
    """A deeper hint is bounded by positions, so its answer is the same on any machine; only its
    job's limit is wall-clock time (20 s, for a fraction of a second's work on an idle machine).
    The apps a test runs in its own process get a generous one, so a busy machine answers too."""
    from spider.jobs import players

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(players, "DEEP_HINT_SECONDS", generous(players.DEEP_HINT_SECONDS))
        yield


def pytest_unconfigure(config: pytest.Config) -> None:
    if _redis is not None:
        _redis.empty()
        _redis.release()
    postgres.drop_our_leftovers()


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
    try:
        yield
    finally:
        try:
            for store in opened:
                store.close()
        finally:
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


@pytest.fixture
def redis() -> Iterator[Any]:
    """A connection to this test process's Redis database (pytest_configure claimed it)."""
    connection = redisdb.connected(os.environ.get(redisdb.URL_VARIABLE, f"{redisdb.DEFAULT_SERVER}/0"))
    yield connection
    connection.close()
