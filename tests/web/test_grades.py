"""Graded winnable deals through the API the new-game dialog uses (docs/RULES.md, Grades): a deal of
each grade starts on every level, the game keeps its grade (restart, history), and the statistics
count wins by grade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.engine import variant_of_level
from spider.jobs.top_up import SEED_FILE
from spider.solver.grading import GRADES
from spider.web.app import create_app
from spider.web.routes.stats import all_levels

SEEDS = json.loads(SEED_FILE.read_text(encoding="utf-8"))


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def level_body(level: str) -> dict[str, object]:
    v = variant_of_level(level)
    return {"game": v.game, "suits": v.suits, "rules": v.rules}


def seeded(level: str, grade: str) -> dict[str, list[str]]:
    """The shipped deals of ``level`` and ``grade``: code -> winning line."""
    return {d["code"]: d["line"] for d in SEEDS[level] if d["grade"] == grade}


def test_the_shipped_pool_holds_every_grade_of_every_level() -> None:
    assert set(SEEDS) == set(all_levels())
    for level in all_levels():
        assert {d["grade"] for d in SEEDS[level]} == set(GRADES), level


@pytest.mark.parametrize("level", all_levels())
def test_a_deal_of_each_grade_starts_on_every_level(client: TestClient, level: str) -> None:
    for grade in GRADES:
        r = client.post("/api/games", json=level_body(level) | {"grade": grade})
        assert r.status_code == 201, r.text
        view = r.json()
        assert view["proven_winnable"] is True and view["grade"] == grade, (level, grade)
        assert view["code"] in seeded(level, grade)  # from the pool of that grade
        current = client.get("/api/games/current").json()
        assert current["id"] == view["id"] and current["grade"] == grade  # the table keeps saying it


def test_a_grade_with_none_ready_gives_the_nearest_one_saying_which(client: TestClient) -> None:
    level = "spiderette-1-classic"
    handed = [client.post("/api/games", json=level_body(level) | {"grade": "expert"}).json() for _ in range(3)]
    experts = seeded(level, "expert")
    assert [v["grade"] for v in handed[: len(experts)]] == ["expert"] * len(experts)
    last = handed[len(experts)]
    assert last["proven_winnable"] is True and last["grade"] == "hard"  # the nearest grade, and said so
    assert last["code"] in seeded(level, "hard")


def test_a_graded_game_keeps_its_grade_in_restart_history_and_statistics(client: TestClient) -> None:
    level = "spiderette-1-classic"
    view = client.post("/api/games", json=level_body(level) | {"grade": "easy"}).json()
    line = seeded(level, "easy")[view["code"]]
    restarted = client.post(f"/api/games/{view['id']}/restart").json()
    assert restarted["grade"] == "easy" and restarted["code"] == view["code"]
    version = 0
    for action in line:  # the winning line, as the table would send it
        r = client.post(f"/api/games/{restarted['id']}/actions", json={"version": version, "action": action})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
    assert r.json()["status"] == "won"
    lost = client.post("/api/games", json=level_body(level) | {"grade": "hard"}).json()
    first = seeded(level, "hard")[lost["code"]][0]
    assert client.post(f"/api/games/{lost['id']}/actions", json={"version": 0, "action": first}).status_code == 200
    client.post("/api/games", json=level_body(level))  # a new deal makes the graded game in play a loss
    stats = client.get(f"/api/stats/{level}").json()
    assert stats["by_grade"] == {
        "easy": {"played": 1, "wins": 1, "win_rate": 100.0},
        "hard": {"played": 1, "wins": 0, "win_rate": 0.0},
    }
    games = {g["id"]: g for g in client.get("/api/history").json()["games"]}
    assert games[restarted["id"]]["grade"] == "easy" and games[lost["id"]]["grade"] == "hard"
    plain = client.post("/api/games", json=level_body(level)).json()
    assert plain["grade"] is None and "proven_winnable" not in plain  # any deal: not graded


@pytest.mark.parametrize("grade", ["easiest", "", 1, None])
def test_a_bad_grade_is_refused_and_changes_nothing(client: TestClient, grade: object) -> None:
    before = client.post("/api/games", json={"game": "spider"}).json()
    r = client.post("/api/games", json={"game": "spider", "grade": grade})
    if grade is None:  # null: no grade asked, any deal
        assert r.status_code == 201 and r.json()["grade"] is None
        return
    assert r.status_code == 400 and r.json()["reason"] == "bad_request", r.text
    assert client.get("/api/games/current").json()["id"] == before["id"]
