"""Players first on Redis: a real ``spider worker`` whose processes the site's own work (background
jobs that hold their process until the test lets them end) has taken answers a player's solve all the
same, while that work still holds on; the work yields and starts again, and ends once let.

Each test uses a queue prefix of its own on the test Redis, and removes its keys after. The verdicts
wait for events (an answer, a job's state), never for a time."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from redis import Redis

from spider.jobs import daily, top_up
from spider.jobs.protocol import BACKGROUND, JobState
from spider.jobs.queues import default_lanes
from spider.jobs.redis_queue import RedisJobs
from spider.web.app import create_app
from tests.jobs.gated import held
from tests.jobs.worker_process import ROOT, WorkerProcess
from tests.patience import GENEROUS
from tests.redisdb import remove_site
from tests.web.loops import run_apart
from tests.web.procwatch import wait_for

REDIS_URL = os.environ.get("SPIDER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
EASY = "SP1-S1C-AAAAAAD"  # won in a second or two once its first row is dealt
OWNERS = (top_up.OWNER, daily.OWNER)  # the site's two schedules: one background job each at a time
pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc"),
]


@pytest.fixture
def prefix(redis: Redis, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    name = f"spider-test-{uuid.uuid4().hex[:12]}"
    monkeypatch.setenv("SPIDER_REDIS_URL", REDIS_URL)
    monkeypatch.setenv("SPIDER_REDIS_PREFIX", name)
    yield name
    remove_site(redis, name)


@pytest.fixture
def jobs(prefix: str) -> Iterator[RedisJobs]:
    queue = RedisJobs(REDIS_URL, default_lanes(), prefix=prefix)
    yield queue
    queue.close()


def state(jobs: RedisJobs, job: str, owner: str) -> JobState:
    found = run_apart(jobs.state(job, owner))
    assert found is not None
    return found


def player_asks(client: TestClient) -> tuple[TestClient, str]:
    """A new player with a game of EASY (its first row dealt) asks whether it can be won: the job id."""
    player = TestClient(client.app)  # type: ignore[arg-type]
    game = player.post("/api/games", json={"code": EASY}).json()["id"]
    assert player.post(f"/api/games/{game}/actions", json={"action": "deal", "version": 0}).status_code == 200
    asked = player.post(f"/api/games/{game}/solve", json={"time_limit": 30})
    assert asked.status_code == 202, asked.text  # admitted: the site's work is in a lane of its own
    return player, asked.json()["id"]


def answered(player: TestClient, job: str) -> dict[str, Any] | None:
    polled = player.get(f"/api/solves/{job}").json()
    return polled["answer"] if polled["state"] == "done" else None


@pytest.mark.parametrize("processes", [1, 2])
def test_a_players_solve_is_answered_while_the_sites_own_work_holds_the_worker(
    processes: int, prefix: str, jobs: RedisJobs, redis: Redis, tmp_path: Path
) -> None:
    """One process (it serves both, the players first) or two (by default one of them players' alone):
    each of the site's schedules has a background job that would hold a process until the gate opens."""
    worker = WorkerProcess(REDIS_URL, prefix, tmp_path / "worker.log", "--processes", str(processes))
    gate, starts = f"{prefix}:gate", [f"{prefix}:starts:{owner}" for owner in OWNERS]
    try:
        wait_for(lambda: jobs.serving() == processes)
        background = [
            run_apart(jobs.submit(BACKGROUND, held, REDIS_URL, gate, count, owner=owner, seconds=600))
            for owner, count in zip(OWNERS, starts, strict=True)
        ]
        wait_for(lambda: any(state(jobs, j, o).state == "running" for j, o in zip(background, OWNERS, strict=True)))

        with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as client:
            players = [player_asks(client) for _ in range(2)]
            for player, job in players:
                answer = wait_for(lambda p=player, j=job: answered(p, j))
                assert answer["result"] == "won"
            # the players were answered while the site's work still held on: none of it has ended
            states = [state(jobs, j, o).state for j, o in zip(background, OWNERS, strict=True)]
            assert set(states) <= {"waiting", "running"}, states

        if processes == 1:  # the one process ended a background job for the players: it starts again
            wait_for(lambda: max(redis.llen(count) for count in starts) >= 2)
        redis.set(gate, 1)
        for job, owner in zip(background, OWNERS, strict=True):
            finished = wait_for(
                lambda j=job, o=owner: (s := state(jobs, j, o)).state not in ("waiting", "running") and s
            )
            assert finished.state == "done" and finished.answer == "opened"
        assert worker.stop() == 0
    finally:
        worker.kill()


def test_a_player_process_count_beyond_the_processes_is_refused_in_one_line() -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "spider.cli", "worker", "--processes", "2", "--player-processes", "3"],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=GENEROUS,
    )
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1
    assert ran.stderr.startswith("spider: --player-processes 3 is more than --processes 2")
