"""Solver jobs: the interface the web app runs long work through, away from its requests.

A job is a module-level function and its arguments, run in a *lane* (players' solves, a winnable deal a
player waits for, background top-ups), each with its own workers and its own bounded wait list. A job
has an id: whoever started it asks for its state (and answer) by that id, or cancels it, from any
request. On one machine :class:`spider.jobs.local.LocalJobs` runs jobs in local worker processes;
with Redis, :class:`spider.jobs.redis_queue.RedisJobs` queues them for ``spider worker`` processes on any
host. When ``spider serve`` runs several app workers without Redis, one *job host* process owns the
``LocalJobs`` and every worker reaches it through :class:`spider.jobs.remote.RemoteJobs`. All three
answer the same calls (:class:`JobQueue`) in the same way, and admit jobs by the same rule
(:mod:`spider.jobs.admission`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

SOLVE, WINNABLE, BACKGROUND = "solve", "winnable", "background"  # the lanes, in the order workers serve them
LANES = (SOLVE, WINNABLE, BACKGROUND)
# waiting for a worker, running, answered, failed (the worker died or the task raised), cancelled
State = Literal["waiting", "running", "done", "lost", "cancelled"]
FINISHED: frozenset[State] = frozenset({"done", "lost", "cancelled"})
KEEP_ANSWER_SECONDS = 300  # a finished job's state is kept this long for its owner to read
WORKER_START_SECONDS = 2.0  # allowance for a worker to take a job, in its limit and Retry-After
# Every back end's job ids are of these characters; anything else a client sends is no job of ours.
_JOB_ID = re.compile(r"[A-Za-z0-9_.-]{1,80}")


def well_formed(job_id: str) -> bool:
    """Whether ``job_id`` could be one of ours: ASCII letters, digits and ``_.-``, of bounded length
    (so a client's id is looked up, never parsed, before it has passed this)."""
    return _JOB_ID.fullmatch(job_id) is not None


@dataclass(frozen=True)
class Lane:
    """How many jobs of a kind run at once and how many may wait; ``one_per_owner`` lets each owner
    have one job (running or waiting) at a time; ``per_client``: how many (running or waiting) one
    client address may have at a time (0: no bound); ``background`` workers yield the CPU."""

    workers: int
    waiting: int
    one_per_owner: bool = False
    background: bool = False
    per_client: int = 0


@dataclass(frozen=True)
class JobState:
    state: State
    seconds: float  # the longest the job may run once started
    elapsed: float  # how long it has run so far (0 while it waits)
    answer: Any = None  # the task's return value, once done
    progress: tuple[int, int] | None = None  # (done, expected) as the task last reported it
    task: str = ""  # the job's function (task_name); "" when unknown: a job of an earlier job host's
    partial: Any = None  # what the task last reported it had found (JSON-able), or None


def task_name(fn: Callable[..., Any]) -> str:
    """The name a job's function goes by in its state: the caller tells its own kinds of job apart."""
    return f"{fn.__module__}.{fn.__qualname__}"


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


@runtime_checkable
class Served(Protocol):
    """A queue whose workers are other processes, which say they are there (Redis and ``spider
    worker``): whether any is, for the readiness probe."""

    def serving(self) -> int:
        """How many worker processes take players' jobs now (blocking: call it off the event loop)."""
        ...


class JobQueue(Protocol):
    """What the app asks of its solver jobs, whichever back end runs them. ``submit`` raises
    :class:`spider.jobs.errors.Busy` when the job may not wait, and every call raises
    :class:`spider.jobs.errors.QueueUnavailable` when the queue does not answer."""

    lanes: dict[str, Lane]

    async def submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None = None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        """Queue ``fn(*args)`` (a module-level function) in ``lane`` for ``owner``, asked for by the
        network address ``client``, and return the job's id."""
        ...

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        """The job's state, or None when there is no such job of ``owner`` (or it was forgotten)."""
        ...

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        """Drop the job (waiting) or end its worker at once (running), touching no other job;
        False when there is no such job of ``owner``. Nothing happens to a finished job."""
        ...

    async def nudge(self) -> None:
        """A deal left the winnable pool: tell the site's top-up schedule, where another process
        runs it (the job host); nothing where this process runs it or none does."""
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
