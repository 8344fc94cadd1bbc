"""Hints, the solver and winnable deals through the API."""

from __future__ import annotations

import asyncio
import errno
import json
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from loops import run_apart

from spider.engine import Game, format_action
from spider.jobs.local import LocalJobs
from spider.jobs.players import PlayerJobs
from spider.jobs.queues import default_jobs
from spider.jobs.top_up import SEED_FILE
from spider.solver import autoplay, deep_hint, instant, record_hint
from spider.solver.hints import quick_choice
from spider.store.sqlite import SQLiteStore
from spider.web.app import create_app
from spider.web.routes.stats import all_levels
from tests.patience import GENEROUS, generous

pytestmark = pytest.mark.process


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def solved(client: TestClient, game_id: str, time_limit: float = 30) -> dict:
    """Ask the solver as the page does: start the job (202), then poll it until it answers."""
    started = client.post(f"/api/games/{game_id}/solve", json={"time_limit": time_limit})
    assert started.status_code == 202, started.text
    deadline = time.monotonic() + generous(time_limit)
    while (state := client.get(f"/api/solves/{started.json()['id']}").json())["state"] != "done":
        assert time.monotonic() < deadline, "the solve never answered"
        time.sleep(0.1)
    return state["answer"]


def test_hint_is_a_legal_action_that_the_game_accepts(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}).json()
    hint = client.post(f"/api/games/{view['id']}/hint").json()
    assert hint["action"] and hint["message"]
    if hint["action"] != "deal":
        assert hint["column"] >= 1 and hint["to"] >= 1 and hint["count"] >= 1
    r = client.post(f"/api/games/{view['id']}/actions", json={"action": hint["action"], "version": 0})
    assert r.status_code == 200


def test_solver_answers_with_a_line_that_wins_from_the_current_position(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}).json()
    client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0})
    answer = solved(client, view["id"])
    assert answer["result"] == "won" and "face-down" in answer["note"]
    record = client.get(f"/api/games/{view['id']}/record").json()
    record.pop("times", None)  # the winning line has no times of its own
    record["actions"] += answer["actions"]
    assert Game.from_record(record).won


