"""Solver jobs on a real Redis, run by real ``spider worker`` processes, through the HTTP API.

Each test uses a queue prefix of its own, so that concurrent runs on one Redis never meet. Redis must
answer (``scripts/test`` installs and starts it where it is missing): these tests fail, never skip,
without it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from job_ids import FOREIGN_JOB_IDS
from loops import run_apart
from procwatch import children, descendants, gone, kill_tree, wait_for
from redis import Redis
from rq import Queue, Worker

from spider.engine import Game
from spider.jobs import players
from spider.jobs.admission import Refusal
from spider.jobs.errors import Busy
from spider.jobs.protocol import WORKER_START_SECONDS
from spider.jobs.queues import default_lanes
from spider.jobs.redis_queue import RedisJobs
from spider.solver import deep_hint
from spider.web.app import create_app
from tests.patience import AT_ONCE, GENEROUS, generous
from tests.redisdb import remove_site

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("SPIDER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
HARD = "SP1-S4C-AAAABAP"  # the solver can't decide it in a minute (bench figures)
OWN_END = 10  # seconds: a time limit on HARD that ends a solve by itself, after the test's cancel
EASY = "SP1-S1C-AAAAAAD"  # won in a second or two once its first row is dealt
pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc"),
]


class Site:
    """An app on Redis under a prefix of its own, and the ``spider worker`` processes it starts."""

    def __init__(self, tmp_path: Path, prefix: str) -> None:
        self.tmp_path = tmp_path
        self.prefix = prefix
        self.workers: list[subprocess.Popen[bytes]] = []

    def start_worker(self, processes: int = 1) -> subprocess.Popen[bytes]:
        """``spider worker``: a supervisor (RQ's worker pool) and its ``processes`` workers."""
        command = ["worker", "--redis", REDIS_URL, "--prefix", self.prefix, "--processes", str(processes)]
        worker = subprocess.Popen(
            [sys.executable, "-m", "spider.cli", *command],
            cwd=ROOT,
            env=os.environ | {"PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.workers.append(worker)
        return worker

    def horse(self, worker: subprocess.Popen[bytes]) -> int:
        """The pid of a process running a job of the worker's (RQ forks one per job below the worker
        process that took it), once there is one."""
        return wait_for(lambda: next(iter(descendants(worker.pid) - children(worker.pid)), 0))

    def close(self) -> None:
        for worker in self.workers:
            kill_tree(worker.pid)  # its job's process too
            worker.wait()


@pytest.fixture
def site(tmp_path: Path, redis: Redis, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    prefix = f"spider-test-{uuid.uuid4().hex[:12]}"
    monkeypatch.setenv("SPIDER_REDIS_URL", REDIS_URL)
    monkeypatch.setenv("SPIDER_REDIS_PREFIX", prefix)
    site = Site(tmp_path, prefix)
    yield site
    site.close()
    remove_site(redis, prefix)


@pytest.fixture
def client(site: Site) -> Iterator[TestClient]:
    with TestClient(create_app(str(site.tmp_path / "db.sqlite3"), background=False)) as c:
        yield c


def player_with(client: TestClient, code: str) -> tuple[TestClient, str]:
    """A new player (a client of the same app with the cookie the server issued) with a game of
    ``code``, its first row dealt."""
    player = TestClient(client.app)  # type: ignore[arg-type]
    game = player.post("/api/games", json={"code": code})
    assert game.status_code == 201 and player.cookies["spider_player"]
    return player, _dealt(player, game.json()["id"])


def player_with_game(player: TestClient, code: str) -> str:
    """Another game of the player, its first row dealt."""
    return _dealt(player, player.post("/api/games", json={"code": code}).json()["id"])


def _dealt(player: TestClient, game: str) -> str:
    r = player.post(f"/api/games/{game}/actions", json={"action": "deal", "version": 0})
    assert r.status_code == 200
    return game


def ask(player: TestClient, game: str, time_limit: float = 30) -> str:
    r = player.post(f"/api/games/{game}/solve", json={"time_limit": time_limit})
    assert r.status_code == 202, r.text
    assert r.json()["state"] == "waiting" and r.headers["Location"].endswith(f"/solves/{r.json()['id']}")
    return str(r.json()["id"])


def poll(player: TestClient, job: str) -> dict[str, Any]:
    r = player.get(f"/api/solves/{job}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def answer(player: TestClient, job: str, seconds: float = GENEROUS) -> dict[str, Any]:
    state = wait_for(lambda: (s := poll(player, job))["state"] == "done" and s, seconds)
    return dict(state["answer"])


def test_a_solve_runs_on_a_spider_worker_and_its_answer_is_polled(site: Site, client: TestClient) -> None:
    site.start_worker()
    player, game = player_with(client, EASY)
    job = ask(player, game)
    result = answer(player, job)
    assert result["result"] == "won" and result["actions"] and "face-down" in result["note"]
    # another player cannot see it, nor cancel it
    stranger, _ = player_with(client, EASY)
    assert stranger.get(f"/api/solves/{job}").status_code == 404
    assert stranger.delete(f"/api/solves/{job}").status_code == 404
    assert player.get("/api/solves/nonsense").json()["reason"] == "not_found"


def test_a_solve_id_that_is_not_ours_is_404_never_a_5xx(site: Site, client: TestClient) -> None:
    player, _ = player_with(client, EASY)
    for job_id in FOREIGN_JOB_IDS:
        for method in ("GET", "DELETE"):
            r = player.request(method, f"/api/solves/{job_id}")
            assert r.status_code == 404 and r.json()["reason"] == "not_found", (method, job_id, r.text)


def test_a_deep_hint_is_worked_out_by_a_spider_worker(site: Site, client: TestClient) -> None:
    site.start_worker()
    player, game = player_with(client, EASY)
    record = player.get(f"/api/games/{game}/record").json()
    r = player.post(f"/api/games/{game}/hint", params={"deep": "true"})
    assert r.status_code == 200, r.text
    assert r.json()["action"] == deep_hint(Game.from_record(record)) and r.json()["message"]


def test_a_cancelled_job_stops_at_once_and_never_touches_another_players(site: Site, client: TestClient) -> None:
    first, second = site.start_worker(), site.start_worker()
    alice, alice_game = player_with(client, HARD)
    bob, bob_game = player_with(client, HARD)
    alice_job = ask(alice, alice_game, 60)
    bob_job = ask(bob, bob_game, OWN_END)
    wait_for(lambda: poll(alice, alice_job)["state"] == poll(bob, bob_job)["state"] == "running")
    horses = {site.horse(first), site.horse(second)}

    assert alice.delete(f"/api/solves/{alice_job}").status_code == 204
    # the worker killed its job's process at once, not when its 60 s search ended
    wait_for(lambda: len([h for h in horses if not gone(h)]) == 1, AT_ONCE, why="the cancelled job lived on")
    state = answer(alice, alice_job)
    assert state["result"] == "unknown" and state["reason"] == "cancelled"
    # Alice may ask again at once; her worker is free for it
    assert answer(alice, ask(alice, player_with_game(alice, EASY)))["result"] == "won"
    # Bob's solve went on to its own end: its time limit, no stop meant for Alice's job
    bob_state = answer(bob, bob_job)
    assert bob_state["result"] == "unknown" and bob_state["reason"] == "time limit"


def test_one_job_per_player_and_a_bounded_queue_answer_429_with_retry_after(site: Site, client: TestClient) -> None:
    """No worker runs: the jobs wait, and the wait list fills."""
    waiting = default_lanes()["solve"].waiting
    players = [player_with(client, EASY) for _ in range(waiting + 1)]
    jobs = [ask(player, game) for player, game in players[:waiting]]

    (first, first_game), (last, last_game) = players[0], players[-1]
    again = first.post(f"/api/games/{first_game}/solve", json={"time_limit": 5})
    assert again.status_code == 429 and again.json()["reason"] == "solver_running" and again.json()["message"]
    assert int(again.headers["Retry-After"]) >= 1
    full = last.post(f"/api/games/{last_game}/solve", json={"time_limit": 5})
    assert full.status_code == 429 and full.json()["reason"] == "solver_busy" and full.json()["message"]
    assert int(full.headers["Retry-After"]) >= 1

    # a waiting job cancelled leaves the wait list, and the refused player gets the place
    second = players[1][0]
    assert second.delete(f"/api/solves/{jobs[1]}").status_code == 204
    assert poll(second, jobs[1])["answer"]["reason"] == "cancelled"
    queued = ask(last, last_game)
    site.start_worker()
    assert answer(last, queued)["result"] == "won"
    assert answer(first, jobs[0])["result"] == "won"  # the others were kept


def test_a_killed_worker_is_reported_never_a_500_and_replaced_at_once(site: Site, client: TestClient) -> None:
    pool = site.start_worker(processes=2)
    workers = wait_for(lambda: len(found := children(pool.pid)) == 2 and found)
    player, game = player_with(client, HARD)
    job = ask(player, game, 60)
    wait_for(lambda: poll(player, job)["state"] == "running")
    horse = site.horse(pool)
    busy = next(w for w in workers if horse in children(w))
    os.kill(busy, signal.SIGKILL)  # the worker and its job's process, as the out-of-memory killer would
    os.kill(horse, signal.SIGKILL)

    result = answer(player, job)  # once its worker has been silent a while, not when the search would end
    assert result["result"] == "unknown" and result["reason"] == "worker_lost" and "ask again" in result["message"]
    replaced = wait_for(lambda: len(now := children(pool.pid)) == 2 and busy not in now and now)
    assert workers - {busy} < replaced  # the other worker lives on beside a new one
    # the next solves are answered, two at once (both workers take jobs), with no worker started by hand
    other, other_game = player_with(client, HARD)
    long_job = ask(other, other_game, 60)
    assert answer(player, ask(player, player_with_game(player, EASY)))["result"] == "won"
    assert poll(other, long_job)["state"] == "running"


def idle_workers(redis: Redis, site: Site) -> int:
    """How many of the site's RQ workers wait for a job now."""
    queue = Queue(f"{site.prefix}:solve", connection=redis)
    return sum(1 for worker in Worker.all(connection=redis, queue=queue) if worker.get_state() == "idle")


def test_an_idle_spider_worker_stops_at_once_on_sigterm(site: Site, redis: Redis) -> None:
    """Its supervisor and every worker of its pool, none left behind (a container allows 10 s; an idle
    one takes well under a second: bench/solver_service.py measures it)."""
    pool = site.start_worker(processes=3)
    wait_for(lambda: idle_workers(redis, site) == 3)
    processes = descendants(pool.pid)
    stopped = time.monotonic()
    pool.send_signal(signal.SIGTERM)
    assert pool.wait(AT_ONCE) == 0
    took = time.monotonic() - stopped
    assert all(gone(pid) for pid in processes)
    assert idle_workers(redis, site) == 0  # each said it was leaving
    print(f"an idle spider worker of 3 processes stopped {took:.2f} s after SIGTERM")


def test_a_busy_spider_worker_stopped_ends_its_job_and_its_player_is_answered_at_once(
    site: Site, client: TestClient
) -> None:
    """At once: within seconds (bench/solver_service.py measures it), not when the 60 s search ends."""
    worker = site.start_worker()
    player, game = player_with(client, HARD)
    job = ask(player, game, 60)
    wait_for(lambda: poll(player, job)["state"] == "running")
    horse = site.horse(worker)
    stopped = time.monotonic()
    worker.send_signal(signal.SIGTERM)
    assert worker.wait(AT_ONCE) == 0
    exited = time.monotonic() - stopped
    result = answer(player, job, AT_ONCE)
    answered = time.monotonic() - stopped
    assert result["result"] == "unknown" and result["reason"] == "worker_lost" and "ask again" in result["message"]
    assert gone(horse)
    print(f"a busy spider worker stopped {exited:.2f} s after SIGTERM; its player answered after {answered:.2f} s")


def test_a_winnable_deal_nobody_can_look_for_is_a_random_deal_soon_not_a_hang(
    site: Site, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No `spider worker` runs and the level's ready deals are gone: the player gets a random deal once
    the search's patience runs out, and the queued search is dropped."""
    monkeypatch.setattr(players, "ON_DEMAND_SECONDS", 1.0)
    store = client.app.state.context.store  # type: ignore[attr-defined]
    while store.take_winnable("spiderette-1-classic"):
        pass
    asked = time.monotonic()
    r = client.post("/api/games", json={"game": "spiderette", "suits": 1, "winnable": True})
    assert r.status_code == 201 and r.json()["proven_winnable"] is False
    # not a hang: the server's patience, two 1 s tries and the workers' start allowance
    assert time.monotonic() - asked < generous(2 * 1.0 + 2 * WORKER_START_SECONDS)
    assert client.app.state.context.player_jobs.jobs.queues["winnable"].count == 0  # type: ignore[attr-defined]


def test_spider_worker_without_a_redis_says_so_in_one_line_and_exits_2() -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "spider.cli", "worker", "--redis", "redis://127.0.0.1:1/0"],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=GENEROUS,
    )
    assert ran.returncode == 2
    assert ran.stderr.startswith("spider: cannot use Redis at redis://127.0.0.1:1/0") and ran.stderr.count("\n") == 1


def test_a_review_runs_on_a_spider_worker_with_its_progress_and_is_stored(site: Site) -> None:
    from tests.web.test_review_api import LOST, lost_game, make_app

    site.start_worker()
    with TestClient(make_app(site.tmp_path)) as player:
        game = lost_game(player, LOST)
        started = player.post(f"/api/games/{game}/review")
        assert started.status_code == 200 and started.json()["state"] == "waiting"
        job = started.json()["job"]
        state = wait_for(lambda: (s := player.get(f"/api/reviews/{job}").json())["state"] == "done" and s)
        assert state["review"]["turning_point"]["index"] == 3 and state["sentences"]
        assert state["done"] == len(state["review"]["probes"]) and state["expected"]  # as the worker reported
        assert player.post(f"/api/games/{game}/review").json()["review"] == state["review"]  # stored


def test_one_job_per_client_address_on_redis_too(site: Site, redis: Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    """The address's bound is the same admission rule, on what Redis holds: any app process sees it."""
    monkeypatch.setenv("SPIDER_SOLVES_PER_CLIENT", "1")
    jobs = RedisJobs(REDIS_URL, default_lanes(), prefix=site.prefix)

    async def scenario() -> None:
        await jobs.submit("solve", time.sleep, 1, owner="new-player-1", seconds=10, client="10.0.0.2")
        with pytest.raises(Busy) as refused:
            await jobs.submit("solve", time.sleep, 1, owner="new-player-2", seconds=10, client="10.0.0.2")
        assert refused.value.refusal is Refusal.FULL and refused.value.retry_after >= 1
        await jobs.submit("solve", time.sleep, 1, owner="ann", seconds=10, client="10.0.0.3")

    try:
        run_apart(scenario())
    finally:
        jobs.close()


def test_a_job_id_through_the_other_kinds_route_is_404(site: Site) -> None:
    from tests.web.test_job_kinds import each_kind_through_the_other_route
    from tests.web.test_review_api import make_app

    site.start_worker()
    with TestClient(make_app(site.tmp_path)) as client:
        each_kind_through_the_other_route(client)
