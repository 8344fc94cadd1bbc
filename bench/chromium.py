"""The app on uvicorn in a thread (a temporary SQLite file) and a headless Debian Chromium, for the
benchmarks and picture scripts that look at the page."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))  # its conftest imports tests.conftest

from conftest import CHROMIUM, CHROMIUM_ARGS, _Server  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402


@contextmanager
def app_in_chromium(**app_args: Any) -> Iterator[tuple[Browser, str]]:
    """A browser and the app's base address; both stopped on exit. ``app_args`` go to
    ``create_app`` (``background=False``: no top-up or daily deals' work beside the figures)."""
    server = _Server(str(Path(tempfile.mkdtemp()) / "bench.sqlite3"), **app_args)
    url = server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                yield browser, url
            finally:
                browser.close()
    finally:
        server.stop()