def test_following_the_hints_plays_as_autoplay_does_never_going_round_in_circles(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each hint knows the positions the game has been in (from its record) and whether play still
    makes progress, as autoplay does: a player who follows them from the start makes autoplay's
    moves, including where play stalls (two on this deal), and wins where it wins. (With no time
    for the strong player, the quick hint answers every time: its choices are the ones compared.)"""
    monkeypatch.setattr(instant, "HINT_SECONDS", 0.0)
    code = "SD1-S1-AAAAAAD"
    chosen: list[tuple[str, bool]] = []

    def watched(game, seen, progressing):  # autoplay's chooser, its choices noted
        action = quick_choice(game, seen, progressing)
        chosen.append((format_action(action) if action is not None else "none", progressing))
        return action

    assert autoplay(Game.from_code(code, profile="moves"), choose=watched)
    assert sum(not progressing for _, progressing in chosen) == 2
    view = client.post("/api/games", json={"code": code}).json()
    followed, met = [], set()
    while view["status"] == "active" and len(followed) < 2 * len(chosen):
        action = client.post(f"/api/games/{view['id']}/hint").json()["action"]
        assert action is not None
        followed.append(action)
        body = {"action": action, "version": view["version"]}
        view = client.post(f"/api/games/{view['id']}/actions", json=body).json()
        position = json.dumps(view["columns"])
        assert position not in met  # never back where it has been
        met.add(position)
    assert followed == [action for action, _ in chosen] and view["won"]


def test_a_deep_hint_is_the_strong_players_action_and_the_game_accepts_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = client.post("/api/games", json={"code": "SP1-S4C-AAAAAAD"}).json()
    record = client.get(f"/api/games/{view['id']}/record").json()
    deep = client.post(f"/api/games/{view['id']}/hint", params={"deep": "true"})
    assert deep.status_code == 200, deep.text
    strong = deep_hint(Game.from_record(record))  # the strong player, worked out here
    quick = record_hint(Game.from_record(record))
    assert strong is not None and strong != quick  # on this deal they differ: the answer says which ran
    assert deep.json()["action"] == strong and str(deep.json()["column"]) in deep.json()["message"]
    # the plain hint is the strong player's too when it has the time, else the quick hint's
    monkeypatch.setattr(instant, "HINT_SECONDS", 1e6)
    assert client.post(f"/api/games/{view['id']}/hint").json()["action"] == strong
    monkeypatch.setattr(instant, "HINT_SECONDS", 0.0)
    assert client.post(f"/api/games/{view['id']}/hint").json()["action"] == quick
    r = client.post(f"/api/games/{view['id']}/actions", json={"action": strong, "version": 0})
    assert r.status_code == 200


def test_a_bad_deep_flag_is_400_and_a_deep_hint_for_an_unknown_game_404(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "SD1-S1-AAAAAAD"}).json()
    r = client.post(f"/api/games/{view['id']}/hint", params={"deep": "very"})
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"
    assert client.post("/api/games/nope/hint", params={"deep": "true"}).status_code == 404


@pytest.mark.parametrize("body", [{"time_limit": 0}, {"time_limit": 61}, {"time_limit": "soon"}, {"x": 1}])
def test_bad_solve_requests_are_400(client: TestClient, body: dict) -> None:
    view = client.post("/api/games", json={"code": "SD1-S1-AAAAAAD"}).json()
    r = client.post(f"/api/games/{view['id']}/solve", json=body)
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"


def test_hint_and_solve_of_an_unknown_game_are_404(client: TestClient) -> None:
    assert client.post("/api/games/nope/hint").status_code == 404
    assert client.post("/api/games/nope/solve", json={}).status_code == 404


def test_winnable_deals_come_from_the_proved_pool(client: TestClient) -> None:
    seeded = {d["code"] for d in json.loads(SEED_FILE.read_text())["spiderette-2-classic"]}
    view = client.post("/api/games", json={"game": "spiderette", "suits": 2, "winnable": True}).json()
    assert view["proven_winnable"] is True and view["code"] in seeded
    again = client.post("/api/games", json={"game": "spiderette", "suits": 2, "winnable": True}).json()
    assert again["code"] != view["code"]  # a deal handed out leaves the pool


def test_every_seeded_winnable_deal_is_won_by_its_line() -> None:
    seeds = json.loads(SEED_FILE.read_text())
    assert set(seeds) == set(all_levels())  # every level has deals ready from the first start
    for level, deals in seeds.items():
        assert deals, level
        for deal in deals:
            game = Game.from_record({"code": deal["code"], "actions": deal["line"]})
            assert game.won and game.variant.key == level, deal["code"]


BUSY_SECONDS = GENEROUS  # the background work: asleep for longer than a player's solve ever takes


def test_a_players_solve_does_not_queue_behind_background_work(tmp_path: Path) -> None:
    """Topping up the winnable deals runs in a lane of its own: while its worker is busy (here:
    asleep for longer than the whole solve takes), a player's question is still answered."""
    player_jobs = PlayerJobs(SQLiteStore(str(tmp_path / "db.sqlite3")), default_jobs())
    record = {"code": "SP1-S1C-AAAAAAD", "actions": []}

    async def scenario() -> tuple[dict | None, float]:
        busy = await player_jobs.jobs.submit("background", time.sleep, BUSY_SECONDS, seconds=BUSY_SECONDS)
        while (started := await player_jobs.jobs.state(busy)) is not None and started.state == "waiting":
            await asyncio.sleep(0.05)
        start = time.perf_counter()
        job = await player_jobs.start_solve(record, 10, "player")
        while (state := await player_jobs.solve_state(job, "player")) and state["state"] != "done":
            assert time.perf_counter() - start < BUSY_SECONDS, "the solve waited for the background work"
            await asyncio.sleep(0.1)
        return state and state["answer"], time.perf_counter() - start

    try:
        answer, waited = run_apart(scenario())
    finally:
        player_jobs.jobs.close()
    assert answer and answer["result"] == "won"
    assert waited < BUSY_SECONDS  # starting a worker and solving take a second or two


def test_a_worker_that_cannot_start_answers_clearly_and_leaves_no_job_behind(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = client.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}).json()
    client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0})

    def no_process(_self: LocalJobs, _lane: str) -> None:
        raise OSError(errno.EAGAIN, "fork: Resource temporarily unavailable")

    with monkeypatch.context() as patch:
        patch.setattr(LocalJobs, "_spawn", no_process)
        failed = solved(client, view["id"])
    assert failed["reason"] == "worker_lost" and "ask again" in failed["message"]
    # the failed solve no longer counts as the player's one solve: the next one runs
    assert solved(client, view["id"])["result"] == "won"
