"""Solver jobs: the interface the web app runs long work through, away from its requests.

A job is a module-level function and its arguments, run in a *lane* (players' solves, a winnable deal a
player waits for, background top-ups), each with its own workers and its own bounded wait list. A job
has an id: whoever started it asks for its state (and answer) by that id, or cancels it, from any
request. On one machine :class:`spider.jobs.local.LocalJobs` runs jobs in local worker processes;
with Redis, :class:`spider.jobs.redis_queue.RedisJobs` queues them for ``spider worker`` processes on any
host. When ``spider serve`` runs several app workers without Redis, one *job host* process owns the
``LocalJobs`` and every worker reaches it through :class:`spider.jobs.remote.RemoteJobs`. All three
answer the same calls in the same way."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..engine.errors import N_
from ..web.http.errors import ApiError

SOLVE, WINNABLE, BACKGROUND = "solve", "winnable", "background"  # the lanes, in the order workers serve them
LANES = (SOLVE, WINNABLE, BACKGROUND)
# waiting for a worker, running, answered, failed (the worker died or the task raised), cancelled
State = Literal["waiting", "running", "done", "lost", "cancelled"]
FINISHED: frozenset[State] = frozenset({"done", "lost", "cancelled"})
KEEP_ANSWER_SECONDS = 300  # a finished job's state is kept this long for its owner to read
WORKER_START_SECONDS = 2.0  # allowance for a worker to take a job, in its limit and Retry-After


@dataclass(frozen=True)
class Lane:
    """How many jobs of a kind run at once and how many may wait; ``one_per_owner`` lets each owner
    have one job (running or waiting) at a time; ``background`` workers yield the CPU."""

    workers: int
    waiting: int
    one_per_owner: bool = False
    background: bool = False


@dataclass(frozen=True)
class JobState:
    state: State
    seconds: float  # the longest the job may run once started
    elapsed: float  # how long it has run so far (0 while it waits)
    answer: Any = None  # the task's return value, once done


class WorkerLost(Exception):
    """The worker ended before it answered (killed by hand or by the out-of-memory killer)."""


class Busy(ApiError):
    """429: the owner already has a job in this lane, or its workers and wait list are full.
    ``Retry-After`` says when a worker should be free again."""

    OWN_JOB, FULL = "solver_running", "solver_busy"

    def __init__(self, reason: str, template: str, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(429, reason, template, retry_after=seconds)
        self.headers = {"Retry-After": str(seconds)}

    @classmethod
    def own_job(cls, retry_after: float) -> Busy:
        return cls(cls.OWN_JOB, N_("The solver is still answering your previous question"), retry_after)

    @classmethod
    def full(cls, retry_after: float) -> Busy:
        return cls(cls.FULL, N_("The solver is busy with other players' questions; please ask again soon"), retry_after)


class QueueUnavailable(ApiError):
    """503: the job queue does not answer (the job host is restarting, Redis is down); nothing was
    started or changed. The same answer as a busy database."""

    RETRY_AFTER = 2

    def __init__(self) -> None:
        super().__init__(503, "busy", N_("The server is busy; try again in a moment"))
        self.headers = {"Retry-After": str(self.RETRY_AFTER)}


class SiteLock(Protocol):
    """Held by at most one process of the whole site at a time (for site-wide schedules). Its calls
    block: make them off the event loop."""

    def acquire(self) -> bool:
        """Take it if nobody holds it; True when this process holds it now."""
        ...

    def renew(self) -> bool:
        """Keep holding it; False when it was lost (it expired and another process took it)."""
        ...

    def release(self) -> None: ...


class OneProcess:
    """The lock of a site that is this one process: always free for it."""

    def acquire(self) -> bool:
        return True

    def renew(self) -> bool:
        return True

    def release(self) -> None:
        pass


class JobQueue(Protocol):
    lanes: dict[str, Lane]

    async def submit(
        self, lane: str, fn: Callable[..., Any], *args: Any, owner: str | None = None, seconds: float
    ) -> str:
        """Queue ``fn(*args)`` (a module-level function) in ``lane`` and return the job's id; raises
        :class:`Busy` when it may not wait."""
        ...

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        """The job's state, or None when there is no such job of ``owner`` (or it was forgotten)."""
        ...

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        """Drop the job (waiting) or end its worker at once (running), touching no other job;
        False when there is no such job of ``owner``. Nothing happens to a finished job."""
        ...

    def reachable(self) -> bool:
        """Whether the queue answers (blocking: call it off the event loop)."""
        ...

    def site_lock(self, name: str) -> SiteLock | None:
        """The lock that lets one process of the site run the schedule ``name``; None when another
        process runs this site's schedules (the job host)."""
        ...

    def close(self) -> None:
        """Stop what this process started or holds (local workers, connections)."""
        ...
