"""What a job queue raises: the job may not wait (:class:`Busy`), the queue does not answer
(:class:`QueueUnavailable`), or a job's worker ended before it answered (:class:`WorkerLost`).

They carry a stable reason and an English template, as the engine's errors do, so that the web
layer answers them in the player's language (429 and 503, with ``Retry-After``)."""

from __future__ import annotations

import math

from ..engine import N_, SpiderError
from .admission import Refusal, Refuse

_MESSAGES = {
    Refusal.OWN_JOB: N_("The solver is still answering your previous question"),
    Refusal.FULL: N_("The solver is busy with other players' questions; please ask again soon"),
}


class Busy(SpiderError):
    """The owner already has a job in this lane, or its workers and wait list are full;
    ``retry_after``: whole seconds (at least one) until a worker should be free again."""

    def __init__(self, refusal: Refusal, retry_after: float) -> None:
        self.refusal = refusal
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(refusal.value, _MESSAGES[refusal], retry_after=self.retry_after)

    @classmethod
    def of(cls, refused: Refuse) -> Busy:
        return cls(refused.why, refused.retry_after)

    def refused(self) -> Refuse:
        return Refuse(self.refusal, self.retry_after)


class QueueUnavailable(SpiderError):
    """The job queue does not answer (the job host is restarting, Redis is down); nothing was
    started or changed. The same answer as a busy database."""

    def __init__(self) -> None:
        super().__init__("busy", N_("The server is busy; try again in a moment"))


class WorkerLost(Exception):
    """The worker ended before it answered (killed by hand or by the out-of-memory killer)."""
