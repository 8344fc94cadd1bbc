"""The game review through the API: a job with progress that stores its result with the game,
the winning line face up for a finished game only, and nothing of it for a game in play."""

from __future__ import annotations

import itertools
import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider.engine import Game
from spider.solver.review import player_line
from spider.store import token_hash
from spider.web.app import create_app
from tests.patience import GENEROUS
from tests.solver.test_review import bad_game
from tests.stepped_jobs import SteppedJobs

NODES = 5_000  # positions per probe: small deals decide within it, and the review is reproducible
LOST = bad_game("SD1-S2-AAAAAAB", 3, True)  # deals at once: lost at action index 3 (docs/FORMATS.md)


def make_app(path: Path, seconds: float = 60.0, nodes: int | None = NODES, **more: Any) -> Any:
    return create_app(str(path / "db.sqlite3"), background=False, review_seconds=seconds, review_nodes=nodes, **more)


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(make_app(tmp_path)) as c:
        yield c


def played(client: TestClient, record: dict[str, Any]) -> str:
    """A game of ``record``'s deal and actions, made the player's current one."""
    r = client.post("/api/games", json={"code": record["code"], "actions": record["actions"]})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def lost_game(client: TestClient, record: dict[str, Any] = LOST) -> str:
    game_id = played(client, record)
    assert client.post("/api/games", json={"code": "SD1-S1-AAAAAAD"}).status_code == 201  # the other one is lost
    return game_id


def reviewed(client: TestClient, game_id: str, **headers: str) -> dict[str, Any]:
    """Ask for the review as the page does: start it (202), then poll it until it is done."""
    started = client.post(f"/api/games/{game_id}/review", headers=headers)
    assert started.status_code == 200, started.text
    if started.json()["state"] == "done":
        return dict(started.json())
    assert started.json()["state"] == "waiting" and started.headers["Location"].endswith(started.json()["job"])
    job = started.json()["job"]
    deadline = time.monotonic() + 120
    while (state := client.get(f"/api/reviews/{job}", headers=headers).json())["state"] in ("waiting", "running"):
        assert time.monotonic() < deadline, "the review never answered"
        assert state["done"] <= (state["expected"] or state["done"])
        time.sleep(0.1)
    assert state["state"] == "done", state
    return dict(state)


def test_a_lost_game_is_reviewed_once_and_its_line_wins_face_up(client: TestClient, tmp_path: Path) -> None:
    game_id = lost_game(client)
    stats_before = client.get("/api/stats").json()
    answer = reviewed(client, game_id)
    review = answer["review"]
    assert answer["game"] == game_id and answer["done"] >= 2 and answer["done"] <= answer["expected"] + 2
    assert review["turning_point"] == {"index": 3, "action": "deal", "after": "lost"}
    assert review["line_from"] == 3 and review["line"]
    assert answer["sentences"][1:] == [
        "The deal could be won from the start.",
        "The game was lost at move 4 (a deal from the stock):"
        " before it the deal could still be won, after it it could not.",
    ]  # one sentence for the turning point, no range beside it, and the page steps through the line
    assert answer["chosen"] is None  # the sentence names the move: it is not said twice
    assert client.get("/api/stats").json() == stats_before  # a review costs nothing in the statistics

    first = client.get(f"/api/games/{game_id}/review/line/0").json()
    assert first["steps"] == len(review["line"]) and first["events"] is None and not first["won"]
    assert all(column["down"] == 0 for column in first["columns"])  # every card face up
    before = Game.from_record(LOST | {"actions": LOST["actions"][:3]}).state()
    assert [c["up"] for c in first["columns"]] == [c["down"] + c["up"] for c in before["columns"]]
    last = client.get(f"/api/games/{game_id}/review/line/{first['steps']}").json()
    assert last["won"] and last["events"]["action"] == review["line"][-1]
    step = client.get(f"/api/games/{game_id}/review/line/1").json()
    assert step["events"]["action"] == review["line"][0] and step["description"]
    assert client.get(f"/api/games/{game_id}/review/line/{first['steps'] + 1}").status_code == 404

    again = client.post(f"/api/games/{game_id}/review", headers={"Accept-Language": "ru"})
    assert again.status_code == 200 and again.json()["review"] == review
    assert "job" not in again.json()  # stored: no second job
    assert again.json()["sentences"][0] != answer["sentences"][0]  # in the player's language
    client.close()
    with TestClient(make_app(tmp_path)) as restarted:  # it survives a restart
        restarted.cookies.set("spider_player", client.cookies["spider_player"])
        kept = restarted.post(f"/api/games/{game_id}/review")
        assert kept.status_code == 200 and kept.json()["review"] == review


def test_a_game_in_play_gets_409_and_nothing_of_its_review(client: TestClient) -> None:
    game_id = played(client, LOST)
    seen = client.get(f"/api/games/{game_id}").json()
    face_up = Counter(card for column in seen["columns"] for card in column["up"])
    state = Game.from_record(LOST).state()
    hidden = {card for column in state["columns"] for card in column["down"]} | set(state["stock"])
    answers = [
        client.post(f"/api/games/{game_id}/review"),
        client.get(f"/api/games/{game_id}/review/line/0"),
        client.get(f"/api/games/{game_id}/review/line/3"),
    ]
    for answer in answers:
        body = answer.json()
        assert answer.status_code == 409 and body["reason"] == "not_finished", answer.text
        assert set(body) == {"reason", "message", "params", "view"} and body["view"] == seen
        # each card as often as the player sees it face up: no face-down one (two decks repeat cards)
        named = Counter(re.findall(r'"((?:[2-9]|10|[AJQK])[SHDC])"', json.dumps(body)))
        assert all(named[card] <= face_up[card] for card in hidden), named
    store = client.app.state.context.store  # type: ignore[attr-defined]
    assert store.get_review(token_hash(client.cookies["spider_player"]), game_id) is None


