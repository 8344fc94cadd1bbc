"""Through the API, on both stores: a game whose cached session is current is served without
reading its action log; one changed through another app process (another worker) is read again."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from spider.store import GameRow
from spider.web.app import create_app


class LogReads:
    """Counts the action logs an app's store reads, and still reads them."""

    def __init__(self, app: Any) -> None:
        self.count = 0
        store = app.state.context.store
        original = store.load_actions

        def counted(row: GameRow) -> None:
            self.count += 1
            original(row)

        store.load_actions = counted


def test_a_current_cached_game_is_served_without_reading_its_log(database: str) -> None:
    one, two = create_app(database, background=False), create_app(database, background=False)
    reads_one, reads_two = LogReads(one), LogReads(two)
    with TestClient(one) as first, TestClient(two) as second:
        view = first.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
        for _ in range(3):
            view = first.post(f"/api/games/{view['id']}/actions", json={"version": view["version"], "action": "deal"})
            view = view.json()
            assert first.get(f"/api/games/{view['id']}").json()["version"] == view["version"]
            assert first.get("/api/player").json()["current"]["version"] == view["version"]
        assert reads_one.count == 0  # seven reads and three actions, all from the cached session

        # the same player through another worker: its cache is empty, so it reads the log once
        second.cookies.set("spider_player", first.cookies["spider_player"])
        there = second.get(f"/api/games/{view['id']}").json()
        assert there["version"] == 3 and there["columns"] == view["columns"] and reads_two.count == 1
        moved = second.post(f"/api/games/{view['id']}/actions", json={"version": 3, "action": "undo"})
        assert moved.status_code == 200 and reads_two.count == 1

        # the first worker's cached session is now behind the store's version: it reads the log again
        back = first.get(f"/api/games/{view['id']}").json()
        assert back["version"] == 4 and back["columns"] == moved.json()["columns"] and reads_one.count == 1
        stale = first.post(f"/api/games/{view['id']}/actions", json={"version": 3, "action": "deal"})
        assert stale.status_code == 409 and stale.json()["view"]["version"] == 4
