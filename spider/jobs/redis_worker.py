"""``spider worker``: runs solver jobs from Redis (see redis_queue), one at a time per process, on any
host.

Run as many processes as the hosts have cores to spare (``--processes N`` on each host). This process
supervises them: it starts another within a second when one dies (killed by hand or by the
out-of-memory killer), stops them all on SIGTERM or Ctrl+C, and says it is there every two seconds
(``redis_beat``: the app's readiness reads it). Each process is an RQ worker that takes the next job of
the lanes it serves, in order, and forks a work horse for it, so a cancelled job is one killed process
and the worker goes on; the solver is imported before the fork, so a job starts at once.

**Players first.** ``--player-processes P`` of the N processes take players' jobs only (the solve and
winnable lanes); the others take players' jobs first and background jobs (the daily deals made ahead,
the winnable top-up) only when no player's job waits. A background job *yields* to a player: when a
player's job has waited a whole look (``HEARTBEAT_SECONDS``) with no process free for it, the process
running the background job ends it and puts it back at the head of its lane, to start again from the
beginning once no player waits; the player's job takes the process. The default P is N - 1: one
process of each ``spider worker`` does the site's own work, and with ``--processes 1`` that one process
serves both, the players first. Background jobs also run at a lower CPU priority.

A stop never waits for a job: an idle worker leaves at once, a busy one first ends its job's process,
and RQ records the job as failed, which its player sees as ``worker_lost`` (ask again: another worker
answers). The supervisor is this module's rather than RQ's worker pool because the pool takes its
signals only once its workers run (a stop meanwhile orphans them) and waits for a stopping worker
without end, and RQ's own stop lets a running job finish, up to a minute later.

When Redis goes away, every process waits for it (``redis_outage``: one log line per try, the tries
further apart each time) and goes on when it is back; a job running meanwhile runs on, and its answer
is lost only if Redis is still away when it ends."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import socket
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from redis import Redis
from rq import Queue, Worker
from rq.exceptions import StopRequested
from rq.executions import Execution
from rq.job import Job, JobStatus

from . import redis_beat, redis_outage, tasks  # noqa: F401  (tasks: imported once here, before every fork)
from .local_worker import exit_with_parent
from .protocol import BACKGROUND, LANES
from .redis_outage import REDIS_DOWN, Outage
from .redis_queue import HEARTBEAT_SECONDS, queue_name

LOG_LEVEL = "WARNING"
WATCH_SECONDS = 0.05  # how often the supervisor looks at its workers and for a stop (a sleep outlasts a signal)
RESTART_SECONDS = 1.0  # at most one worker replaced in this time (one that cannot start is not retried in a loop)
STOP_SECONDS = 5.0  # a worker still alive this long after the stop is killed (its job's process with it)
COMMAND_WAKE_SECONDS = 0.2  # how often a worker's command listener wakes, so that a stop never waits on it
REDIS_SECONDS = 2.0  # the supervisor's own calls to Redis (its heartbeat) give up after this
STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}
_FORK = multiprocessing.get_context("fork")  # the worker shares the solver this process imported

log = logging.getLogger("spider.worker")


class StopFlag:
    """A stop asked for by SIGTERM or SIGINT, seen by whichever part of a worker's life runs then."""

    def __init__(self) -> None:
        self.requested = False

    def __call__(self) -> bool:
        return self.requested

    def install(self) -> None:
        """Take the stop signals from now on (they were held while the supervisor forked us)."""
        for number in STOP_SIGNALS:
            signal.signal(number, self._request)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)

    def _request(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True


class SpiderWorker(Worker):
    """RQ's worker, reporting on its job every ``HEARTBEAT_SECONDS`` (the web app takes a job whose
    reports stop for its worker's death), without RQ's scheduler process (the site queues no job for
    later), stopping at once, living through a Redis outage, and (given ``players``: the queues whose
    jobs come first) ending a background job when a player's job waits (above)."""

    max_connection_wait_time = redis_outage.MOST_SECONDS  # RQ's own retries while it waits for a job

    def __init__(
        self,
        *args: Any,
        players: Sequence[str] = (),
        stop: StopFlag | None = None,
        outage: Outage | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("job_monitoring_interval", HEARTBEAT_SECONDS)
        super().__init__(*args, **kwargs)
        self.players = [q for q in self.queues if q.name in players]
        self.stop = stop or StopFlag()
        self.outage = outage or Outage(log, f"worker {os.getpid()}")  # the process's one view of Redis
        self._waiting = False  # blocked in Redis for the next job
        self._next_try = 0.0  # time.monotonic() of the next heartbeat tried while Redis is away
        self._execution: Execution | None = None  # of the job it runs
        self._player_seen: bytes | None = None  # the player's job first in line at the last look
        self._yielded: str | None = None  # the background job it ended for a player's

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

    def _pubsub_exception_handler(self, exc: Exception, pubsub: Any, pubsub_thread: Any) -> None:
        """The listener lost Redis: it tries again (redis-py subscribes anew) without a line of its own,
        since the worker's main loop says Redis is away already."""
        if not isinstance(exc, REDIS_DOWN):
            raise exc
        redis_outage.pause(redis_outage.MOST_SECONDS / 4, lambda: not pubsub_thread._running.is_set())

    def _install_signal_handlers(self) -> None:
        super()._install_signal_handlers()  # type: ignore[no-untyped-call]  # RQ leaves it unannotated
        # the supervisor starts a worker with the stop signals held: one sent meanwhile arrives now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
        if self.stop():  # it came before RQ's handlers were in place
            self._stop_requested = True

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        """SIGTERM or SIGINT: leave after this step, whatever it is. A wait for the next job ends at
        once (RQ's way); a running job's process is ended, and RQ records the job as failed."""
        self.stop.requested = True
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

    def prepare_execution(self, job: Job) -> Execution:
        self._execution = super().prepare_execution(job)
        return self._execution

    def execute_job(self, job: Job, queue: Queue) -> None:
        """RQ's, then: a job ended for a player's goes back to the head of its lane; Redis gone away
        meanwhile (RQ looks at the job once its process has ended) is waited for here."""
        self._player_seen = self._yielded = None
        try:
            super().execute_job(job, queue)
            if self._yielded == job.id and job.get_status() == JobStatus.STARTED:  # not ended by itself meanwhile
                self._queue_again(job, queue)
            self.connection.ping()  # there for RQ's next steps, or waited for below
        except REDIS_DOWN as err:
            if self.horse_pid:
                self.kill_horse()
                self.wait_for_horse()
                self._horse_pid = 0
            if not self.stop():
                redis_outage.pause(self.outage.failed(err), self.stop)
            if not redis_outage.wait_for(self.connection, self.outage, self.stop):
                raise StopRequested() from None  # RQ's loop leaves with no other call to Redis
        finally:
            self._execution = None

    def maintain_heartbeats(self, job: Job, execution: Execution) -> None:
        """Every ``HEARTBEAT_SECONDS`` while a job runs: RQ's heartbeats (tried again as ``Outage``
        says while Redis is away; the job runs on), then whether a background job must yield."""
        if self.outage.on and time.monotonic() < self._next_try:
            return
        try:
            super().maintain_heartbeats(job, execution)
            if self.players and job.origin not in {q.name for q in self.players} and self._player_waits():
                self._yield_to_player(job)
        except REDIS_DOWN as err:
            self._next_try = time.monotonic() + self.outage.failed(err)
        else:
            self.outage.answered()

    def wait_for_horse(self) -> tuple[int | None, int | None, Any]:
        pid, status, rusage = super().wait_for_horse()
        if self._yielded is not None and pid:
            # ended on purpose, for a player: RQ is not to record a failure (execute_job queues it again)
            return pid, os.EX_OK, rusage
        return pid, status, rusage

    def teardown(self) -> None:
        """RQ's, unless Redis has gone away: then the process leaves without telling it (its RQ
        registration expires; the outage has been logged already)."""
        try:
            super().teardown()  # type: ignore[no-untyped-call]  # RQ leaves it unannotated
        except REDIS_DOWN:
            if self.pubsub_thread is not None:
                self.pubsub_thread.stop(timeout=1.0)

    def _player_waits(self) -> bool:
        """Whether a player's job has been first in line since the last look (no process took it)."""
        with self.connection.pipeline(transaction=False) as pipe:
            for queue in self.players:
                pipe.lindex(queue.key, 0)
            first = next((found for found in pipe.execute() if found is not None), None)
        waited = first is not None and first == self._player_seen
        self._player_seen = first
        return waited

    def _yield_to_player(self, job: Job) -> None:
        log.warning("background job %s yields its process to a player's job; it will start again", job.id)
        self._yielded = job.id
        self.kill_horse()

    def _queue_again(self, job: Job, queue: Queue) -> None:
        """Back to the head of its lane as if no process had taken it: waiting, then started anew."""
        with self.connection.pipeline() as pipe:
            self.cleanup_execution(job, pipeline=pipe, execution=self._execution)
            pipe.execute()
        job.started_at = None
        queue.enqueue_job(job, at_front=True)  # RQ's own transaction (it cannot join another)


@dataclass(frozen=True)
class Role:
    """What one worker process serves: its queues in the order it takes jobs, and which of them are
    players' (a job of any other yields to theirs)."""

    queues: tuple[str, ...]
    players: tuple[str, ...]

    @property
    def background(self) -> bool:
        return self.queues != self.players


def roles(prefix: str, lanes: Sequence[str], processes: int, player_processes: int | None) -> list[Role]:
    """The role of each of ``processes`` workers: ``player_processes`` of them (default all but one)
    serve players' lanes alone, the others every lane of ``lanes``, the players' first."""
    players = tuple(queue_name(prefix, lane) for lane in lanes if lane != BACKGROUND)
    every = players + tuple(queue_name(prefix, lane) for lane in lanes if lane == BACKGROUND)
    reserved = processes - 1 if player_processes is None else player_processes
    if not 0 <= reserved <= processes:
        raise ValueError(f"--player-processes must be between 0 and --processes ({processes})")
    return [Role(players, players)] * reserved + [Role(every, players)] * (processes - reserved)


def run_worker(
    url: str,
    prefix: str = "spider",
    lanes: tuple[str, ...] = LANES,
    burst: bool = False,
    processes: int = 1,
    player_processes: int | None = None,
) -> None:
    """Serve jobs with ``processes`` workers until SIGTERM or Ctrl+C (within ``STOP_SECONDS``, running
    jobs ended), replacing any that dies; ``player_processes`` of them serve players' lanes alone
    (default: all but one); ``burst`` stops once the queues are empty."""
    plan = roles(prefix, lanes, processes, player_processes)
    redis = Redis.from_url(url, socket_connect_timeout=REDIS_SECONDS, socket_timeout=REDIS_SECONDS)
    try:
        redis.ping()  # a clear error now rather than at the first job
        _Supervisor(url, redis, prefix, plan, burst).run()
    finally:
        redis.close()


class _Supervisor:
    def __init__(self, url: str, redis: Redis, prefix: str, plan: list[Role], burst: bool) -> None:
        self.url = url
        self.redis = redis
        self.prefix = prefix
        self.plan = plan
        self.burst = burst
        self.workers: dict[int, BaseProcess] = {}  # by its place in the plan
        self.stopping = False
        self.replaced = 0.0  # time.monotonic() of the last replacement
        self.name = uuid.uuid4().hex
        self.outage = Outage(log, "spider worker")
        self.next_beat = 0.0  # time.monotonic() of the next heartbeat

    def run(self) -> None:
        for number in STOP_SIGNALS:  # before any worker starts: a stop from now on stops them all
            signal.signal(number, self._stop)
        try:
            self.workers = {place: self._start(role) for place, role in enumerate(self.plan)}
            while not self.stopping:
                self.workers = {p: w for p, w in self.workers.items() if w.is_alive()}  # is_alive() reaps the dead
                if self.burst and not self.workers:
                    return  # each left once the queues were empty; none is replaced
                missing = [] if self.burst else [p for p in range(len(self.plan)) if p not in self.workers]
                if missing and time.monotonic() - self.replaced >= RESTART_SECONDS:
                    self.workers[missing[0]] = self._start(self.plan[missing[0]])
                    self.replaced = time.monotonic()
                self._beat()
                time.sleep(WATCH_SECONDS)
        finally:
            with contextlib.suppress(*REDIS_DOWN):  # serving nobody from now on (else its key expires)
                redis_beat.remove(self.redis, self.prefix, self.name)
            self._stop_workers()

    def _beat(self) -> None:
        """Say in Redis how many of our processes serve players, every ``BEAT_SECONDS`` (tried again as
        ``Outage`` says while Redis is away)."""
        if time.monotonic() < self.next_beat:
            return
        live = [self.plan[place] for place in self.workers]
        beat = redis_beat.Beat(socket.gethostname(), os.getpid(), len(live), sum(r.background for r in live))
        try:
            redis_beat.write(self.redis, self.prefix, self.name, beat)
        except REDIS_DOWN as err:
            self.next_beat = time.monotonic() + self.outage.failed(err)
        else:
            self.outage.answered()
            self.next_beat = time.monotonic() + redis_beat.BEAT_SECONDS

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True
        self._signal_workers()  # now, not at the loop's next look

    def _start(self, role: Role) -> BaseProcess:
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # the worker inherits the mask
        try:
            worker = _FORK.Process(target=_work, args=(self.url, role, self.burst, os.getpid()))
            worker.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return worker

    def _signal_workers(self) -> None:
        for worker in self.workers.values():  # (no waitpid here: this may run in a signal handler)
            if worker.pid is not None:
                with contextlib.suppress(ProcessLookupError):  # it has just ended
                    os.kill(worker.pid, signal.SIGTERM)

    def _stop_workers(self) -> None:
        self._signal_workers()  # again for one started as the stop came
        deadline = time.monotonic() + STOP_SECONDS
        for worker in self.workers.values():
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.is_alive():
                worker.kill()  # its work horse ends with it (exit_with_parent in run_task)
                worker.join()


def _work(url: str, role: Role, burst: bool, supervisor: int) -> None:
    """One worker's life (in a process of its own): it ends with the supervisor, if that is killed,
    and lives through Redis going away (a new RQ worker once it answers again). Anything it did not
    foresee is one log line and the end of this process (the supervisor starts another)."""
    try:
        exit_with_parent(supervisor)
        stop = StopFlag()
        stop.install()
        redis = Redis.from_url(url, socket_connect_timeout=REDIS_SECONDS)
        outage = Outage(log, f"worker {os.getpid()}")
        while redis_outage.wait_for(redis, outage, stop):
            try:
                worker = SpiderWorker(
                    list(role.queues), connection=redis, players=role.players, stop=stop, outage=outage
                )
                worker.work(burst=burst, logging_level=LOG_LEVEL)
            except REDIS_DOWN as err:  # before RQ's loop began, or as it ended
                redis_outage.pause(outage.failed(err), stop)
                continue
            if burst or stop():
                return
            redis_outage.pause(RESTART_SECONDS, stop)  # RQ's loop gave up on an error it logged: again
    except Exception:
        log.exception("a worker process failed")
        raise SystemExit(1) from None
