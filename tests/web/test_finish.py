"""Finish (docs/RULES.md, Finish), perfect games and the clock that starts at the first action,
through the API: the server refuses Finish while a card is hidden (face down or in the stock) and
changes nothing; once nothing is hidden, on every level, its line plays the game out through the
actions route, the game stays unassisted and perfect, and the record holds every move. An undo or
a hint makes a win imperfect; the statistics count perfect wins and their best run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider.engine import Game
from spider.jobs.top_up import SEED_FILE
from spider.web.app import create_app

# A proved-winnable deal of every level and its winning line, as the app ships them: the shortest
# line of each level (one of 9,000 actions would take minutes of requests).
SEEDS: dict[str, dict[str, Any]] = {
    level: min(deals, key=lambda deal: len(deal["line"]))
    for level, deals in json.loads(SEED_FILE.read_text(encoding="utf-8")).items()
}


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def open_point(code: str, line: list[str]) -> int:
    """How many of the line's actions leave the first position with nothing hidden."""
    game = Game.from_code(code)
    for played, action in enumerate(line):
        if not game.face_down and not game.stock_count:
            return played
        game.apply(action)
    raise AssertionError(f"{code}: the line never uncovers everything before it wins")


def _play(client: TestClient, view: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    for action in actions:
        played = client.post(f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"]})
        assert played.status_code == 200, played.text
        view = played.json()
    return view


def _hidden(view: dict[str, Any]) -> int:
    return view["stock"] + sum(column["down"] for column in view["columns"])


@pytest.mark.parametrize("level", sorted(SEEDS))
def test_finish_plays_out_a_game_with_nothing_hidden_on_every_level(client: TestClient, level: str) -> None:
    code, line = SEEDS[level]["code"], SEEDS[level]["line"]
    start = open_point(code, line)
    view = client.post("/api/games", json={"code": code}).json()
    view = _play(client, view, line[: start - 1])
    assert _hidden(view) > 0
    refused = client.post(f"/api/games/{view['id']}/finish")
    assert refused.status_code == 409 and refused.json()["reason"] == "cards_hidden", refused.text
    assert refused.json()["view"]["version"] == view["version"]  # nothing changed
    view = _play(client, view, line[start - 1 : start])
    assert _hidden(view) == 0 and not view["won"]

    answer = client.post(f"/api/games/{view['id']}/finish")
    assert answer.status_code == 200, answer.text
    finish = answer.json()
    assert finish["result"] == "won" and finish["actions"]
    moves = len(finish["actions"])
    assert finish["message"] == f"Finishing in {moves} move" + ("s" if moves > 1 else "")
    view = _play(client, view, finish["actions"])
    assert view["won"] and view["status"] == "won"
    assert view["assisted"] is False and view["perfect"] is True  # nothing hidden was used
    record = client.get(f"/api/games/{view['id']}/record").json()
    assert record["actions"] == line[:start] + finish["actions"]
    after = client.post(f"/api/games/{view['id']}/finish")
    assert after.status_code == 409 and after.json()["reason"] == "finished"
    stats = client.get(f"/api/stats/{level}").json()
    assert (stats["wins"], stats["perfect_wins"], stats["best_perfect_streak"]) == (1, 1, 1)


def test_finish_refuses_a_stock_not_dealt_and_another_players_game(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": SEEDS["spiderette-1-classic"]["code"]}).json()
    refused = client.post(f"/api/games/{view['id']}/finish")
    assert refused.status_code == 409 and refused.json()["reason"] == "cards_hidden"
    assert refused.json()["message"] == "Finish plays on once no card is face down and the stock is empty"
    assert client.get(f"/api/games/{view['id']}/record").json()["actions"] == []
    client.cookies.clear()  # another player
    assert client.post(f"/api/games/{view['id']}/finish").status_code == 404


def _win(client: TestClient, level: str, helper: str | None = None) -> dict[str, Any]:
    code, line = SEEDS[level]["code"], SEEDS[level]["line"]
    view = client.post("/api/games", json={"code": code}).json()
    view = _play(client, view, line[:1])
    if helper == "undo":
        view = _play(client, view, ["undo", line[0]])
    elif helper == "hint":
        assert client.post(f"/api/games/{view['id']}/hint").status_code == 200
    return _play(client, client.get("/api/games/current").json(), line[1:])


def test_a_win_without_undo_or_hint_is_perfect_and_counted_apart(client: TestClient) -> None:
    level = "spiderette-1-classic"
    won = [_win(client, level, helper) for helper in (None, None, "undo", None, "hint")]
    assert [view["perfect"] for view in won] == [True, True, False, True, False]
    assert all(view["won"] and not view["assisted"] for view in won)
    stats = client.get(f"/api/stats/{level}").json()
    assert (stats["wins"], stats["perfect_wins"], stats["best_perfect_streak"], stats["perfect_streak"]) == (5, 3, 2, 0)
    assert stats["best_streak"] == 5  # an imperfect win is a win all the same


def test_the_clock_starts_at_the_first_action(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": SEEDS["spider-1-classic"]["code"]}).json()
    assert client.post(f"/api/games/{view['id']}/clock", json={"elapsed": 3.0}).status_code == 204
    assert client.get("/api/games/current").json()["elapsed"] == 0.0  # a deal left open is not timed
    first = client.post(
        f"/api/games/{view['id']}/actions",
        json={"action": SEEDS["spider-1-classic"]["line"][0], "version": 0, "elapsed": 4.0},
    )
    assert first.json()["elapsed"] == 0.0  # the clock starts with it
