"""``spider worker``: runs solver jobs from Redis (see redis_queue), one at a time per process, on any
host.

Run as many workers as the hosts have cores to spare (``--processes N`` on each host). This process
supervises them: it starts another within a second when one dies (killed by hand or by the
out-of-memory killer), and stops them all on SIGTERM or Ctrl+C. Each worker is an RQ worker that takes
the next job of the lanes it serves, in order (players' solves first, background top-ups last), and
forks a work horse for it, so a cancelled job is one killed process and the worker goes on; the solver
is imported before the fork, so a job starts at once.

A stop never waits for a job: an idle worker leaves at once, a busy one first ends its job's process,
and RQ records the job as failed, which its player sees as ``worker_lost`` (ask again: another worker
answers). The supervisor is this module's rather than RQ's worker pool because the pool takes its
signals only once its workers run (a stop meanwhile orphans them) and waits for a stopping worker
without end, and RQ's own stop lets a running job finish, up to a minute later."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from redis import Redis
from rq import Queue, Worker
from rq.exceptions import StopRequested
from rq.job import Job

from . import tasks  # noqa: F401  (imported once here, before every fork)
from .local_worker import exit_with_parent
from .protocol import LANES
from .redis_queue import HEARTBEAT_SECONDS, queue_name

LOG_LEVEL = "WARNING"
WATCH_SECONDS = 0.05  # how often the supervisor looks at its workers and for a stop (a sleep outlasts a signal)
RESTART_SECONDS = 1.0  # at most one worker replaced in this time (one that cannot start is not retried in a loop)
STOP_SECONDS = 5.0  # a worker still alive this long after the stop is killed (its job's process with it)
COMMAND_WAKE_SECONDS = 0.2  # how often a worker's command listener wakes, so that a stop never waits on it
STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}
_FORK = multiprocessing.get_context("fork")  # the worker shares the solver this process imported


class SpiderWorker(Worker):
    """RQ's worker, reporting on its job every ``HEARTBEAT_SECONDS`` (the web app takes a job whose
    reports stop for its worker's death), without RQ's scheduler process (the site queues no job for
    later), and stopping at once (above)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("job_monitoring_interval", HEARTBEAT_SECONDS)
        super().__init__(*args, **kwargs)
        self._waiting = False  # blocked in Redis for the next job

    def work(self, *args: Any, **kwargs: Any) -> bool:
        kwargs["with_scheduler"] = False
        return super().work(*args, **kwargs)

    def subscribe(self) -> None:
        """RQ's listener for commands (``stop-job``), but waking every ``COMMAND_WAKE_SECONDS``: RQ's
        waits up to a minute at a time, and its teardown waits for it to wake."""
        self.pubsub = self.connection.pubsub()
        self.pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        self.pubsub_thread = self.pubsub.run_in_thread(  # type: ignore[assignment]  # RQ types it as None
            sleep_time=COMMAND_WAKE_SECONDS, daemon=True, exception_handler=self._pubsub_exception_handler
        )

    def _install_signal_handlers(self) -> None:
        super()._install_signal_handlers()  # type: ignore[no-untyped-call]  # RQ leaves it unannotated
        # the supervisor starts a worker with the stop signals held: one sent meanwhile arrives now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        """SIGTERM or SIGINT: leave after this step, whatever it is. A wait for the next job ends at
        once (RQ's way); a running job's process is ended, and RQ records the job as failed."""
        self._stop_requested = True  # RQ's loop leaves at its next turn, taking no other job
        if self.horse_pid:
            self.kill_horse()
        elif self._waiting:
            raise StopRequested()

    def dequeue_job_and_maintain_ttl(self, *args: Any, **kwargs: Any) -> tuple[Job, Queue] | None:
        self._waiting = True
        try:
            return super().dequeue_job_and_maintain_ttl(*args, **kwargs)
        finally:
            self._waiting = False

    def fork_work_horse(self, job: Job, queue: Queue) -> None:
        super().fork_work_horse(job, queue)
        if self._stop_requested:  # the stop came as it took the job: the job goes no further
            self.kill_horse()


def run_worker(
    url: str, prefix: str = "spider", lanes: tuple[str, ...] = LANES, burst: bool = False, processes: int = 1
) -> None:
    """Serve jobs with ``processes`` workers until SIGTERM or Ctrl+C (within ``STOP_SECONDS``, running
    jobs ended), replacing any that dies; ``burst`` stops once the queues are empty."""
    redis = Redis.from_url(url)
    try:
        redis.ping()  # a clear error now rather than at the first job
    finally:
        redis.close()
    _Supervisor(url, tuple(queue_name(prefix, lane) for lane in lanes), burst, processes).run()


class _Supervisor:
    def __init__(self, url: str, queues: tuple[str, ...], burst: bool, processes: int) -> None:
        self.url = url
        self.queues = queues
        self.burst = burst
        self.processes = processes
        self.workers: list[BaseProcess] = []
        self.stopping = False
        self.replaced = 0.0  # time.monotonic() of the last replacement

    def run(self) -> None:
        for number in STOP_SIGNALS:  # before any worker starts: a stop from now on stops them all
            signal.signal(number, self._stop)
        try:
            self.workers = [self._start() for _ in range(self.processes)]
            while not self.stopping:
                self.workers = [w for w in self.workers if w.is_alive()]  # is_alive() reaps the dead
                if self.burst and not self.workers:
                    return  # each left once the queues were empty; none is replaced
                missing = not self.burst and len(self.workers) < self.processes
                if missing and time.monotonic() - self.replaced >= RESTART_SECONDS:
                    self.workers.append(self._start())
                    self.replaced = time.monotonic()
                time.sleep(WATCH_SECONDS)
        finally:
            self._stop_workers()

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True
        self._signal_workers()  # now, not at the loop's next look

    def _start(self) -> BaseProcess:
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # the worker inherits the mask
        try:
            worker = _FORK.Process(target=_work, args=(self.url, self.queues, self.burst, os.getpid()))
            worker.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return worker

    def _signal_workers(self) -> None:
        for worker in self.workers:  # (no waitpid here: this may run in a signal handler)
            if worker.pid is not None:
                with contextlib.suppress(ProcessLookupError):  # it has just ended
                    os.kill(worker.pid, signal.SIGTERM)

    def _stop_workers(self) -> None:
        self._signal_workers()  # again for one started as the stop came
        deadline = time.monotonic() + STOP_SECONDS
        for worker in self.workers:
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.is_alive():
                worker.kill()  # its work horse ends with it (exit_with_parent in run_task)
                worker.join()


def _work(url: str, queues: tuple[str, ...], burst: bool, supervisor: int) -> None:
    """One worker's life (in a process of its own); it ends with the supervisor, if that is killed."""
    exit_with_parent(supervisor)
    redis = Redis.from_url(url)
    worker = SpiderWorker([Queue(name, connection=redis) for name in queues], connection=redis)
    worker.work(burst=burst, logging_level=LOG_LEVEL)
