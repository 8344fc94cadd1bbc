"""One rule for assisted games (docs/RULES.md, "Help, and which games count"), held by the API:
asking the solver (which looks at the face-down cards) marks the game; hints, plain or deeper
(which see only what the player sees), do not. The view says so, and the statistics count an
assisted game apart. Also: a deal link's code is checked without starting anything, and the
plain hint does not say "deal" once the stock is empty."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.solver import instant
from spider.web.app import create_app

EASY = "SD1-S1-AAAAAAD"


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def _started(client: TestClient, code: str = EASY) -> dict:
    view = client.post("/api/games", json={"code": code}).json()
    played = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0})
    assert played.status_code == 200
    return played.json()


def _abandon(client: TestClient) -> None:
    client.post("/api/games", json={"code": "SP1-S1C-AAAAAAA"})  # the game in progress counts as lost


def test_hints_plain_and_deeper_leave_the_game_counted(client: TestClient) -> None:
    view = _started(client)
    assert view["assisted"] is False
    for params in ({}, {"deep": "true"}):
        hint = client.post(f"/api/games/{view['id']}/hint", params=params)
        assert hint.status_code == 200, hint.text
    assert client.get("/api/games/current").json()["assisted"] is False
    _abandon(client)
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["losses"], stats["assisted_played"]) == (1, 0)


def test_asking_the_solver_marks_the_game_assisted_at_once(client: TestClient) -> None:
    view = _started(client)
    started = client.post(f"/api/games/{view['id']}/solve", json={"time_limit": 5})
    assert started.status_code == 202
    assert client.get("/api/games/current").json()["assisted"] is True  # before any answer
    deadline = time.monotonic() + 60
    while client.get(f"/api/solves/{started.json()['id']}").json()["state"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    nxt = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": view["version"]})
    assert nxt.json()["assisted"] is True  # every later view says so (the win screen reads it)
    _abandon(client)
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["played"], stats["losses"], stats["assisted_played"]) == (0, 0, 1)
    assert client.get("/api/history").json()["games"][0]["assisted"] is True


def test_a_code_is_checked_without_starting_a_game(client: TestClient) -> None:
    view = _started(client)
    good = client.get("/api/codes/sd1-s1-aaaaaad")
    assert good.status_code == 200 and good.json() == {"code": EASY, "level": "spiderette-1-classic"}
    bad = client.get("/api/codes/SP1-S2C-BAD!!", headers={"Accept-Language": "ru"})
    assert bad.status_code == 400 and bad.json()["reason"] == "bad_code"
    assert "BAD!!" in bad.json()["message"] and "расклад" in bad.json()["message"]
    assert client.get("/api/games/current").json()["id"] == view["id"]  # nothing changed


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_with_the_stock_dealt_out_no_useful_move_does_not_say_deal(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setattr(instant, "HINT_SECONDS", 0.0)  # the quick hint answers: none on this deal
    view = client.post("/api/games", json={"code": "SD1-S4-AAAAAAC"}).json()
    while view["deals_left"]:
        dealt = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": view["version"]})
        view = dealt.json()
    hint = client.post(f"/api/games/{view['id']}/hint", headers={"Accept-Language": lang}).json()
    assert hint["action"] is None
    expected = {
        "en": "No useful move: undo or start again",
        "ru": "Полезных ходов нет: отмените ход или начните заново",
    }
    assert hint["message"] == expected[lang]
