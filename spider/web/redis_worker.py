"""``spider worker``: runs solver jobs from Redis (see redis_jobs), one at a time, on any host.

Start as many as the hosts have cores to spare; each takes the next job of the lanes it serves, in
order (players' solves first, background top-ups last). RQ forks a work horse for each job, so a
cancelled job is one killed process and the worker goes on; the solver is imported before the fork,
so a job starts at once."""

from __future__ import annotations

from redis import Redis
from rq import Queue, Worker

from . import solver_tasks  # noqa: F401  (imported once here, before every fork)
from .jobs import LANES
from .redis_jobs import HEARTBEAT_SECONDS, queue_name


def run_worker(url: str, prefix: str = "spider", lanes: tuple[str, ...] = LANES, burst: bool = False) -> None:
    """Serve jobs until stopped (SIGTERM or Ctrl+C: the running job finishes first); ``burst`` stops
    when the queues are empty."""
    redis = Redis.from_url(url)
    redis.ping()  # a clear error now rather than at the first job
    queues = [Queue(queue_name(prefix, lane), connection=redis) for lane in lanes]
    worker = Worker(queues, connection=redis, job_monitoring_interval=HEARTBEAT_SECONDS)
    worker.work(burst=burst, logging_level="WARNING")
