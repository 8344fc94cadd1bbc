"""Solver jobs on Redis, through RQ, for ``spider worker`` processes on any host.

Why RQ (not arq or Dramatiq): the solver is CPU-bound synchronous Python, and RQ runs each job in a
forked "work horse" process, so stopping a job is killing that one process (RQ's ``stop-job``
command, delivered to the worker over Redis pub/sub: well within a second), while the worker lives on
and takes the next job. arq runs jobs as asyncio tasks, which cannot interrupt a CPU-bound search;
Dramatiq has no way to stop a running job and keeps no results without extra middleware. RQ also
keeps each job's state, answer and heartbeat in Redis, which is all the polling API needs.

Each lane is an RQ queue named ``{prefix}:{lane}``: the players' lanes (solves, deeper hints, reviews,
and a winnable or daily deal a player waits for) apart from the background one (the site's daily
deals and top-up), which ``spider worker`` serves only when no player's job waits (redis_worker). A
lane's admission reads that lane alone: its wait list is its jobs no worker process has taken yet, so
the site's own work never fills a player's. A job's owner and client address are in its meta; a
lane with one job per owner keeps ``{prefix}:owner:{lane}:{owner}`` = the owner's job id. Every call here does blocking
Redis I/O, so the async methods run it in a thread, away from the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import LockError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.lock import Lock
from rq import Queue, get_current_job
from rq.command import send_stop_job_command
from rq.exceptions import InvalidJobOperation, NoSuchJobError
from rq.job import Job, JobStatus

from . import progress as progress_reports
from . import redis_beat
from .admission import Decision, Held, Refusal, Refuse, admit
from .errors import Busy, QueueUnavailable
from .local_worker import exit_with_parent
from .protocol import KEEP_ANSWER_SECONDS, JobState, Lane, task_name

HEARTBEAT_SECONDS = 1  # how often a `spider worker` reports on the job it runs
LOST_AFTER_SECONDS = 5.0  # a running job whose worker has been silent this long is lost
CANCEL_SECONDS, CANCEL_LOOKS, CANCEL_LOOK_SECONDS = 2.0, 3, 0.05
RUNNING_LOOKED_AT = 32  # a lane's running jobs read for Retry-After (more would only slow a refusal)
BACKGROUND_NICE = 10  # as a local background worker's
SITE_LOCK_SECONDS = 20.0  # a site lock whose holder stops renewing it (killed) is free again after this
_JOB_ID = re.compile(r"[0-9a-f]{32}")  # uuid4().hex, as _submit makes them
_WAITING = {JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED, JobStatus.CREATED}
_CANCELLED = {JobStatus.STOPPED, JobStatus.CANCELED}
T = TypeVar("T")


def queue_name(prefix: str, lane: str) -> str:
    return f"{prefix}:{lane}"


def run_task(fn: Callable[..., Any], *args: Any) -> Any:
    """What a work horse runs: the task, unless it was cancelled while the worker took it (the
    cancel saw it waiting, the worker had already taken it from the queue): then nothing, and the
    job's state says cancelled."""
    exit_with_parent(os.getppid())  # a worker killed outright (its stop overran) takes its job along
    job = get_current_job()
    if job is not None and job.get_meta(refresh=True).get("cancelled"):
        return None
    if job is not None and job.meta.get("background"):  # the site's own work yields the CPU to players'
        with contextlib.suppress(OSError):
            os.nice(BACKGROUND_NICE)
    if job is not None:
        progress_reports.install(lambda done, expected, partial: _report(job, done, expected, partial))
    return fn(*args)


def _report(job: Job, done: int, expected: int, partial: Any) -> None:
    # a key of its own: saving the job's meta from here could undo a cancel the app just wrote there
    found = json.dumps({"done": done, "expected": expected, "partial": partial})
    job.connection.set(_progress_key(job.id), found, ex=KEEP_ANSWER_SECONDS)


def _progress_key(job_id: str) -> str:
    return f"rq:job:{job_id}:progress"


