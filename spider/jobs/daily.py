"""The daily deals as jobs: made ahead by a task of the site's schedule, or on request when missing.

Every ``EVERY_SECONDS`` the process holding the site's ``daily`` lock (the same rule as the top-up:
the one app process, the job host of ``spider serve --workers N``, or with Redis whichever app
process holds the Redis lock) looks for today's and tomorrow's deals and submits a background job
for the first level that has none, one after another (``schedule.SiteSchedule`` runs it again at
once); the job makes the deal and writes it to the store itself (``tasks.make_daily``). A deal asked
for before the schedule made it is made on request, by the same task in the lane of the jobs a player
waits for (``players.PlayerJobs.daily_deal``), within
``ON_REQUEST_SECONDS`` of the player's request or not at all (a 503 that asks them to try again)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..daily import LEVELS, days
from ..daily.making import MIN_TRY_SECONDS, TRY_SECONDS
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
# On request (a player waits): the player's whole wait, from their request to the answer (docs/API.md),
# the job's wait for a worker and a second job when the first is lost included. A job searches for
# what is left of it but a worker's start and the rating (by the quick player alone, in seconds).
ON_REQUEST_SECONDS = 10.0
ON_REQUEST_MARGIN = WORKER_START_SECONDS + 2.0
# ...and one try's: a shuffle the solver cannot settle at once (one it must prove lost, say) gives
# way to the next, rather than spending the player's whole wait.
ON_REQUEST_TRY_SECONDS = 2.5
ON_REQUEST_JOBS = 2  # a lost job is tried once more, within the same wait


def on_request_search(left: float) -> float | None:
    """How long a job made on request searches, with ``left`` seconds of the player's wait; None when
    too little is left for a try and its rating."""
    search = left - ON_REQUEST_MARGIN
    return search if search >= MIN_TRY_SECONDS else None


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
