"""The daily deals' jobs: the task that makes a day's deals (once, on a quick level, with small
limits) and the schedule's task that submits it for today's and tomorrow's missing deals."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from spider import store as stores  # open_store looked up when called: a PostgreSQL run replaces it
from spider.daily import LEVELS, daily_deck, daily_secret, days
from spider.daily.deck import day_key
from spider.daily.difficulty import difficulty
from spider.engine import Game
from spider.jobs import daily as daily_jobs
from spider.jobs.players import PlayerJobs
from spider.jobs.protocol import BACKGROUND, WINNABLE, JobState, OneProcess
from spider.jobs.tasks import make_daily
from tests.web.loops import run_apart

LEVEL = "spiderette-1-classic"  # solved in a fraction of a second
DAY = "2026-12-05"


def test_the_task_makes_a_proved_deal_of_the_secrets_shuffle_once(tmp_path: Path) -> None:
    database = str(tmp_path / "db.sqlite3")
    assert make_daily(database, DAY, [LEVEL], 10.0, 5.0, 1) == [LEVEL]
    store = stores.open_store(database)
    try:
        deal = store.daily_deal(DAY, LEVEL)
        assert deal is not None and deal.difficulty == difficulty(LEVEL, deal.deck, 1)  # its grade, by one game
        secret = daily_secret(store)
        assert any(deal.deck == daily_deck(secret, DAY, LEVEL, attempt) for attempt in range(20))
        assert deal.seal is not None and deal.deck == daily_deck(secret, DAY, LEVEL, deal.seal.attempt)
        assert deal.seal.day_key == day_key(secret, DAY) and len(deal.seal.salt) == 64
        game = Game.from_record({"game": "spiderette", "suits": 1, "deck": deal.deck, "actions": deal.line})
        assert game.won
        assert make_daily(database, DAY, [LEVEL], 0.0, 0.0, 1) == [LEVEL]  # kept: nothing to make
        assert store.daily_deal(DAY, LEVEL) == deal
        assert make_daily(database, DAY, ["spider-4-classic"], 0.0, 0.0, 1) == []  # no time: none
    finally:
        store.close()


def test_the_configured_secret_wins_over_the_stored_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = stores.open_store(str(tmp_path / "db.sqlite3"))
    try:
        stored = daily_secret(store)
        assert len(stored) == 64 and daily_secret(store) == stored
        monkeypatch.setenv("SPIDER_DAILY_SECRET", "a site's own secret, long enough")
        assert daily_secret(store) == "a site's own secret, long enough"
    finally:
        store.close()


class Recorded:
    """A job queue that runs nothing: it answers every job done at once and keeps what it was given."""

    def __init__(self) -> None:
        self.submitted: list[tuple[str, Any, tuple[Any, ...], str | None]] = []

    async def submit(self, lane: str, fn: Any, *args: Any, owner: str | None = None, **_: Any) -> str:
        self.submitted.append((lane, fn, args, owner))
        return str(len(self.submitted))

    async def state(self, job_id: str, owner: str | None = None) -> JobState:
        return JobState("done", 1.0, 0.1, answer=[])

    def site_lock(self, name: str) -> None:
        return None  # the job host's kind: no other app process makes a deal


def test_the_schedule_submits_a_background_job_for_each_missing_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(days, "now", lambda: dt.datetime(2026, 12, 4, 12, tzinfo=dt.UTC).timestamp())
    monkeypatch.setattr(daily_jobs, "POLL_SECONDS", 0.0)
    kept = {("2026-12-04", level) for level in LEVELS[1:]} | {("2026-12-05", LEVELS[0])}
    jobs = Recorded()

    def has_deal(day: str, level: str) -> bool:  # kept, or made by a job submitted before
        return (day, level) in kept or any(args[1:3] == (day, [level]) for _, _, args, _ in jobs.submitted)

    task = daily_jobs.DailyDeals(jobs, OneProcess(), "db", has_deal)  # type: ignore[arg-type]
    ticks = 1
    while run_apart(task.tick()):  # one deal a tick, and more to do at once while any is missing
        ticks += 1
    made = [(args[1], args[2]) for _, _, args, _ in jobs.submitted]
    assert ticks == len(made) + 1
    assert made == [("2026-12-04", [LEVELS[0]]), *[("2026-12-05", [level]) for level in LEVELS[1:]]]
    assert {(lane, fn, owner) for lane, fn, _, owner in jobs.submitted} == {(BACKGROUND, make_daily, "site-daily")}


def test_an_app_without_background_work_has_no_daily_schedule(tmp_path: Path) -> None:
    from spider.web.app import create_app

    app = create_app(str(tmp_path / "db.sqlite3"), background=False)
    assert app.state.schedule is None


class LosesFirst(Recorded):
    """The first job is lost (its worker died); later ones make the deal."""

    async def state(self, job_id: str, owner: str | None = None) -> JobState:
        if job_id == "1":
            return JobState("lost", 1.0, 0.1)
        return JobState("done", 1.0, 0.1, answer=[LEVEL])


def test_a_deal_made_on_request_is_tried_once_more_when_its_job_is_lost(tmp_path: Path) -> None:
    store = stores.open_store(str(tmp_path / "db.sqlite3"))
    try:
        jobs = LosesFirst()
        made = PlayerJobs(store, jobs, database="db")  # type: ignore[arg-type]
        assert run_apart(made._made_on_request("db", DAY, LEVEL)) is True
        assert len(jobs.submitted) == 2 and {lane for lane, *_ in jobs.submitted} == {WINNABLE}
        always_lost = LosesFirst()
        always_lost.state = lambda job_id, owner=None: _lost()  # type: ignore[method-assign]
        lost = PlayerJobs(store, always_lost, database="db")  # type: ignore[arg-type]
        assert run_apart(lost._made_on_request("db", DAY, LEVEL)) is False
        assert len(always_lost.submitted) == daily_jobs.ON_REQUEST_JOBS
    finally:
        store.close()


async def _lost() -> JobState:
    return JobState("lost", 1.0, 0.1)