class RedisJobs:
    def __init__(self, url: str, lanes: dict[str, Lane], prefix: str = "spider") -> None:
        self.redis = Redis.from_url(url, socket_connect_timeout=2)  # a dead host is "not ready", not a hang
        self.lanes = lanes
        self.prefix = prefix
        self.queues = {lane: Queue(queue_name(prefix, lane), connection=self.redis) for lane in lanes}

    async def submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None = None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        return await _off_loop(self._submit, lane, fn, args, owner, seconds, client)

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        return await _off_loop(self._state, job_id, owner)

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        return await _off_loop(self._cancel, job_id, owner)

    async def nudge(self) -> None:
        pass  # whichever app process holds the site lock runs the top-up schedule, on its own timer

    def reachable(self) -> bool:
        return bool(self.redis.ping())

    def serving(self) -> int:
        """How many ``spider worker`` processes take players' jobs now, by their heartbeats."""
        return sum(beat.players for beat in redis_beat.live(self.redis, self.prefix))

    def site_lock(self, name: str) -> RedisSiteLock:
        return RedisSiteLock(self.redis, f"{self.prefix}:lock:{name}")

    def close(self) -> None:
        self.redis.close()

    def _submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        owner: str | None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        rules, queue = self.lanes[lane], self.queues[lane]
        decision = self._admit(lane, owner, client)
        if isinstance(decision, Refuse):
            raise Busy.of(decision)
        job_id = uuid.uuid4().hex
        owner_key = f"{self.prefix}:owner:{lane}:{owner}" if rules.one_per_owner and owner else None
        if owner_key and not self._claim(owner_key, job_id, owner, seconds):
            # another app process queued the owner's job since: refused as that one would be
            refused = self._admit(lane, owner, client)
            raise Busy.of(refused if isinstance(refused, Refuse) else Refuse(Refusal.OWN_JOB, seconds))
        queue.enqueue(
            run_task,
            fn,
            *args,
            job_id=job_id,
            job_timeout=int(seconds) + 5,  # RQ's own backstop; the task keeps to its limit
            result_ttl=KEEP_ANSWER_SECONDS,
            failure_ttl=KEEP_ANSWER_SECONDS,
            ttl=KEEP_ANSWER_SECONDS,  # a job no worker took in that time is dropped
            meta={
                "owner": owner,
                "seconds": seconds,
                "client": client,
                "background": rules.background,
                "task": task_name(fn),
            },
        )
        return job_id

    def _admit(self, lane: str, owner: str | None, client: str | None = None) -> Decision:
        """The admission rule on what Redis holds of the lane now: the jobs its workers run and its
        wait list. The workers are ``spider worker`` processes that take jobs from the wait list, so
        every job goes there first (``workers=0``)."""
        queue = self.queues[lane]
        running = queue.started_job_registry.get_job_ids()[:RUNNING_LOOKED_AT]
        waiting = queue.get_job_ids(0, self.lanes[lane].waiting)  # one past the limit is enough to know
        held = {  # a job cancelled, or lost with its worker, holds no place (its owner may ask again)
            job.id: Held(
                job.meta.get("owner"), float(job.meta.get("seconds", 0)), _started(job), job.meta.get("client")
            )
            for job in Job.fetch_many([*running, *waiting], connection=self.redis)
            if job is not None and _state_of(job, job.get_status(refresh=False)).state in ("waiting", "running")
        }
        return admit(
            self.lanes[lane],
            [held[i] for i in running if i in held],
            [held[i] for i in waiting if i in held],
            owner,
            time.time(),
            workers=0,
            client=client,
        )

    def _claim(self, key: str, job_id: str, owner: str | None, seconds: float) -> bool:
        """Make ``job_id`` the owner's one job, unless their previous one is still waiting or running."""
        ttl = int(seconds) + KEEP_ANSWER_SECONDS
        if self.redis.set(key, job_id, nx=True, ex=ttl):
            return True
        previous = self.redis.get(key)
        if previous is not None:
            state = self._state(_text(previous), owner)
            # None: another process is queuing that job right now (a finished job outlives its key)
            if state is None or state.state in ("waiting", "running"):
                return False
        # the previous job has finished: this one takes its place
        self.redis.set(key, job_id, ex=ttl)
        return True

    def _fetch(self, job_id: str) -> Job | None:
        if _JOB_ID.fullmatch(job_id) is None:  # not an id this queue hands out
            return None
        try:
            return Job.fetch(job_id, connection=self.redis)
        except NoSuchJobError:
            return None

    def _state(self, job_id: str, owner: str | None) -> JobState | None:
        job = self._fetch(job_id)
        if job is None or job.meta.get("owner") != owner:
            return None
        found = self.redis.get(_progress_key(job_id))
        reported = json.loads(_text(found)) if found else None
        state = _state_of(job, job.get_status(), reported)
        return replace(state, task=str(job.meta.get("task", "")))

    def _cancel(self, job_id: str, owner: str | None) -> bool:
        job = self._fetch(job_id)
        if job is None or job.meta.get("owner") != owner:
            return False
        job.meta["cancelled"] = True  # a worker taking it right now sees this before it starts the task
        job.save_meta()  # type: ignore[no-untyped-call]  # RQ leaves it unannotated
        # and one that has just started it marks it started: stop it too, until it stays ended
        settled, deadline = 0, time.monotonic() + CANCEL_SECONDS
        while settled < CANCEL_LOOKS and time.monotonic() < deadline:
            status = job.get_status()
            if status == JobStatus.STARTED:
                with contextlib.suppress(InvalidJobOperation, NoSuchJobError):  # it has just finished
                    send_stop_job_command(self.redis, job_id)  # its worker kills the work horse at once
            elif status in _WAITING:
                job.cancel()
            settled = settled + 1 if status not in _WAITING and status != JobStatus.STARTED else 0
            time.sleep(CANCEL_LOOK_SECONDS)
        return True


