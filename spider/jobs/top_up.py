"""The pool of proved-winnable deals, graded: its seed, and its top-up as a task of the site's schedule.

Every ``EVERY_SECONDS`` (and at once when a deal was handed out) the process holding the site's lock
submits a background job for the level and grade with the fewest deals ready, waits for it, and goes
on (the schedule runs it again at once, after any other task due) until every grade of every level
has ``KEEP_READY``. The job writes the deals it finds and grades into the store itself
(``tasks.top_up``), so nothing is lost if this process dies meanwhile. Who runs the schedule
(``schedule.SiteSchedule``): the one app process on a single machine, the job host under
``spider serve --workers N`` without Redis, and with Redis whichever app process holds the Redis
lock; the lane's one job per owner keeps it to one top-up job at a time even while a lock changes
hands."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from ..engine import all_variants
from ..solver.grading import GRADES
from ..store import Store
from .errors import Busy, QueueUnavailable
from .protocol import BACKGROUND, JobQueue, SiteLock
from .tasks import top_up

KEEP_READY = 2  # proved-winnable deals kept per grade of each level
# how long one top-up job looks for a deal, in its CPU time: nobody waits for it. A deal of the grade
# wanted is one found in four, each solved and graded in seconds to a minute (bench/grades.py)
REFILL_SECONDS = 180.0
# ...so its wall clock ends it only when it hangs: at nice 10 a busy machine may give it a tenth of a core
HANG_SECONDS = 10 * REFILL_SECONDS
EVERY_SECONDS = 30.0  # how often the pool is looked at, nudged or not
POLL_SECONDS = 1.0  # how often a running top-up job is looked at (and the lock renewed)
OWNER = "site"  # the owner of the top-up jobs: one at a time for the whole site
LOCK = "top-up"
SEED_FILE = Path(__file__).parent / "winnable.json"


class TopUp:
    """A task of the site's schedule (``schedule.SiteSchedule``): nudged when a deal is handed out."""

    name = "top-up"  # the schedule's name for it, in its log lines and nudges
    every = EVERY_SECONDS

    def __init__(self, jobs: JobQueue, lock: SiteLock, database: str, count: Callable[[str, str], int]) -> None:
        """``count(level, grade)``: the deals of ``level`` and ``grade`` ready in the store (blocking:
        run in a thread)."""
        self.jobs = jobs
        self.lock = lock
        self.database = database
        self.count = count
        self.kinds = [(v.key, grade) for v in all_variants() for grade in GRADES]

    async def tick(self) -> bool:
        """If this process may (it holds the lock), top the neediest level up by one job; True when it
        did and the pool may want more."""
        if not await asyncio.to_thread(self.lock.acquire):
            return False  # another process runs the schedule now
        try:
            kind = await self._neediest()
            if kind is None:
                return False
            job = await self.jobs.submit(
                BACKGROUND,
                top_up,
                self.database,
                *kind,
                KEEP_READY,
                REFILL_SECONDS,
                owner=OWNER,
                seconds=HANG_SECONDS,
            )
            return await held_until_done(self.jobs, self.lock, job, OWNER, POLL_SECONDS)
        except (Busy, QueueUnavailable):
            return False  # a top-up job queued earlier still runs (its scheduler died), or the queue is down
        finally:
            await asyncio.to_thread(self.lock.release)

    async def _neediest(self) -> tuple[str, str] | None:
        counts = {kind: await asyncio.to_thread(self.count, *kind) for kind in self.kinds}
        kind = min(self.kinds, key=counts.__getitem__)
        return kind if counts[kind] < KEEP_READY else None


def seed_pool(store: Store) -> None:
    """Fill a level's empty grades from ``SEED_FILE`` (made by ``scripts/winnable``), so the first
    player asking for a winnable deal need not wait for the top-up."""
    if not SEED_FILE.exists():
        return
    seeds = json.loads(SEED_FILE.read_text(encoding="utf-8"))
    for level, deals in seeds.items():
        empty = {grade for grade in GRADES if store.count_winnable(level, grade) == 0}
        for deal in deals:
            if deal["grade"] in empty:
                store.add_winnable(level, deal["code"], deal["line"], deal["grade"])


async def held_until_done(jobs: JobQueue, lock: SiteLock, job: str, owner: str, poll: float) -> bool:
    """Wait for a scheduled job, renewing the site's lock every ``poll`` seconds; False if the job
    failed or the lock was lost (the schedule tries again at its next tick, not in a loop)."""
    while True:
        await asyncio.sleep(poll)
        state = await jobs.state(job, owner)
        if state is None or state.state in ("lost", "cancelled"):
            return False
        if state.state == "done":
            return True
        if not await asyncio.to_thread(lock.renew):
            return False
