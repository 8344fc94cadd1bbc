"""Whether a new job may start, wait or must be refused: one rule for every back end.

The local queue and the Redis queue each gather what they know of a lane (its running jobs, its wait
list) and ask :func:`admit`; nothing here does any I/O or reads a clock, so the rule is the same
everywhere and is tested on its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .protocol import Lane


@dataclass(frozen=True)
class Held:
    """A job of the lane as admission sees it: whose it is, the longest it may run once started,
    when a worker took it (None while it waits), in the same clock as ``now``, and the client (its
    network address) that asked for it."""

    owner: str | None
    seconds: float
    started: float | None = None
    client: str | None = None

    def seconds_left(self, now: float) -> float:
        """How long it may still hold its worker (all of it while it waits)."""
        return self.seconds if self.started is None else max(0.0, self.started + self.seconds - now)


class Refusal(Enum):
    OWN_JOB = "solver_running"  # the owner already has a job in this lane
    FULL = "solver_busy"  # every worker is busy and the wait list is full


@dataclass(frozen=True)
class Start:
    """Admitted, and a worker is free for it now."""


@dataclass(frozen=True)
class Wait:
    """Admitted to the wait list: it starts when a worker is free."""


@dataclass(frozen=True)
class Refuse:
    """Not admitted; ``retry_after``: seconds until a worker should be free for it."""

    why: Refusal
    retry_after: float


Decision = Start | Wait | Refuse


def admit(
    lane: Lane,
    running: Sequence[Held],
    waiting: Sequence[Held],
    owner: str | None,
    now: float,
    workers: int | None = None,
    client: str | None = None,
) -> Decision:
    """The decision for ``owner``'s new job in ``lane``, asked for by ``client``. ``workers``: how many
    of the lane's jobs run at once here (the lane's own count by default; 0 when the workers are other
    processes that take jobs from the wait list, as with Redis)."""
    capacity = lane.workers if workers is None else workers
    soonest_free = min((job.seconds_left(now) for job in running), default=0.0)

    def free_after(job: Held) -> float:  # once it ends; if it waits, once it has had a worker too
        return job.seconds_left(now) + (0.0 if job.started is not None else soonest_free)

    if lane.one_per_owner and owner is not None:
        own = next((job for job in (*running, *waiting) if job.owner == owner), None)
        if own is not None:
            return Refuse(Refusal.OWN_JOB, free_after(own))
    if lane.per_client and client is not None:
        # new players are free to make, an address is not: its share keeps the rest for everyone else
        theirs = [job for job in (*running, *waiting) if job.client == client]
        if len(theirs) >= lane.per_client:
            return Refuse(Refusal.FULL, min(free_after(job) for job in theirs))
    if len(running) < capacity:
        return Start()
    if len(waiting) >= lane.waiting:
        return Refuse(Refusal.FULL, soonest_free)
    return Wait()
