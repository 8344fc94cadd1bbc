"""Solver jobs in local worker processes, one process per running job.

Each worker is a spawned process of its own with a pipe of its own, so ending one (the player stopped
waiting) or losing one (the out-of-memory killer) touches no other job: there is no shared pool to
break. A lane runs at most ``workers`` jobs at once and keeps up to that many idle workers warm, so a
question rarely waits for Python to start; a job that cannot run yet waits in the lane's bounded list.
Everything here runs on the event loop's thread: answers arrive through ``loop.add_reader``."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from . import local_worker
from .admission import Held, Refuse, admit
from .errors import Busy, WorkerLost
from .protocol import KEEP_ANSWER_SECONDS, JobState, Lane, OneProcess, task_name

_SPAWN = multiprocessing.get_context("spawn")  # a worker shares nothing with the server's threads


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection

    def end(self) -> None:
        self.conn.close()
        self.process.kill()


@dataclass(eq=False)
class LocalJob:
    id: str
    lane: str
    owner: str | None
    seconds: float
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    worker: _Worker | None = None
    started: float | None = None  # time.monotonic() when a worker took it
    ended: float | None = None  # time.monotonic() when it finished
    progress: tuple[int, int] | None = None  # as the task last reported it
    partial: Any = None  # what the task last reported it had found
    client: str | None = None  # the network address that asked for it

    def state(self, now: float) -> JobState:
        elapsed = 0.0 if self.started is None else (self.ended or now) - self.started
        if not self.future.done():
            return JobState(
                "running" if self.worker else "waiting",
                self.seconds,
                elapsed,
                progress=self.progress,
                partial=self.partial,
            )
        if self.future.cancelled():
            return JobState("cancelled", self.seconds, elapsed)
        if self.future.exception() is not None:  # the worker died, or the task raised
            return JobState("lost", self.seconds, elapsed)
        return JobState("done", self.seconds, elapsed, self.future.result(), self.progress, partial=self.partial)


class LocalJobs:
    def __init__(self, lanes: dict[str, Lane], preload: tuple[str, ...] = ()) -> None:
        """``preload``: modules a worker imports as it starts, so its first job does not wait for them."""
        self.lanes = lanes
        self.preload = preload
        self._jobs: list[LocalJob] = []  # running and waiting, oldest first
        self._known: dict[str, LocalJob] = {}  # by id: these and the finished ones, for a while
        self._idle: dict[str, list[_Worker]] = {name: [] for name in lanes}
        self._ended: list[BaseProcess] = []  # killed, not yet reaped
        self._names = itertools.count(1)
        self._closed = False

    async def submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None = None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        return self.start(lane, fn, *args, owner=owner, seconds=seconds, client=client).id

    def start(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None,
        seconds: float,
        client: str | None = None,
    ) -> LocalJob:
        """Queue a job; must be called on the event loop that runs it."""
        mine = [Held(j.owner, j.seconds, j.started, j.client) for j in self._of(lane)]
        now = time.monotonic()
        self._known = {k: j for k, j in self._known.items() if j.ended is None or now - j.ended < KEEP_ANSWER_SECONDS}
        running = [j for j in mine if j.started is not None]
        decision = admit(self.lanes[lane], running, [j for j in mine if j.started is None], owner, now, client=client)
        if isinstance(decision, Refuse):
            raise Busy.of(decision)  # else it starts now or waits: _dispatch gives it a worker when one is free
        future = asyncio.get_running_loop().create_future()
        job = LocalJob(secrets.token_urlsafe(16), lane, owner, seconds, fn, args, future, client=client)
        future.add_done_callback(lambda _: self._forget(job))  # so a cancelled await ends the job too
        self._jobs.append(job)
        self._known[job.id] = job
        self._dispatch(lane)
        return job

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        job = self._known.get(job_id)
        if job is None or job.owner != owner:
            return None
        return replace(job.state(time.monotonic()), task=task_name(job.fn))

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        job = self._known.get(job_id)
        if job is None or job.owner != owner:
            return False
        job.future.cancel()  # dropped if waiting; if running, _forget ends its worker
        self._forget(job)
        return True

    def listed(self) -> list[tuple[LocalJob, int | None]]:
        """Every job running or waiting, oldest first, with its worker's pid while it runs."""
        return [(j, j.worker.process.pid if j.worker else None) for j in list(self._jobs)]

    async def nudge(self) -> None:
        pass  # this process runs the site's top-up schedule itself (spider.jobs.schedule)

    def reachable(self) -> bool:
        return True  # the workers are this process's own: the queue is there while it is

    def site_lock(self, name: str) -> OneProcess:
        return OneProcess()  # local jobs serve one process: it is the whole site

    def close(self) -> None:
        """End every worker; safe after the event loop has closed (nobody awaits the jobs then)."""
        self._closed = True
        for job in list(self._jobs):
            with contextlib.suppress(RuntimeError):  # its loop has closed
                job.future.cancel()
            self._forget(job)
        for workers in self._idle.values():
            for worker in workers:
                self._end(worker)
            workers.clear()
        for process in self._ended:
            process.join(timeout=5)
        self._ended.clear()

    def _of(self, lane: str) -> list[LocalJob]:
        return [j for j in self._jobs if j.lane == lane]

    def _dispatch(self, lane: str) -> None:
        """Give waiting jobs of ``lane`` a worker while fewer than its limit run."""
        self._ended = [p for p in self._ended if p.is_alive()]  # is_alive() reaps the ended ones
        rules = self.lanes[lane]
        while not self._closed:
            mine = self._of(lane)
            waiting = [j for j in mine if j.worker is None]
            if not waiting or len(mine) - len(waiting) >= rules.workers:
                return
            job = waiting[0]
            try:
                worker = self._idle[lane].pop() if self._idle[lane] else self._spawn(lane)
            except OSError:  # no process can start now (memory, process limit): as if its worker died
                job.future.set_exception(WorkerLost())
                self._forget(job)  # which gives the next waiting job its try
                return
            try:
                worker.conn.send((job.fn, job.args))
            except OSError:  # an idle worker that died meanwhile: take another
                self._end(worker)
                continue
            job.worker, job.started = worker, time.monotonic()
            job.future.get_loop().add_reader(worker.conn.fileno(), self._answered, job)

    def _spawn(self, lane: str) -> _Worker:
        ours, theirs = _SPAWN.Pipe()
        process = _SPAWN.Process(
            target=local_worker.serve,
            args=(theirs, os.getpid(), self.lanes[lane].background, self.preload),
            name=f"spider-{lane}-{next(self._names)}",
            daemon=True,
        )
        process.start()
        theirs.close()  # the worker's end lives in the worker only, so its death reads as end-of-file here
        return _Worker(process, ours)

    def _answered(self, job: LocalJob) -> None:
        worker = job.worker
        assert worker is not None
        try:
            status, value = worker.conn.recv()
        except (EOFError, OSError):  # the worker died; _forget ends what is left of it
            job.future.set_exception(WorkerLost())
        else:
            if status == "progress":  # the answer is still to come
                done, expected, job.partial = value
                job.progress = (done, expected)
                return
            self._release(job)
            if len(self._idle[job.lane]) < self.lanes[job.lane].workers:
                self._idle[job.lane].append(worker)  # warm for the next job
            else:
                self._end(worker)
            if status == "ok":
                job.future.set_result(value)
            else:
                job.future.set_exception(value)
        self._forget(job)

    def _forget(self, job: LocalJob) -> None:
        """The job is done (answered, failed or cancelled). A worker still on it was cancelled or
        died: it is ended, and a fresh one starts at once so that the next job finds it ready."""
        if job not in self._jobs:
            return
        self._jobs.remove(job)
        job.ended = time.monotonic()
        if job.future.done() and not job.future.cancelled():
            job.future.exception()  # read later through state(), if at all: no "never retrieved" warning
        if job.worker is not None:
            self._end(self._release(job))
            if not self._closed and len(self._idle[job.lane]) < self.lanes[job.lane].workers:
                with contextlib.suppress(OSError):  # else the next job starts one
                    self._idle[job.lane].append(self._spawn(job.lane))
        self._dispatch(job.lane)

    def _release(self, job: LocalJob) -> _Worker:
        worker = job.worker
        assert worker is not None
        with contextlib.suppress(RuntimeError):  # a loop already closed has no readers left
            job.future.get_loop().remove_reader(worker.conn.fileno())
        job.worker = None
        return worker

    def _end(self, worker: _Worker) -> None:
        worker.end()
        self._ended.append(worker.process)
