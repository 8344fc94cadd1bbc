"""The site's one schedule loop (spider.jobs.schedule): each task runs when it is due (at start, after
its interval, when nudged, again at once when it has more to do), a failing task is a log line that
stops no other, and close() ends the loop. Every wait is for an event, bounded generously."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from spider import store as stores  # open_store looked up when called: a PostgreSQL run replaces it
from spider.jobs.local import LocalJobs
from spider.jobs.queues import default_lanes
from spider.jobs.remote import RemoteJobs
from spider.jobs.schedule import SiteSchedule, site_schedule
from spider.jobs.top_up import TopUp
from tests.web.loops import run_apart

BOUND = 30.0  # seconds: only a broken loop waits this long


class Counted:
    """A task that counts its ticks and signals each one; ``more`` ticks in a row say "more to do"."""

    def __init__(self, name: str, every: float, more: int = 0, fails: bool = False) -> None:
        self.name, self.every, self.more, self.fails = name, every, more, fails
        self.ticks = 0
        self.ticked = asyncio.Event()

    async def tick(self) -> bool:
        self.ticks += 1
        self.ticked.set()
        if self.fails:
            raise RuntimeError(f"{self.name} broke")
        return self.ticks <= self.more

    async def tick_count(self, count: int) -> None:
        """Wait until it has ticked ``count`` times."""
        while self.ticks < count:
            self.ticked.clear()
            await asyncio.wait_for(self.ticked.wait(), BOUND)


def test_each_task_runs_at_start_then_when_its_interval_is_up() -> None:
    async def scenario() -> tuple[int, int]:
        often, seldom = Counted("often", every=0.01), Counted("seldom", every=3600.0)
        schedule = SiteSchedule([often, seldom])
        schedule.start()
        try:
            await often.tick_count(5)  # due again and again: 10 ms apart
            await seldom.tick_count(1)
            return often.ticks, seldom.ticks
        finally:
            schedule.close()

    often, seldom = run_apart(scenario())
    assert often >= 5 and seldom == 1  # its hour is not up: only its look at start


def test_a_nudged_task_and_one_with_more_to_do_run_again_at_once() -> None:
    async def scenario() -> tuple[int, int, int]:
        nudged, busy, other = Counted("top-up", 3600.0), Counted("busy", 3600.0, more=3), Counted("other", 3600.0)
        schedule = SiteSchedule([nudged, busy, other])
        schedule.start()
        try:
            await busy.tick_count(4)  # three steps with more to do, then one with none
            await nudged.tick_count(1)
            schedule.nudge("top-up")
            await nudged.tick_count(2)
            schedule.nudge("no such task")  # nobody's: changes nothing
            return nudged.ticks, busy.ticks, other.ticks
        finally:
            schedule.close()

    nudged, busy, other = run_apart(scenario())
    assert (nudged, busy, other) == (2, 4, 1)


def test_a_failing_task_is_logged_and_stops_no_other(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> tuple[int, int]:
        broken, fine = Counted("broken", every=0.01, fails=True), Counted("fine", every=0.01)
        schedule = SiteSchedule([broken, fine])
        schedule.start()
        try:
            await fine.tick_count(3)  # the loop goes on past each failure
            await broken.tick_count(3)  # and the broken task is tried again when due
            return broken.ticks, fine.ticks
        finally:
            schedule.close()

    with caplog.at_level(logging.WARNING, logger="spider.schedule"):
        broken, fine = run_apart(scenario())
    assert broken >= 3 and fine >= 3
    failures = [r.getMessage() for r in caplog.records if r.name == "spider.schedule"]
    assert failures and all(m == "broken failed: RuntimeError('broken broke')" for m in failures)


def test_close_ends_the_loop_and_no_task_runs_after() -> None:
    async def scenario() -> tuple[bool, int, int]:
        often = Counted("often", every=0.01)
        schedule = SiteSchedule([often])
        schedule.start()
        await often.tick_count(2)
        schedule.close()
        loop = schedule._loop
        assert loop is not None
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(loop, BOUND)
        ticks = often.ticks
        schedule.nudge("often")
        await asyncio.sleep(0)  # a live loop would be woken here
        return loop.cancelled(), ticks, often.ticks

    cancelled, before, after = run_apart(scenario())
    assert cancelled and after == before


def test_the_sites_schedule_holds_the_top_up_and_the_daily_deals_unless_told_not_to(tmp_path: Path) -> None:
    store = stores.open_store(str(tmp_path / "db.sqlite3"))
    jobs = LocalJobs(default_lanes())
    try:
        full = site_schedule(jobs, store, "db")
        assert full is not None and [t.name for t in full.tasks] == [TopUp.name, "daily deals"]
        alone = site_schedule(jobs, store, "db", daily_ahead=False)
        assert alone is not None and [t.name for t in alone.tasks] == [TopUp.name]
        # an app worker of `spider serve --workers N`: the job host runs the site's schedule
        assert site_schedule(RemoteJobs("/nonexistent/jobs.sock", b"key", default_lanes()), store, "db") is None
    finally:
        jobs.close()
        store.close()
