"""Limits uvicorn's HTTP layer does not set by itself: the request head's size and the time a client
may take to send it. (A stalled body is the app's to time out: see ``middleware``.)

httptools, uvicorn's default parser when installed, buffers a request head of any size (a 200 MiB
header took the server to 449 MB), so the server runs h11 with a bounded buffer, answers 431 when a
head outgrows it, and 408 to a head still incomplete after HEAD_TIMEOUT."""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_HEAD = 16 * 1024  # bytes: the request line and every header together
HEAD_TIMEOUT = 10.0  # seconds from a request's first byte (or the connection) to its last header


def _plain_answer(status: int, reason: str) -> bytes:
    body = reason.encode("ascii")
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode("ascii") + body


class LimitedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with 431 for an oversized head and a deadline for the head to arrive."""

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        buffered, _closed = self.conn.trailing_data
        if len(buffered) > MAX_HEAD and self.conn.their_state is h11.ERROR:
            self.transport.write(_plain_answer(431, "Request Header Fields Too Large"))
            self.transport.close()
            return
        super().send_400_response(msg)

    def _watch_head(self) -> None:
        """A deadline runs while the client owes us (the rest of) a request head."""
        waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
        if waiting and self._head_timer is None:
            self._head_timer = self.loop.call_later(HEAD_TIMEOUT, self._head_too_slow)
        elif not waiting:
            self._stop_head_timer()

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.write(_plain_answer(408, "Request Timeout"))
            self.transport.close()


def hardened_config(app: Any, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration with the request head bounded in size and time."""
    return uvicorn.Config(app, http=LimitedH11Protocol, h11_max_incomplete_event_size=MAX_HEAD, **options)
