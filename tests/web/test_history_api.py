"""The player's history through the API: the page of finished games, forgetting them, and the
step-through replay of a finished game (each step the public view the player saw then)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider.web.app import create_app
from tests.engine.helpers import SPIDERETTE_DECK, spiderette_line
from tests.web.words import words

# The view's fields that the replay of the same step repeats.
TABLE_FIELDS = ("columns", "stock", "deals_left", "removed", "removed_suits", "moves", "score", "won")


@pytest.fixture
def app(tmp_path: Path):
    return create_app(str(tmp_path / "db.sqlite3"), background=False)


@pytest.fixture
def client(app) -> TestClient:
    return TestClient(app)


def new_game(client: TestClient, **spec: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    return r.json()


def act(client: TestClient, view: dict[str, Any], action: str, elapsed: float | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"action": action, "version": view["version"]}
    if elapsed is not None:
        body["elapsed"] = elapsed
    r = client.post(f"/api/games/{view['id']}/actions", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def first_move(view: dict[str, Any]) -> str:
    group = view["groups"][0]
    return f"{group['column']}>{group['targets'][0]}:{group['count']}"


def revealing_move(view: dict[str, Any]) -> str:
    """A move of a whole face-up run off face-down cards: it turns one face up."""
    for group in view["groups"]:
        column = view["columns"][group["column"] - 1]
        if column["down"] and group["count"] == len(column["up"]):
            return f"{group['column']}>{group['targets'][0]}:{group['count']}"
    raise AssertionError("no move reveals a card")


def lose(client: TestClient, code: str, moves: int = 1) -> dict[str, Any]:
    """Play ``moves`` actions of a deal; the next new game makes it a loss."""
    view = new_game(client, code=code)
    for _ in range(moves):
        view = act(client, view, first_move(view) if view["groups"] else "deal")
    return view


def history(client: TestClient, **query: Any) -> dict[str, Any]:
    r = client.get("/api/history", params=query)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_history_lists_won_and_lost_games_newest_first(client: TestClient) -> None:
    assert history(client) == {"games": [], "total": 0, "offset": 0, "limit": 50}
    lost = lose(client, "SD1-S1-AAAAABD", moves=2)
    new_game(client, code="SD1-S2-AAAAABD")  # ends `lost` as a loss; this one has no action…
    won = new_game(client, game="spiderette", suits=1, deck=SPIDERETTE_DECK, actions=spiderette_line())
    lose(client, "SP1-S4C-AAAAAAD")  # … so it was abandoned: not in the history
    page = history(client)
    assert page["total"] == 2 and [g["id"] for g in page["games"]] == [won["id"], lost["id"]]
    newest, oldest = page["games"]
    assert newest == {
        "id": won["id"],
        "level": "spiderette-1-classic",
        "profile": "standard",
        "code": None,
        "result": "won",
        "moves": won["moves"],
        "elapsed": 0.0,
        "score": won["score"],
        "started": newest["started"],
        "finished": newest["finished"],
        "assisted": True,
        "daily": None,
        "grade": None,  # a deck's deal: not graded
    }
    assert oldest["result"] == "lost" and oldest["code"] == "SD1-S1-AAAAABD" and oldest["moves"] == 2
    assert oldest["level"] == "spiderette-1-classic" and not oldest["assisted"] and oldest["score"] == 498
    assert oldest["started"] <= oldest["finished"] <= newest["started"] <= newest["finished"]
    # the unfinished game is not history
    assert client.get("/api/games/current").json()["code"] == "SP1-S4C-AAAAAAD"


def test_pages_and_levels(client: TestClient) -> None:
    codes = ["SD1-S1-AAAAABD", "SD1-S1-AAAAABE", "SP1-S1C-AAAAAAD", "SD1-S1-AAAAABF"]
    ids = [lose(client, code)["id"] for code in codes]
    new_game(client, code="SD1-S1-AAAAABG")  # ends the last one
    newest_first = ids[::-1]
    first = history(client, limit=3)
    assert (first["total"], first["limit"]) == (4, 3) and [g["id"] for g in first["games"]] == newest_first[:3]
    rest = history(client, limit=3, offset=3)
    assert [g["id"] for g in rest["games"]] == newest_first[3:] and rest["offset"] == 3
    assert history(client, offset=10)["games"] == []
    spiderette = history(client, level="spiderette-1-classic")
    assert spiderette["total"] == 3 and all(g["level"] == "spiderette-1-classic" for g in spiderette["games"])
    assert history(client, level="spider-1-classic")["total"] == 1
    assert history(client, level="spider-4-relaxed") == {"games": [], "total": 0, "offset": 0, "limit": 50}


@pytest.mark.parametrize(
    ("query", "status", "reason"),
    [
        ({"level": "spider-3-classic"}, 404, "not_found"),
        ({"limit": 0}, 400, "bad_request"),
        ({"limit": 201}, 400, "bad_request"),
        ({"offset": -1}, 400, "bad_request"),
        ({"offset": "first"}, 400, "bad_request"),
    ],
)
def test_a_bad_query_is_refused_with_a_reason(client: TestClient, query: dict, status: int, reason: str) -> None:
    r = client.get("/api/history", params=query)
    assert r.status_code == status and r.json()["reason"] == reason and r.json()["message"]


def test_forgetting_the_history_starts_the_statistics_again_and_keeps_the_game(app, client: TestClient) -> None:
    lose(client, "SD1-S1-AAAAABD")
    new_game(client, code="SD1-S1-AAAAABE")  # abandoned once the next starts
    current = lose(client, "SD1-S1-AAAAABF")
    other = TestClient(app)
    lose(other, "SD1-S1-AAAAABD")
    new_game(other, code="SD1-S1-AAAAABE")
    assert client.get("/api/stats").json()["levels"]["spiderette-1-classic"]["losses"] == 1

    r = client.delete("/api/history")
    assert r.status_code == 200 and r.json() == {"deleted": 2}
    assert history(client)["total"] == 0
    assert client.get("/api/stats").json() == {"levels": {}}
    assert client.get("/api/stats/spiderette-1-classic").json()["played"] == 0
    # the unfinished game is still there and still plays
    assert client.get("/api/games/current").json()["id"] == current["id"]
    act(client, current, "undo")
    # another player's history is their own
    assert history(other)["total"] == 1
    assert client.delete("/api/history").json() == {"deleted": 0}


def test_a_replay_steps_through_the_views_the_player_saw(client: TestClient) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD", profile="timed")
    seen = [view]
    for number, action in enumerate([revealing_move(view), "undo", "deal", "undo", "deal", None]):  # None: a move
        seen.append(act(client, seen[-1], action or first_move(seen[-1]), elapsed=1.5 * (number + 1)))
    new_game(client, code="SD1-S4-AAAAABE")  # the game is lost
    game_id = view["id"]
    steps = []
    for step, then in enumerate(seen):
        r = client.get(f"/api/games/{game_id}/replay/{step}")
        assert r.status_code == 200, r.text
        replayed = r.json()
        steps.append(replayed)
        assert (replayed["step"], replayed["steps"], replayed["status"]) == (step, len(seen) - 1, "lost")
        assert {k: replayed[k] for k in TABLE_FIELDS} == {k: then[k] for k in TABLE_FIELDS}, step
        assert replayed["description"] == then["description"]
        assert replayed["elapsed"] == (then["elapsed"] if step else 0.0)
        assert replayed["events"] == (then["events"] if step else None)
    # the first move turned a card face up and its undo turned it down again: from then on it is
    # only counted, never named
    revealed = steps[1]["events"]["revealed"][0]["card"]
    assert steps[2]["events"]["hidden"] == 1 and revealed not in words(steps[2]) | words(steps[0])


def test_a_replay_is_of_a_finished_game_of_the_player_and_a_step_it_has(app, client: TestClient) -> None:
    won = new_game(client, game="spiderette", suits=1, deck=SPIDERETTE_DECK, actions=spiderette_line())
    steps = len(spiderette_line())
    last = client.get(f"/api/games/{won['id']}/replay/{steps}").json()
    assert last["won"] and last["removed"] == last["sequences"] and last["status"] == "won"
    assert last["events"]["won"] and last["description"]
    r = client.get(f"/api/games/{won['id']}/replay/{steps + 1}")
    assert r.status_code == 404 and r.json()["params"] == {"step": steps + 1, "steps": steps}
    assert client.get(f"/api/games/{won['id']}/replay/-1").status_code == 400
    assert client.get(f"/api/games/{won['id']}/replay/first").status_code == 400
    assert client.get("/api/games/nothing-here/replay/0").status_code == 404
    assert TestClient(app).get(f"/api/games/{won['id']}/replay/0").status_code == 404  # another player's

    playing = lose(client, "SD1-S1-AAAAABD")
    r = client.get(f"/api/games/{playing['id']}/replay/0")
    assert r.status_code == 409 and r.json()["reason"] == "not_finished"
    assert r.json()["view"]["id"] == playing["id"] and r.json()["view"]["status"] == "active"


def test_replay_messages_follow_the_players_language(client: TestClient) -> None:
    lose(client, "SD1-S1-AAAAABD")
    game = new_game(client, code="SD1-S1-AAAAABE")
    r = client.get(f"/api/games/{game['id']}/replay/0", headers={"accept-language": "fi"})
    english = client.get(f"/api/games/{game['id']}/replay/0").json()["message"]
    assert r.status_code == 409 and r.json()["message"] != english
    lost = history(client)["games"][0]["id"]
    described = client.get(f"/api/games/{lost}/replay/1", headers={"accept-language": "ru"}).json()["description"]
    assert any("а" <= ch <= "я" for ch in described.lower())
