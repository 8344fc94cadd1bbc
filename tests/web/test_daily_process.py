"""The daily deals of a real ``spider serve`` (one process, a fresh database), seen only through
HTTP: with background work on, the site's schedule makes today's deals by itself, before any
player asks for one (its first look is at start); with the schedule off, a deal asked for is made
on request, within the fallback's time, and the next player gets the same cards."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from spider.jobs import daily, top_up
from spider.jobs.protocol import WORKER_START_SECONDS
from tests.conftest import on_postgresql
from tests.patience import GENEROUS, generous, wait_for
from tests.postgres import fresh_database
from tests.test_workers import Served, start, stop
from tests.web.procwatch import descendants, kill_tree

pytestmark = pytest.mark.process

SCHEDULED = "spider-1-classic"  # the schedule's first level: made first
ON_REQUEST = "spiderette-1-classic"  # a quick level to find and rate while a player waits
# Usually 10 to 30 s, but the deal is another every run (a fresh secret, another day): its search
# and its rating are bounded in CPU time, which a job at nice 10 gets slowly on a loaded machine.
# So the bound is the schedule's own: its job may wait for a top-up job (the background lane has
# one worker), then runs until it is done or is ended as hung.
SCHEDULE_SECONDS = generous(top_up.HANG_SECONDS + daily.HANG_SECONDS + 2 * WORKER_START_SECONDS)
# the fallback's search and its rating, and a worker's start twice: the server's own patience
REQUEST_SECONDS = generous(daily.ON_REQUEST_SECONDS + daily.RATING_SECONDS + 2 * WORKER_START_SECONDS)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema of its own."""
    with fresh_database(tmp_path, on_postgresql()) as made:
        yield made


def serve(database: str, log: Path, env: dict[str, str], workers: int = 1) -> Served:
    return start(database, log, workers=workers, env=env)


def end(served: Served) -> None:
    """Stop the server, then anything it started that outlived it (a solver job's process)."""
    below = descendants(served.process.pid)
    try:
        stop(served)
    finally:
        kill_tree(served.process.pid)
        for pid in below:
            kill_tree(pid)


def client(served: Served) -> httpx.Client:
    return httpx.Client(base_url=f"http://127.0.0.1:{served.port}", timeout=REQUEST_SECONDS)


def scheduled_difficulty(player: httpx.Client) -> str | None:
    r = player.get("/api/daily")
    assert r.status_code == 200, r.text
    deal = next(d for d in r.json()["deals"] if d["level"] == SCHEDULED)
    assert "deck" not in deal and "line" not in deal  # today's deal stays secret
    return deal["difficulty"]


# one app process runs the schedule itself; with two, the job host runs it for the site
@pytest.mark.parametrize("workers", [1, 2])
def test_the_schedule_makes_todays_deals_with_no_request_asking(database: str, tmp_path: Path, workers: int) -> None:
    env = {"SPIDER_BACKGROUND": "true", "SPIDER_DAILY_AHEAD": "true"}
    served = serve(database, tmp_path / "scheduled.log", env, workers)
    try:
        with client(served) as player:  # a fresh database: nothing made yet; only GETs, nothing asks for one
            difficulty = wait_for(
                lambda: scheduled_difficulty(player), SCHEDULE_SECONDS, 0.5, "the schedule made no deal"
            )
            assert difficulty in ("easy", "medium", "hard", "expert")
            requests = [e for e in served.entries() if e.get("logger") == "spider.access"]
            assert requests and all(e["method"] == "GET" for e in requests), requests  # no request made it
    finally:
        end(served)


def made_on_request(player: httpx.Client) -> dict[str, Any]:
    """Today's deal of ON_REQUEST, asked for until it is made: each answer within the server's own
    patience, either the deal or 503 daily_not_ready with Retry-After (its search is bounded by the
    player's wait, so a machine too busy to find a winnable try in time turns the player away, and
    they ask again, as the answer says)."""
    made: list[httpx.Response] = []

    def asked() -> bool:
        began = time.monotonic()
        answer = player.post(f"/api/daily/{ON_REQUEST}")
        assert time.monotonic() - began < REQUEST_SECONDS  # no hang: the server's patience bounds it
        if answer.status_code == 503:
            assert answer.json()["reason"] == "daily_not_ready" and answer.headers["Retry-After"], answer.text
            return False
        assert answer.status_code == 201, answer.text
        made.append(answer)
        return True

    wait_for(asked, GENEROUS, 0.0, "no deal was made on request")
    return dict(made[0].json())


def test_without_the_schedule_a_deal_is_made_on_request_the_same_for_everyone(database: str, tmp_path: Path) -> None:
    env = {"SPIDER_BACKGROUND": "true", "SPIDER_DAILY_AHEAD": "false"}  # the top-up runs, not the schedule
    served = serve(database, tmp_path / "on-request.log", env)
    try:
        with client(served) as first, client(served) as second:
            deals = first.get("/api/daily").json()["deals"]
            assert all(d["difficulty"] is None for d in deals)  # no schedule: nothing made ahead
            view = made_on_request(first)
            assert view["daily"]["level"] == ON_REQUEST and view["daily"]["counted"] is True
            assert view["code"] is None and view["won"] is False
            again = second.post(f"/api/daily/{ON_REQUEST}")
            assert again.status_code == 201, again.text
            other = again.json()
            assert other["id"] != view["id"] and other["daily"] == view["daily"]
            assert other["columns"] == view["columns"] and other["stock"] == view["stock"]
            assert any(column["down"] for column in view["columns"])  # face-down cards: only counted
    finally:
        end(served)