def test_another_players_game_and_malformed_ids_are_not_found(client: TestClient, tmp_path: Path) -> None:
    game_id = lost_game(client)
    stranger = TestClient(client.app)  # another cookie jar: another player (the app's lifespan is the client's)
    assert stranger.post(f"/api/games/{game_id}/review").status_code == 404
    assert stranger.get(f"/api/games/{game_id}/review/line/0").status_code == 404
    for bad in ("nope", "x" * 300, "..%2F..", "%00"):
        assert client.post(f"/api/games/{bad}/review").status_code == 404
        assert client.get(f"/api/reviews/{bad}").status_code == 404
        assert client.delete(f"/api/reviews/{bad}").status_code == 404
    assert client.get(f"/api/games/{game_id}/review/line/0").status_code == 404  # not reviewed yet


def test_one_review_at_a_time_and_a_cancelled_one_stores_nothing(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, seconds=30, nodes=None)) as client:
        first = lost_game(client, bad_game("SP1-S4C-AAAAAAD", 1, False))
        second = lost_game(client)
        started = client.post(f"/api/games/{first}/review")
        assert started.status_code == 200 and started.json()["state"] == "waiting"
        busy = client.post(f"/api/games/{second}/review")
        assert busy.status_code == 429 and busy.json()["reason"] == "solver_running" and busy.headers["Retry-After"]
        job = started.json()["job"]
        stranger = TestClient(client.app)
        assert stranger.get(f"/api/reviews/{job}").status_code == 404  # a job is its player's only
        assert stranger.delete(f"/api/reviews/{job}").status_code == 404
        assert client.delete(f"/api/reviews/{job}").status_code == 204
        state = client.get(f"/api/reviews/{job}").json()
        assert state["state"] == "cancelled" and state["message"]
        store = client.app.state.context.store  # type: ignore[attr-defined]
        assert store.get_review(token_hash(client.cookies["spider_player"]), first) is None
        again = client.post(f"/api/games/{second}/review")  # the player's slot is free again
        assert again.status_code == 200 and again.json()["state"] == "waiting"


def test_a_running_review_answers_what_it_has_found_so_far_then_the_final_review(tmp_path: Path) -> None:
    """The deal's probe first (could it be won?), each probe then narrowing where the game was lost,
    and the final review: each answer in words, stored only once done. The job stops after each of
    its reports until the test has read it, so every step is seen on any machine."""
    jobs = SteppedJobs()
    with TestClient(make_app(tmp_path, jobs=jobs)) as client:
        game_id = lost_game(client)
        job = client.post(f"/api/games/{game_id}/review").json()["job"]

        def next_answer() -> dict[str, Any]:
            deadline = time.monotonic() + GENEROUS
            while (state := client.get(f"/api/reviews/{job}").json()).get("done", 0) <= len(seen):
                assert time.monotonic() < deadline, "the review reported nothing more"
                time.sleep(0.02)
            return dict(state)

        seen: list[dict[str, Any]] = []
        first = next_answer()
        seen.append(first)
        assert first["state"] == "running" and first["done"] == 1 and first["game"] == game_id
        assert first["review"]["probes"] == [
            {"index": 0, "result": "won", "seconds": first["review"]["probes"][0]["seconds"]}
        ]
        assert first["sentences"][1:] == [
            "The deal could be won from the start.",
            f"If the game was lost, it was lost somewhere between move 1 and move {len(player_line(LOST)[1])}.",
        ]
        store = client.app.state.context.store  # type: ignore[attr-defined]
        assert store.get_review(token_hash(client.cookies["spider_player"]), game_id) is None  # nothing stored yet
        while True:
            jobs.go_on(job, 1)
            answer = next_answer()
            seen.append(answer)
            if answer["state"] == "done" or answer["review"]["turning_point"]:
                break
            assert answer["state"] == "running" and answer["sentences"][1] == "The deal could be won from the start."
        # the range narrowed probe by probe (each answer's words say where it stands)
        ranges = [a["review"]["range"] for a in seen[:-1]]
        assert all(r[0] <= s[0] and s[1] <= r[1] for r, s in itertools.pairwise(ranges)) and ranges[-1] != ranges[0]
        jobs.go_on(job)
        deadline = time.monotonic() + GENEROUS
        while (final := client.get(f"/api/reviews/{job}").json())["state"] != "done":
            assert final["state"] == "running" and time.monotonic() < deadline, final
            time.sleep(0.02)
        assert final["review"]["turning_point"] == {"index": 3, "action": "deal", "after": "lost"}
        assert final["sentences"][2].startswith("The game was lost at move 4 (a deal from the stock):")
        assert store.get_review(token_hash(client.cookies["spider_player"]), game_id) == final["review"]