class RedisSiteLock:
    """redis-py's lock (SET NX PX with a token of its own; renewed and released only by its holder),
    held across threads: each call may come from another thread of the pool."""

    def __init__(self, redis: Redis, key: str) -> None:
        self.lock = Lock(redis, key, timeout=SITE_LOCK_SECONDS, blocking=False, thread_local=False)

    def acquire(self) -> bool:
        with _answered():
            return bool(self.lock.acquire(blocking=False))

    def renew(self) -> bool:
        try:
            with _answered():
                self.lock.reacquire()  # back to the full timeout
        except LockError:  # it expired and may be another's by now
            return False
        return True

    def release(self) -> None:
        with contextlib.suppress(LockError), _answered():  # expired meanwhile: nothing of ours to release
            self.lock.release()


@contextlib.contextmanager
def _answered() -> Iterator[None]:
    """A Redis that does not answer is :class:`QueueUnavailable`, as for the queue's own calls."""
    try:
        yield
    except (RedisConnectionError, RedisTimeoutError):
        raise QueueUnavailable() from None


def _state_of(job: Job, status: JobStatus | None, reported: dict[str, Any] | None = None) -> JobState:
    """The job's state from what RQ keeps of it (``status``: its RQ status, read by the caller;
    ``reported``: its progress as the task last reported it)."""
    progress = (int(reported["done"]), int(reported["expected"])) if reported else None
    partial = reported.get("partial") if reported else None
    seconds = float(job.meta.get("seconds", 0))
    elapsed = _since(job.started_at) if job.started_at else 0.0
    if job.meta.get("cancelled"):
        return JobState("cancelled", seconds, elapsed)
    if status in _WAITING:
        return JobState("waiting", seconds, 0.0)
    if status == JobStatus.STARTED:
        beat = job.last_heartbeat or job.started_at
        if beat is not None and _since(beat) > LOST_AFTER_SECONDS:  # its worker was killed
            return JobState("lost", seconds, elapsed)
        return JobState("running", seconds, elapsed, progress=progress, partial=partial)
    if status == JobStatus.FINISHED:
        ended = _since(job.ended_at) if job.ended_at else 0.0
        return JobState("done", seconds, max(0.0, elapsed - ended), job.return_value(), progress, partial=partial)
    if status in _CANCELLED:
        return JobState("cancelled", seconds, elapsed)
    return JobState("lost", seconds, elapsed)  # failed: the work horse died or the task raised


async def _off_loop(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a thread; a Redis that does not answer is a 503 for the player, not a 500."""
    try:
        return await asyncio.to_thread(fn, *args)
    except (RedisConnectionError, RedisTimeoutError):
        raise QueueUnavailable() from None


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _started(job: Job) -> float | None:
    """When a worker took the job, in ``time.time()``'s clock; None while it waits."""
    return None if job.started_at is None else _timestamp(job.started_at)


def _timestamp(moment: datetime) -> float:
    if moment.tzinfo is None:  # RQ stores UTC without a zone
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _since(moment: datetime) -> float:
    return max(0.0, time.time() - _timestamp(moment))
