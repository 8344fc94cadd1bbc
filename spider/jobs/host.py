"""The job host: the one process that runs the solver jobs of every app worker of
``spider serve --workers N`` when there is no Redis, and the site's schedule (``schedule.SiteSchedule``).

``spider serve`` starts it (:class:`JobHost`) before its workers, listening on a Unix socket in a
private folder with a random key, both handed to the workers in ``SPIDER_JOBS_ADDRESS`` and
``SPIDER_JOBS_KEY`` (:mod:`spider.jobs.remote` is their side), and starts it again if it dies.
Each start is a new *generation*, the first part of every job id it hands out: a job of an earlier
generation died with its host, and is answered as lost rather than unknown."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import logging.config
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing import AuthenticationError
from multiprocessing.connection import Connection, Listener
from pathlib import Path

from .. import lifeline
from ..config import Settings, environment_of
from ..logs import log_config
from ..store import open_store
from .errors import Busy
from .local import LocalJobs
from .protocol import JobState
from .queues import TASKS, default_lanes
from .schedule import SiteSchedule, site_schedule
from .top_up import TopUp
from .wire import Answer, Answered, Cancel, Failed, GetState, HostJobId, Nudge, Ping, Refused, Request, Submit

START_SECONDS = 30.0  # how long the server waits for the host to listen (a loaded machine starts Python slowly)
WATCH_SECONDS = 0.5  # how often the server looks whether the host is alive
STOP_SECONDS = 5.0

log = logging.getLogger("spider.job_host")


class JobHost:
    """The server's side: start the host, start it again when it dies, stop it at the end."""

    def __init__(self, settings: Settings) -> None:
        self.folder = tempfile.mkdtemp(prefix="spider-jobs-")  # only this user may enter it
        self.address = str(Path(self.folder) / "jobs.sock")
        self.key = secrets.token_hex(32)
        self.settings = settings.model_copy(update={"jobs_address": self.address, "jobs_key": self.key})
        self.generation = 0
        self._stopping = threading.Event()
        self._process = self._start()
        self._watch = threading.Thread(target=self._keep_alive, name="job-host-watch", daemon=True)

    @property
    def pid(self) -> int:
        return self._process.pid

    def start(self) -> None:
        """Wait until the host listens, then watch it."""
        deadline = time.monotonic() + START_SECONDS
        while not Path(self.address).exists():
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the job host did not start")
            time.sleep(0.05)
        self._watch.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._watch.is_alive():
            self._watch.join()
        if self._process.poll() is None:
            self._process.terminate()  # it ends its solver workers
            try:
                self._process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _start(self) -> subprocess.Popen[bytes]:
        self.generation += 1
        Path(self.address).unlink(missing_ok=True)  # a dead host's socket
        return subprocess.Popen(
            [sys.executable, "-m", "spider.jobs.host", str(self.generation), str(os.getpid())],
            env=os.environ | environment_of(self.settings),
        )

    def _keep_alive(self) -> None:
        while not self._stopping.wait(WATCH_SECONDS):
            if self._process.poll() is not None:
                log.warning("the job host ended (exit status %s); starting another", self._process.returncode)
                self._process = self._start()


class _Host:
    """The host's side: answer each worker's requests on the event loop that runs the jobs."""

    def __init__(self, jobs: LocalJobs, schedule: SiteSchedule | None, generation: int) -> None:
        self.jobs = jobs
        self.schedule = schedule
        self.generation = generation
        self.loop = asyncio.get_running_loop()

    def accept(self, listener: Listener) -> None:
        while True:
            try:
                conn = listener.accept()
            except (AuthenticationError, EOFError, ConnectionError):
                continue  # someone without the key, or a worker that gave up waiting (the host was stuck)
            except OSError:
                return  # the listener was closed: the host is stopping
            threading.Thread(target=self._talk, args=(conn,), name="job-host-conn", daemon=True).start()

    def _talk(self, conn: Connection) -> None:
        with conn:
            while True:
                try:
                    request = conn.recv()
                except (EOFError, OSError):
                    return
                try:
                    answer = asyncio.run_coroutine_threadsafe(self.answer(request), self.loop).result()
                except Exception as err:  # the worker gets a 503; the host goes on
                    log.exception("job host request %s failed", type(request).__name__)
                    answer = Failed(repr(err))
                try:
                    conn.send(answer)
                except (EOFError, OSError):
                    return

    async def answer(self, request: Request) -> Answer:
        match request:
            case Submit(lane, fn, args, owner, seconds, client):
                try:
                    job = await self.jobs.submit(lane, fn, *args, owner=owner, seconds=seconds, client=client)
                except Busy as busy:
                    return Refused(busy.refused())
                return Answered(str(HostJobId(self.generation, job)))
            case GetState(job_id, owner):
                found = HostJobId.parse(job_id)
                if found is not None and found.generation == self.generation:
                    return Answered(await self.jobs.state(found.job, owner))
                # a job of an earlier host died with it: lost (its id is a secret of its owner's)
                return Answered(JobState("lost", 0.0, 0.0) if self._earlier(found) else None)
            case Cancel(job_id, owner):
                found = HostJobId.parse(job_id)
                if found is not None and found.generation == self.generation:
                    return Answered(await self.jobs.cancel(found.job, owner))
                return Answered(self._earlier(found))
            case Nudge():
                if self.schedule is not None:
                    self.schedule.nudge(TopUp.name)
                return Answered(None)
            case Ping():
                return Answered(True)
        return Failed(f"unknown request {type(request).__name__}")

    def _earlier(self, found: HostJobId | None) -> bool:
        return found is not None and 0 < found.generation < self.generation


async def _serve(settings: Settings, generation: int) -> None:
    assert settings.jobs_address and settings.jobs_key
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    jobs = LocalJobs(default_lanes(settings), preload=(TASKS,))
    store = open_store(settings.database_or_default)
    # the site's one schedule runs here: the app workers' jobs (and site locks) are this host's
    schedule = (
        site_schedule(jobs, store, settings.database_or_default, settings.daily_ahead) if settings.background else None
    )
    if schedule is not None:
        schedule.start()
    host = _Host(jobs, schedule, generation)
    listener = Listener(settings.jobs_address, family="AF_UNIX", authkey=settings.jobs_key.encode())
    threading.Thread(target=host.accept, args=(listener,), name="job-host-accept", daemon=True).start()
    try:
        await stop.wait()
    finally:
        listener.close()
        if schedule is not None:
            schedule.close()
        jobs.close()
        store.close()


def main() -> None:
    """``python -m spider.jobs.host GENERATION SERVER_PID``, as :class:`JobHost` starts it."""
    generation, server = int(sys.argv[1]), int(sys.argv[2])
    # A server killed outright takes its job host along: SIGTERM, as at a stop, so the host ends its
    # solver processes and removes its socket; if that overruns, it ends anyway.
    lifeline.end_with(server, grace=STOP_SECONDS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's; it stops the host
    settings = Settings()
    logging.config.dictConfig(log_config(settings.log_level, settings.log_format))  # as the workers log
    asyncio.run(_serve(settings, generation))
    if os.getppid() != server and settings.jobs_address:  # nobody else is left to remove the private folder
        with contextlib.suppress(OSError):  # rmdir, not rmtree: only the empty folder the socket was in
            os.rmdir(Path(settings.jobs_address).parent)


if __name__ == "__main__":
    main()
