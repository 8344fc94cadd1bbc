"""The app under a sub-path behind a proxy: https://host/spider/ forwarded to the app's root, as
the compose file's reverse proxy does. Every address the page uses stays under /spider/."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from browserkit import send_batches, status_value
from playwright.sync_api import Browser, expect
from starlette.types import Receive, Scope, Send

from spider.web.app import create_app

pytestmark = pytest.mark.browser
PREFIX = "/spider"


class StripPrefix:
    """A proxy's ``location /spider/ { proxy_pass http://app/; }``: everything else is 404."""

    def __init__(self, app: object) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope["path"].startswith(PREFIX + "/"):
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b"outside the sub-path"})
            return
        if scope["type"] == "http":
            path = scope["path"][len(PREFIX) :]
            scope = {**scope, "path": path, "raw_path": path.encode()}
        await self.app(scope, receive, send)  # type: ignore[operator]


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = create_app(str(tmp_path_factory.mktemp("sub") / "db.sqlite3"), background=False)
    server = uvicorn.Server(uvicorn.Config(StripPrefix(app), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    server.should_exit = True
    thread.join(10)


def test_the_app_plays_under_a_sub_path(browser: Browser, proxied: str) -> None:
    context = browser.new_context(base_url=proxied, locale="en-US", reduced_motion="reduce")
    page = context.new_page()
    asked: list[tuple[str, int]] = []
    errors: list[str] = []
    page.on("response", lambda r: asked.append((r.url.removeprefix(proxied), r.status)))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{PREFIX}/")
        expect(page.locator("body.ready")).to_have_count(1)
        expect(page.get_by_role("dialog")).to_have_count(0)  # a first visit: a game dealt at once
        page.get_by_role("button", name="Deal a row from the stock").click()
        expect(status_value(page, "Moves")).to_have_text("1")
        send_batches(page)  # played on the page; its batch goes under the sub-path too
    finally:
        context.close()
    assert not errors, errors
    assert all(path.startswith(PREFIX + "/") and status < 400 for path, status in asked), asked
    assert any(path.startswith(f"{PREFIX}/api/games/") for path, _ in asked)
