"""Solver jobs: the interface the web app runs long work through, away from its requests.

A job is a module-level function and its arguments, run in a *lane* (players' solves, a winnable deal a
player waits for, background top-ups), each with its own workers and its own bounded wait list. On one
machine :class:`spider.web.local_jobs.LocalJobs` runs them in local worker processes; a queue shared by
several machines can serve the same interface."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine.errors import N_
from .errors import ApiError


@dataclass(frozen=True)
class Lane:
    """How many jobs of a kind run at once and how many may wait; ``one_per_owner`` lets each player
    have one job (running or waiting) at a time; ``background`` workers yield the CPU."""

    workers: int
    waiting: int
    one_per_owner: bool = False
    background: bool = False


@dataclass(eq=False)
class Job:
    lane: str
    owner: str | None
    seconds: float  # the longest it may take once started: its own limit and a worker's start
    started: float | None = field(default=None, init=False)  # time.monotonic() when a worker took it

    def seconds_left(self, now: float) -> float:
        return self.seconds if self.started is None else max(0.0, self.started + self.seconds - now)


class WorkerLost(Exception):
    """The worker ended before it answered (killed by hand or by the out-of-memory killer)."""


class Busy(ApiError):
    """429: the player already has a job in this lane, or its workers and wait list are full.
    ``Retry-After`` says when a worker should be free again."""

    OWN_JOB, FULL = "solver_running", "solver_busy"

    def __init__(self, reason: str, template: str, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(429, reason, template, retry_after=seconds)
        self.headers = {"Retry-After": str(seconds)}

    @classmethod
    def own_job(cls, job: Job, soonest_free: float) -> Busy:
        left = job.seconds_left(time.monotonic())
        wait = left if job.started is not None else left + soonest_free
        return cls(cls.OWN_JOB, N_("The solver is still answering your previous question"), wait)

    @classmethod
    def full(cls, soonest_free: float) -> Busy:
        return cls(
            cls.FULL, N_("The solver is busy with other players' questions; please ask again soon"), soonest_free
        )


class JobQueue(Protocol):
    def start(self, lane: str, fn: Callable[..., Any], *args: Any, owner: str | None = None, seconds: float) -> Job:
        """Queue ``fn(*args)`` (a module-level function) in ``lane``; raises :class:`Busy` when it may
        not wait. Must be called from the event loop that will await its answer."""
        ...

    async def answer(self, job: Job) -> Any:
        """The job's return value; raises its exception, or :class:`WorkerLost`."""
        ...

    def cancel(self, job: Job) -> None:
        """Drop the job (waiting) or end its worker at once (running), touching no other job;
        nothing when it has already answered."""
        ...

    def close(self) -> None:
        """Cancel every job and end every worker."""
        ...
