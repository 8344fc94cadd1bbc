"""``spider worker``: runs solver jobs from Redis (see redis_queue), one at a time per process, on any
host.

Run as many workers as the hosts have cores to spare (``--processes N`` on each host). They run
under one supervisor, RQ's worker pool, which starts a new worker within a second or two when one
dies (killed by hand or by the out-of-memory killer). Each takes the next job of the lanes it
serves, in order (players' solves first, background top-ups last). RQ forks a work horse for each
job, so a cancelled job is one killed process and the worker goes on; the solver is imported before
the fork, so a job starts at once."""

from __future__ import annotations

from typing import Any

from redis import Redis
from rq import Queue, Worker
from rq.worker_pool import WorkerPool

from . import tasks  # noqa: F401  (imported once here, before every fork)
from .protocol import LANES
from .redis_queue import HEARTBEAT_SECONDS, queue_name

LOG_LEVEL = "WARNING"


class HeartbeatWorker(Worker):
    """RQ's worker, reporting on its job every ``HEARTBEAT_SECONDS`` (the web app takes a job whose
    reports stop for its worker's death), and without RQ's scheduler process, which the pool asks
    for: the site queues no job for later. A class, because RQ's pool makes its workers itself."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("job_monitoring_interval", HEARTBEAT_SECONDS)
        super().__init__(*args, **kwargs)

    def work(self, *args: Any, **kwargs: Any) -> bool:
        kwargs["with_scheduler"] = False
        return super().work(*args, **kwargs)


def run_worker(
    url: str, prefix: str = "spider", lanes: tuple[str, ...] = LANES, burst: bool = False, processes: int = 1
) -> None:
    """Serve jobs with ``processes`` workers until stopped (SIGTERM: the running jobs finish first),
    replacing any that dies; ``burst`` stops when the queues are empty."""
    redis = Redis.from_url(url)
    redis.ping()  # a clear error now rather than at the first job
    queues = [Queue(queue_name(prefix, lane), connection=redis) for lane in lanes]
    pool = WorkerPool(queues, connection=redis, num_workers=processes, worker_class=HeartbeatWorker)
    pool.start(burst=burst, logging_level=LOG_LEVEL)
