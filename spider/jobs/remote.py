"""Solver jobs of the job host, for each app worker of ``spider serve --workers N`` without Redis.

The job host (``spider.jobs.host``) owns the one :class:`LocalJobs` of the whole server, so a
solve started through one worker is polled and cancelled through any other, and "one job per
player" and the wait list's bound hold for the server, not per worker. This is the workers' side: each
call is one message over a Unix socket (``multiprocessing.connection``, which checks a shared key
before it reads anything), on a connection kept for the next call. A host that does not answer makes
every call :class:`QueueUnavailable` (503), never a 500."""

from __future__ import annotations

import asyncio
import socket
import struct
import threading
from collections.abc import Callable
from multiprocessing import AuthenticationError
from multiprocessing.connection import Connection, answer_challenge, deliver_challenge
from typing import Any

from .errors import Busy, QueueUnavailable
from .protocol import JobState, Lane
from .wire import Answered, Cancel, GetState, Nudge, Ping, Refused, Request, Submit

ANSWER_SECONDS = 5.0  # the host answers at once; silence this long means it is stuck


class RemoteJobs:
    def __init__(self, address: str, key: bytes, lanes: dict[str, Lane]) -> None:
        self.address = address
        self.key = key
        self.lanes = lanes  # as the host's (both come from default_lanes): for Retry-After and docs
        self._idle: list[Connection] = []
        self._lock = threading.Lock()

    async def submit(
        self,
        lane: str,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None = None,
        seconds: float,
        client: str | None = None,
    ) -> str:
        return str(await self._ask(Submit(lane, fn, args, owner, seconds, client)))

    async def state(self, job_id: str, owner: str | None = None) -> JobState | None:
        state: JobState | None = await self._ask(GetState(job_id, owner))
        return state

    async def cancel(self, job_id: str, owner: str | None = None) -> bool:
        return bool(await self._ask(Cancel(job_id, owner)))

    async def nudge(self) -> None:
        """Tell the host's top-up schedule that a deal was handed out."""
        await self._ask(Nudge())

    def reachable(self) -> bool:
        return bool(self.call(Ping()))

    def site_lock(self, name: str) -> None:
        return None  # the job host runs the site's schedules

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    async def _ask(self, request: Request) -> Any:
        return await asyncio.to_thread(self.call, request)

    def call(self, request: Request) -> Any:
        """Send ``request``, return the host's answer (blocking). A kept connection may have died
        with an earlier host: then the request is sent again once, on a new one."""
        while True:
            conn, kept = self._connection()
            try:
                conn.send(request)
                if not conn.poll(ANSWER_SECONDS):
                    raise TimeoutError
                answer = conn.recv()
            except (OSError, EOFError):  # TimeoutError is an OSError
                conn.close()
                if kept:
                    continue
                raise QueueUnavailable() from None
            with self._lock:
                self._idle.append(conn)
            match answer:
                case Answered(value):
                    return value
                case Refused(refusal):
                    raise Busy.of(refusal)
                case _:  # Failed: the host could not answer this request (its log says why)
                    raise QueueUnavailable()

    def _connection(self) -> tuple[Connection, bool]:
        with self._lock:
            if self._idle:
                return self._idle.pop(), True
        try:
            return self._connect(), False
        except (OSError, EOFError, AuthenticationError):  # no host (it is restarting), or not ours
            raise QueueUnavailable() from None

    def _connect(self) -> Connection:
        """``multiprocessing.connection.Client``, but every read gives up after ANSWER_SECONDS (a
        stuck host would otherwise hold the worker's thread forever, even in the key exchange)."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            timeout = struct.pack("ll", int(ANSWER_SECONDS), 0)  # struct timeval
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, timeout)
            sock.connect(self.address)
        except OSError:
            sock.close()
            raise
        conn = Connection(sock.detach())
        try:
            answer_challenge(conn, self.key)
            deliver_challenge(conn, self.key)
        except BaseException:
            conn.close()
            raise
        return conn
