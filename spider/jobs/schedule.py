"""The site's schedule: one loop that runs each of the site's own tasks in turn when it is due.

Its tasks are the winnable top-up (``top_up.TopUp``) and the daily deals made ahead
(``daily.DailyDeals``). Each is plain: ``tick()`` does one step (one background job at most) and says
whether more is to do at once; the loop runs the next task due, so neither waits long behind the other,
and a task's failure is a log line, never the loop's end. Who runs it: the one app process (its
lifespan, spider.web.app), or the job host under ``spider serve --workers N`` without Redis; with
Redis every app process runs it and each task's site lock lets one process of the site do its step."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from ..store import Store
from . import daily, top_up
from .errors import QueueUnavailable
from .protocol import JobQueue

log = logging.getLogger("spider.schedule")


class Task(Protocol):
    name: str  # in the log line of its failure, and what ``SiteSchedule.nudge`` names
    every: float  # seconds from one look to the next, when nothing nudges it

    async def tick(self) -> bool:
        """One step; True when more is to do at once (it is due again now)."""
        ...


class SiteSchedule:
    def __init__(self, tasks: Sequence[Task]) -> None:
        self.tasks = list(tasks)
        self._due = [0.0] * len(self.tasks)  # the event loop's clock: every task is due at start
        self._wake = asyncio.Event()
        self._loop: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Run the loop until :meth:`close` (call on the event loop)."""
        self._loop = asyncio.get_running_loop().create_task(self.run(), name="site-schedule")

    def nudge(self, name: str) -> None:
        """The task ``name`` is due now, not at its next look (call on the event loop)."""
        for i, task in enumerate(self.tasks):
            if task.name == name:
                self._due[i] = 0.0
                self._wake.set()

    def close(self) -> None:
        if self._loop is not None:
            self._loop.cancel()

    async def run(self) -> None:
        """Each due task in turn, then a wait for the next one due (or a nudge); until cancelled."""
        clock = asyncio.get_running_loop()
        while True:
            for i, task in enumerate(self.tasks):
                if self._due[i] <= clock.time():
                    self._due[i] = clock.time() + task.every  # before the step: a nudge meanwhile counts
                    if await self._step(task):
                        self._due[i] = 0.0
            self._wake.clear()
            wait = min(self._due, default=clock.time() + 3600.0) - clock.time()
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)

    @staticmethod
    async def _step(task: Task) -> bool:
        try:
            return await task.tick()
        except Exception as err:  # the schedule outlives any one failure (the database or the queue down)
            log.warning("%s failed: %r", task.name, err)
            return False


def site_schedule(jobs: JobQueue, store: Store, database: str, daily_ahead: bool = True) -> SiteSchedule | None:
    """The site's schedule as this process takes part in it: the winnable top-up, and the daily deals
    made ahead unless ``daily_ahead`` is False; None when another process runs it (the job host)."""
    top_up_lock, daily_lock = jobs.site_lock(top_up.LOCK), jobs.site_lock(daily.LOCK)
    if top_up_lock is None or daily_lock is None:
        return None
    tasks: list[Task] = [top_up.TopUp(jobs, top_up_lock, database, store.count_winnable)]
    if daily_ahead:
        tasks.append(daily.DailyDeals(jobs, daily_lock, database, daily.deal_kept(store)))
    return SiteSchedule(tasks)


def top_up_nudge(schedule: SiteSchedule | None, jobs: JobQueue) -> Callable[[], Awaitable[None]]:
    """What to do when a deal left the winnable pool: nudge the top-up of ``schedule`` (this process's),
    else the job host's through ``jobs`` (a no-op where Redis holds the lock: its timer tops up anyway)."""

    async def nudge() -> None:
        if schedule is not None:
            schedule.nudge(top_up.TopUp.name)
        else:
            with contextlib.suppress(QueueUnavailable):  # the schedule's own timer tops the pool up anyway
                await jobs.nudge()

    return nudge
