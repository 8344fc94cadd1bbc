"""The site's one scheduled top-up of proved-winnable deals.

Every ``EVERY_SECONDS`` (and at once when a deal was handed out) the process holding the site's lock
submits a background job for the level with the fewest deals ready, waits for it, and goes on until
every level has ``KEEP_READY``. The job writes the deal it finds into the store itself
(``tasks.top_up``), so nothing is lost if this process dies meanwhile. Who runs the schedule:
the one app process on a single machine, the job host under ``spider serve --workers N`` without
Redis, and with Redis whichever app process holds the Redis lock; the lane's one job per owner keeps it
to one top-up job at a time even while a lock changes hands."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from ..engine import all_variants
from .errors import Busy, QueueUnavailable
from .protocol import BACKGROUND, WORKER_START_SECONDS, JobQueue, SiteLock
from .tasks import top_up

KEEP_READY = 3  # proved-winnable deals kept per level
REFILL_SECONDS = 90.0  # how long one top-up job looks for a deal: nobody waits for it
EVERY_SECONDS = 30.0  # how often the pool is looked at, nudged or not
POLL_SECONDS = 1.0  # how often a running top-up job is looked at (and the lock renewed)
OWNER = "site"  # the owner of the top-up jobs: one at a time for the whole site
LOCK = "top-up"

log = logging.getLogger("spider.top_up")


class TopUp:
    def __init__(self, jobs: JobQueue, lock: SiteLock, database: str, count: Callable[[str], int]) -> None:
        """``count(level)``: the deals of ``level`` ready in the store (blocking: run in a thread)."""
        self.jobs = jobs
        self.lock = lock
        self.database = database
        self.count = count
        self.levels = [v.key for v in all_variants()]
        self._nudged = asyncio.Event()

    def nudge(self) -> None:
        """Look at the pool now rather than at the next tick (call on the event loop)."""
        self._nudged.set()

    async def run(self) -> None:
        """Tick until cancelled; a failure (the database or the queue down) waits for the next tick."""
        while True:
            try:
                await self.tick()
            except Exception as err:  # the schedule outlives any one failure
                log.warning("top-up failed: %r", err)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._nudged.wait(), EVERY_SECONDS)
            self._nudged.clear()

    async def tick(self) -> None:
        """If this process may (it holds the lock), top every level up, one job at a time."""
        if not await asyncio.to_thread(self.lock.acquire):
            return  # another process runs the schedule now
        try:
            while (level := await self._neediest()) is not None:
                job = await self.jobs.submit(
                    BACKGROUND,
                    top_up,
                    self.database,
                    level,
                    KEEP_READY,
                    REFILL_SECONDS,
                    owner=OWNER,
                    seconds=REFILL_SECONDS + WORKER_START_SECONDS,
                )
                if not await held_until_done(self.jobs, self.lock, job, OWNER, POLL_SECONDS):
                    return
        except (Busy, QueueUnavailable):
            pass  # a top-up job queued earlier still runs (its scheduler died), or the queue is down
        finally:
            await asyncio.to_thread(self.lock.release)

    async def _neediest(self) -> str | None:
        counts = {level: await asyncio.to_thread(self.count, level) for level in self.levels}
        level = min(self.levels, key=counts.__getitem__)
        return level if counts[level] < KEEP_READY else None


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
