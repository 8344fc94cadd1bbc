"""A job queue for tests that decide when each job ends: a job waits until the test runs it (its real
task, in a thread of the test process), answers it, or loses it (as if its worker died). So a test
sees what the app does while a job is in flight, whatever the machine's speed."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spider.jobs.protocol import FINISHED, JobState, SiteLock, State, task_name
from spider.jobs.queues import default_lanes


@dataclass
class HeldJob:
    lane: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    owner: str | None
    seconds: float
    state: State = "waiting"
    answer: Any = None


class HeldJobs:
    """A ``JobQueue`` whose jobs wait for the test; ``locks(name)`` gives its site locks (none: the
    job host's kind, which leaves the site's locks to another process)."""

    def __init__(self, locks: Callable[[str], SiteLock] | None = None) -> None:
        self.lanes = default_lanes()
        self.jobs: dict[str, HeldJob] = {}
        self._ids = itertools.count(1)
        self._locks = locks

    def submitted(self) -> list[HeldJob]:
        return list(self.jobs.values())

    def run(self, job_id: str) -> None:
        """Run the job's real task now, in a thread."""
        job = self.jobs[job_id]
        job.state = "running"

        def run() -> None:
            try:
                job.answer, job.state = job.fn(*job.args), "done"
            except Exception:
                job.state = "lost"

        threading.Thread(target=run, daemon=True).start()

    def answer(self, job_id: str, answer: Any) -> None:
        job = self.jobs[job_id]
        job.answer, job.state = answer, "done"

    def lose(self, job_id: str) -> None:
        self.jobs[job_id].state = "lost"

    async def submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None = None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        job_id = f"held-{next(self._ids)}"
        self.jobs[job_id] = HeldJob(lane, fn, args, owner, seconds)
        return job_id

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        job = self.jobs.get(job_id)
        if job is None or job.owner != owner:
            return None
        return JobState(job.state, job.seconds, 0.0, job.answer, task=task_name(job.fn))

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        job = self.jobs.get(job_id)
        if job is None or job.owner != owner or job.state in FINISHED:
            return False
        job.state = "cancelled"
        return True

    async def nudge(self) -> None:
        pass

    def reachable(self) -> bool:
        return True

    def site_lock(self, name: str) -> SiteLock | None:
        return self._locks(name) if self._locks is not None else None

    def close(self) -> None:
        pass
