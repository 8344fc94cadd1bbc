"""A daily deal asked for before it was made is made within the player's wait or not at all
(docs/API.md: a deal, or 503 daily_not_ready with Retry-After): the wait runs from the request and
covers the job's wait for a worker. The job system here cannot finish in time (no worker takes a
job, or the lane is full), so the answer is a 503 whatever the machine's speed; the bounds on how
long it takes are many times the wait configured. (test_daily_joined.py: the making goes on.)"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.daily.making import NOT_READY_RETRY_SECONDS
from spider.jobs import daily as daily_jobs
from spider.jobs.protocol import WINNABLE

LEVEL = "spiderette-1-classic"
WAIT = 1.0  # the player's whole wait, here
BOUND = 20.0  # ...and how long an answer may take, however slow the machine (the old wait was 44 s)


@pytest.fixture(autouse=True)
def short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily_jobs, "ON_REQUEST_SECONDS", WAIT)


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
        # the making's job that waits goes on for the next player, and only that one
        assert len(jobs.listed()) == waiting
        assert client.post(f"/api/daily/{LEVEL}").status_code == 503 and len(jobs.listed()) == waiting
    assert not jobs.listed()  # dropped as the app stopped, not left queued
