"""The daily deals as jobs: made ahead by a task of the site's schedule, or on request when missing.

Every ``EVERY_SECONDS`` the process holding the site's ``daily`` lock (the same rule as the top-up:
the one app process, the job host of ``spider serve --workers N``, or with Redis whichever app
process holds the Redis lock) looks for today's and tomorrow's deals and submits a background job
for the first level that has none, one after another (``schedule.SiteSchedule`` runs it again at
once); the job makes the deal and writes it to the store itself (``tasks.make_daily``). A deal asked
for before the schedule made it is made on request, by the same task in the lane of the jobs a player
waits for (``players.PlayerJobs.daily_deal``): once at a time for everyone who asks for it (in this
process, and with Redis on the whole site), going on past the first player's wait until it is stored.
A player waits ``ON_REQUEST_SECONDS`` from their request for it, else is answered a 503 that asks them
to try again."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..daily import LEVELS, days
from ..daily.making import TRY_SECONDS
from ..solver.grading import SEEDS
from ..store import Store
from .errors import Busy, QueueUnavailable
from .protocol import BACKGROUND, WORKER_START_SECONDS, JobQueue, SiteLock
from .tasks import make_daily
from .top_up import held_until_done

LOCK = "daily"
OWNER = "site-daily"  # one daily job at a time for the whole site, beside the top-up's
EVERY_SECONDS = 600.0  # how often the next two days' deals are looked at
POLL_SECONDS = 1.0
# On the schedule: a level's search for a winnable try (each try's solve within TRY_SECONDS), in the
# job's CPU seconds: its work is bounded, not its wait for the CPU (at nice 10 a busy machine may
# give it a tenth of a core).
SEARCH_SECONDS = 90.0
# The grading's games (seconds: bench/grades.py) on top of those, for a job's bound.
RATING_SECONDS = 30.0
# So the schedule's job is ended by its wall clock only when it hangs: its work at a tenth of a core.
HANG_SECONDS = 10 * (SEARCH_SECONDS + RATING_SECONDS)
# On request: a player's whole wait, from their request to the answer (docs/API.md), the making's wait
# for a worker included. The making itself is not bounded by it: it goes on for the players after them.
ON_REQUEST_SECONDS = 10.0
# The making's search, on the wall clock (the players' lane is not niced): the schedule's bound, so that
# a busy machine still finds the deal, in short tries: a shuffle the solver cannot settle at once (one it
# must prove lost, say) gives way to the next, so the first player's wait is rarely spent on one try.
ON_REQUEST_SEARCH_SECONDS = SEARCH_SECONDS
ON_REQUEST_TRY_SECONDS = 2.5
# A job's wait for the lane's one worker and its run, before it counts as lost: room for another making
# ahead of it in the lane.
ON_REQUEST_PATIENCE = 2 * (ON_REQUEST_SEARCH_SECONDS + RATING_SECONDS + 2 * WORKER_START_SECONDS)
ON_REQUEST_JOBS = 2  # a lost job is tried once more
# With Redis, another app process that makes the deal holds this lock; one that waits for it looks at the
# store this often.
ON_REQUEST_LOCK = "daily-on-request"
ON_REQUEST_LOOK_SECONDS = 1.0


def deal_kept(store: Store) -> Callable[[str, str], bool]:
    """Whether ``store`` holds a day's deal of a level (blocking)."""
    return lambda day, level: store.daily_deal(day, level) is not None


class DailyDeals:
    """A task of the site's schedule (``schedule.SiteSchedule``)."""

    name = "daily deals"  # the schedule's name for it, in its log lines
    every = EVERY_SECONDS

    def __init__(self, jobs: JobQueue, lock: SiteLock, database: str, has_deal: Callable[[str, str], bool]) -> None:
        """``has_deal(day, level)``: whether the store holds that deal (blocking: run in a thread)."""
        self.jobs = jobs
        self.lock = lock
        self.database = database
        self.has_deal = has_deal

    async def tick(self) -> bool:
        """If this process holds the lock, make the first of today's and tomorrow's missing deals; True
        when it did and more may be missing."""
        if not await asyncio.to_thread(self.lock.acquire):
            return False
        try:
            missing = await self._missing()
            return missing is not None and await self._made(*missing)
        except (Busy, QueueUnavailable):
            return False  # a daily job queued earlier still runs (its scheduler died), or the queue is down
        finally:
            await asyncio.to_thread(self.lock.release)

    async def _missing(self) -> tuple[str, str] | None:
        today = days.today()
        for day in (today, days.shift(today, 1)):
            for level in LEVELS:
                if not await asyncio.to_thread(self.has_deal, day, level):
                    return day, level
        return None

    async def _made(self, day: str, level: str) -> bool:
        """Run the job that makes one deal, holding the lock; False if it failed or the lock was lost."""
        args = (self.database, day, [level], SEARCH_SECONDS, TRY_SECONDS, SEEDS, True)  # on CPU time
        job = await self.jobs.submit(BACKGROUND, make_daily, *args, owner=OWNER, seconds=HANG_SECONDS)
        return await held_until_done(self.jobs, self.lock, job, OWNER, POLL_SECONDS)
