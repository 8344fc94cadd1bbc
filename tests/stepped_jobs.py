"""A job queue for tests that follow a task's reports one by one: each job runs its real task in a
thread of the test process, and after each progress report (``spider.jobs.progress.report``) the
task waits until the test lets it go on (``go_on``). So a test sees every partial answer a task
reports, whatever the machine's speed, where the real queues may run past one before it is read."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

from spider.jobs import progress
from spider.jobs.protocol import JobState, Lane, SiteLock, task_name
from spider.jobs.queues import default_lanes
from tests.patience import GENEROUS


class _Job:
    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...], owner: str | None, seconds: float) -> None:
        self.fn, self.args, self.owner, self.seconds = fn, args, owner, seconds
        self.state: Any = "running"
        self.answer: Any = None
        self.progress: tuple[int, int] | None = None
        self.partial: Any = None
        self.reported = threading.Condition()
        self.allowed = 0  # reports the task may go past


class SteppedJobs:
    """A ``JobQueue`` of one job at a time, each stopped after each of its reports until ``go_on``."""

    def __init__(self) -> None:
        self.lanes: dict[str, Lane] = default_lanes()
        self.jobs: dict[str, _Job] = {}
        self._ids = itertools.count(1)
        self._running: _Job | None = None
        progress.install(self._report)

    def _report(self, done: int, expected: int, partial: Any) -> None:
        job = self._running
        if job is None:
            return
        with job.reported:
            job.progress, job.partial = (done, expected), partial
            job.reported.notify_all()
            if not job.reported.wait_for(lambda: job.allowed > 0, timeout=GENEROUS):
                raise TimeoutError("the test never let the task go on")
            job.allowed -= 1

    def go_on(self, job_id: str, reports: int = 10**6) -> None:
        """Let the task go past ``reports`` more of its reports (by default: to its end)."""
        job = self.jobs[job_id]
        with job.reported:
            job.allowed += reports
            job.reported.notify_all()

    def _run(self, job: _Job) -> None:
        self._running = job
        try:
            job.answer, job.state = job.fn(*job.args), "done"
        except Exception:
            job.state = "lost"
        finally:
            self._running = None

    async def submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None = None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        job_id = f"stepped-{next(self._ids)}"
        self.jobs[job_id] = job = _Job(fn, args, owner, seconds)
        threading.Thread(target=self._run, args=(job,), daemon=True).start()
        return job_id

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        job = self.jobs.get(job_id)
        if job is None or job.owner != owner:
            return None
        return JobState(
            job.state, job.seconds, 0.0, job.answer, job.progress, task=task_name(job.fn), partial=job.partial
        )

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        return False

    async def nudge(self) -> None:
        pass

    def reachable(self) -> bool:
        return True

    def site_lock(self, name: str) -> SiteLock | None:
        return None

    def close(self) -> None:
        progress.install(None)
        for job_id in self.jobs:
            self.go_on(job_id)
