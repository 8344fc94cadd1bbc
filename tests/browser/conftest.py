"""Browser tests: the app on uvicorn in a background thread, one headless Debian Chromium per
session, a fresh browser context (so a fresh player cookie) per test.

Every wait of Playwright (an action's, and an ``expect``'s, whose own default is 5 s) is bounded by
``tests.patience.GENEROUS``: a check waits for the page's state, and the bound only ends a hang.
The apps' Hint button is the same on any machine: its strong player is given all the time it needs
(it is bounded by positions; only its wall-clock fallback to the quick hint depends on the machine).
A deeper hint's job has a generous limit in every test (tests/conftest.py)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import on_postgresql
from tests.frontend_build import bundle_built
from tests.patience import GENEROUS, GENEROUS_MS
from tests.postgres import Schemas

playwright_sync = pytest.importorskip("playwright.sync_api")
# expect() does not follow a context's default timeout: its own is 5 s, which a busy machine passes
playwright_sync.expect.set_options(timeout=GENEROUS_MS)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Server:
    def __init__(self, database: str, **app_args: Any) -> None:
        """``app_args``: more of ``create_app``'s arguments (a smaller review budget, say). The page
        loads the production bundle, as players get it (``frontend="development"``: the modules)."""
        import uvicorn

        from spider.web.app import create_app

        if app_args.setdefault("frontend", "bundled") == "bundled":
            bundle_built()
        self.app = create_app(database, **app_args)
        self.port = _free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", access_log=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + GENEROUS
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the app did not start")
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=GENEROUS)


@pytest.fixture(scope="session", autouse=True)
def hints_the_same_on_any_machine() -> Iterator[None]:
    """For every app of the session (each runs in this process)."""
    from spider.solver import instant

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(instant, "HINT_SECONDS", 1e6)
        yield


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app for the session's browser tests: on a fresh SQLite file, or with
    ``SPIDER_TEST_STORE=postgresql`` (tests/conftest.py) on a fresh PostgreSQL schema. No background
    work: the top-up's and the daily schedule's searches would keep a core busy all session, and no
    test here needs them (tests/web/test_daily_process.py and tests/test_workers_jobs.py do)."""
    schemas = Schemas() if on_postgresql() else None
    database = schemas.new() if schemas else str(tmp_path_factory.mktemp("db") / "db.sqlite3")
    server = _Server(database, background=False)
    url = server.start()
    yield url
    server.stop()
    if schemas:
        schemas.drop()  # the app's shutdown closed its connections


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def context(browser, base_url):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(
        base_url=base_url, viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    ctx.set_default_timeout(GENEROUS_MS)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):  # type: ignore[no-untyped-def]
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    assert not errors, f"JavaScript errors on the page: {errors}"
