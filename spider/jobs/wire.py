"""What the app workers and the job host say to each other: each request and each answer is a typed
value (pickled by ``multiprocessing.connection``), so a refusal crosses the socket as the admission
rule's own :class:`~spider.jobs.admission.Refuse`, not as fields packed by hand."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .admission import Refuse


@dataclass(frozen=True)
class Submit:
    lane: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    owner: str | None
    seconds: float
    client: str | None = None


@dataclass(frozen=True)
class GetState:
    job_id: str
    owner: str | None


@dataclass(frozen=True)
class Cancel:
    job_id: str
    owner: str | None


@dataclass(frozen=True)
class Nudge:
    """A deal left the winnable pool (for the host's top-up schedule)."""


@dataclass(frozen=True)
class Ping:
    pass


Request = Submit | GetState | Cancel | Nudge | Ping


@dataclass(frozen=True)
class Answered:
    value: Any


@dataclass(frozen=True)
class Refused:
    """The job may not wait (the worker raises :class:`~spider.jobs.errors.Busy`)."""

    refusal: Refuse


@dataclass(frozen=True)
class Failed:
    """The host could not answer this request (its log says why); the worker answers 503."""

    reason: str


Answer = Answered | Refused | Failed

# A host job id is the host's generation, a dot and its LocalJobs id (secrets.token_urlsafe(16)).
_HOST_JOB_ID = re.compile(r"([0-9]{1,9})\.([A-Za-z0-9_-]{22})")


@dataclass(frozen=True)
class HostJobId:
    generation: int
    job: str

    def __str__(self) -> str:
        return f"{self.generation}.{self.job}"

    @classmethod
    def parse(cls, text: str) -> HostJobId | None:
        """The id's parts, or None when ``text`` is no id a host hands out (ASCII digits only)."""
        found = _HOST_JOB_ID.fullmatch(text)
        return cls(int(found[1]), found[2]) if found else None
