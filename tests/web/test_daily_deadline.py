"""A daily deal asked for before it was made is made within the player's wait or not at all
(docs/API.md: a deal, or 503 daily_not_ready with Retry-After): the wait runs from the request and
covers the job's wait for a worker and a second job when the first is lost. The job system here
cannot finish in time (no worker takes a job, or the first is lost and the second never answers),
so the answer is a 503 whatever the machine's speed; the bounds on how long it takes are many times
the wait configured."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider import store as stores
from spider.daily.making import NOT_READY_RETRY_SECONDS
from spider.jobs import daily as daily_jobs
from spider.jobs.players import PlayerJobs
from spider.jobs.protocol import WINNABLE, JobState
from tests.web.loops import run_apart

LEVEL = "spiderette-1-classic"
WAIT = 1.0  # the player's whole wait, here
BOUND = 20.0  # ...and how long an answer may take, however slow the machine (the old wait was 44 s)


@pytest.fixture(autouse=True)
def short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily_jobs, "ON_REQUEST_SECONDS", WAIT)
    monkeypatch.setattr(daily_jobs, "ON_REQUEST_MARGIN", 0.2)  # a try of 0.8 s fits in it


@pytest.mark.parametrize("waiting", [1, 0], ids=["a job no worker takes", "a full lane"])
def test_a_deal_that_cannot_be_made_in_the_wait_is_a_503_with_retry_after(tmp_path: Path, waiting: int) -> None:
    from spider.web.app import create_app

    app = create_app(str(tmp_path / "db.sqlite3"), background=False)  # no schedule: no deal made ahead
    jobs = app.state.context.player_jobs.jobs
    jobs.lanes[WINNABLE] = replace(jobs.lanes[WINNABLE], workers=0, waiting=waiting)
    with TestClient(app) as client:
        asked = time.monotonic()
        r = client.post(f"/api/daily/{LEVEL}")
        took = time.monotonic() - asked
        assert r.status_code == 503 and r.json()["reason"] == "daily_not_ready", r.text
        assert r.headers["Retry-After"] == str(NOT_READY_RETRY_SECONDS)
        assert took < BOUND, took
        assert client.get("/api/games/current").status_code == 404  # nothing changed
        assert client.get("/api/daily").json()["deals"][-1]["difficulty"] is None
        assert not jobs.listed()  # the job that waited was dropped with the answer, not left queued


class LostThenSilent:
    """A job queue whose first job is lost at once and whose later ones never answer."""

    def __init__(self) -> None:
        self.submitted: list[tuple[float, tuple[Any, ...]]] = []  # (when, the task's arguments)
        self.cancelled: list[str] = []

    async def submit(self, lane: str, fn: Any, *args: Any, owner: str | None = None, **_: Any) -> str:
        self.submitted.append((asyncio.get_running_loop().time(), args))
        return str(len(self.submitted))

    async def state(self, job_id: str, owner: str | None = None) -> JobState:
        return JobState("lost" if job_id == "1" else "running", 1.0, 0.1)

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        self.cancelled.append(job_id)
        return True


def test_both_jobs_share_the_one_wait(tmp_path: Path) -> None:
    store = stores.open_store(str(tmp_path / "db.sqlite3"))
    jobs = LostThenSilent()
    player_jobs = PlayerJobs(store, jobs, database="db")  # type: ignore[arg-type]

    async def asked() -> tuple[bool, float, float]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        made = await player_jobs._made_on_request("db", "2026-12-05", LEVEL, start + WAIT)
        return made, start, loop.time()

    try:
        made, start, answered = run_apart(asked())
    finally:
        store.close()
    assert made is False and answered - start < BOUND
    assert len(jobs.submitted) == 2 and jobs.cancelled == ["2"]  # the second, still running at the end
    # each job searches within what was left of the wait when it was made: the second, less than the first
    (first_made, first), (_, second) = ((made_at, args[3]) for made_at, args in jobs.submitted)
    assert first + daily_jobs.ON_REQUEST_MARGIN <= WAIT
    assert second > 0 and second + daily_jobs.ON_REQUEST_MARGIN <= start + WAIT - first_made
