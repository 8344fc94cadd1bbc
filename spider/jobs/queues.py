"""The site's lanes, and which job queue a process runs its jobs through (from the settings)."""

from __future__ import annotations

import os

from ..config import Settings
from .local import LocalJobs
from .protocol import BACKGROUND, SOLVE, WINNABLE, JobQueue, Lane
from .remote import RemoteJobs


def default_lanes(settings: Settings | None = None) -> dict[str, Lane]:
    """Solves use every core but one (the server's), at least one and at most four unless the
    settings say how many; a few may wait, one per player and ``solves_per_client`` per client address.
    A winnable deal a player waits for has one worker; a busy one means a random deal instead.
    A top-up has one job at a time, for the whole site (spider.jobs.top_up)."""
    settings = settings or Settings()
    cores = os.cpu_count() or 2
    solvers = settings.solve_workers or max(1, min(4, cores - 1))
    return {
        SOLVE: Lane(workers=solvers, waiting=4, one_per_owner=True, per_client=settings.solves_per_client),
        WINNABLE: Lane(workers=1, waiting=4),
        BACKGROUND: Lane(workers=1, waiting=64, one_per_owner=True, background=True),
    }


def jobs_from(settings: Settings) -> JobQueue:
    """Redis (through RQ) when the settings name one; else the job host that ``spider serve
    --workers N`` started for its workers; else local worker processes of this process."""
    if settings.redis_url:
        from .redis_queue import RedisJobs  # only a site with Redis needs RQ

        return RedisJobs(settings.redis_url, default_lanes(settings), prefix=settings.redis_prefix)
    if settings.jobs_address and settings.jobs_key:
        return RemoteJobs(settings.jobs_address, settings.jobs_key.encode(), default_lanes(settings))
    return LocalJobs(default_lanes(settings), preload=(TASKS,))


def default_jobs() -> JobQueue:
    """The job queue the ``SPIDER_…`` environment names (:func:`jobs_from`)."""
    return jobs_from(Settings())


TASKS = "spider.jobs.tasks"  # what a local worker imports as it starts, so its first job does not wait
