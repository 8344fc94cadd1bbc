"""Limits uvicorn's HTTP layer does not set by itself: the request head's size and the time a client
may take to send it. (A stalled body is the app's to time out: see ``middleware``.)

httptools, uvicorn's default parser when installed, buffers a request head of any size (docs/API.md,
Errors, and bench/hardening.py), so the server runs h11 with a bounded buffer, answers 431 when a
head outgrows MAX_HEAD, and 408 to a head still incomplete after HEAD_TIMEOUT. h11's own bound
applies only to a head still incomplete, so a long head that arrived in one piece would pass it: the
whole head is measured before h11 reads it. These answers, and the 400 to a request h11 cannot
read, are JSON with the security headers and a request id, like the app's."""

from __future__ import annotations

import asyncio
import http
import json
import logging
import re
import uuid
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .logs import REQUEST_ID_HEADER
from .security import SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY

MAX_HEAD = 16 * 1024  # bytes: the request line and every header together
HEAD_TIMEOUT = 10.0  # seconds from a request's first byte (or the connection) to its last header
LINGER_SECONDS = 2.0  # after a refusal: how long the rest of the request is read and dropped…
LINGER_BYTES = 1024 * 1024  # …and how much of it at most
_HEAD_END = re.compile(rb"\n\r?\n")  # the blank line after the headers, as h11 finds it
access_log = logging.getLogger("spider.access")


def _refusal(status: int, reason: str, message: str, https: bool) -> bytes:
    """A whole answer, sent before the app has the request: JSON, the security headers, a request id
    (also in its log line), and the connection closed after it."""
    body = json.dumps({"reason": reason, "message": message, "params": {}}).encode()
    rid = uuid.uuid4().hex
    headers = {
        "content-type": "application/json",
        "content-length": str(len(body)),
        "connection": "close",
        REQUEST_ID_HEADER: rid,
        **SECURITY_HEADERS,
        **({"Strict-Transport-Security": STRICT_TRANSPORT_SECURITY} if https else {}),
    }
    access_log.info("refused before the app", extra={"status": status, "request_id": rid})
    head = f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return (head + "\r\n").encode("latin-1") + body


class _HeadLimitedConnection(h11.Connection):
    """h11's server side, refusing a request head (line and headers) longer than MAX_HEAD however
    the bytes arrived: in one piece, in many, or behind an earlier request on the connection."""

    head_too_large = False

    def next_event(self) -> Any:
        if self.their_state is h11.IDLE:
            buffered = self.trailing_data[0]
            if len(buffered) > MAX_HEAD and _HEAD_END.search(buffered, 0, MAX_HEAD) is None:
                self.head_too_large = True
                raise h11.RemoteProtocolError("request head too large", error_status_hint=431)
        return super().next_event()


class LimitedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with 431 for an oversized head and a deadline for the head to arrive."""

    _head_timer: asyncio.TimerHandle | None = None
    _dropped: int | None = None  # once refused: the bytes read since and thrown away

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = _HeadLimitedConnection(h11.SERVER, MAX_HEAD)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        if self._dropped is not None:
            self._dropped += len(data)
            if self._dropped > LINGER_BYTES:
                self.transport.close()
            return
        super().data_received(data)
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        if isinstance(self.conn, _HeadLimitedConnection) and self.conn.head_too_large:
            self._refuse(431, "too_large", f"The request head is larger than {MAX_HEAD} bytes")
        else:
            self._refuse(400, "bad_request", "Malformed HTTP request")

    def _refuse(self, status: int, reason: str, message: str) -> None:
        """Answer, then read and drop what the client still sends (up to LINGER_BYTES, for at most
        LINGER_SECONDS) before closing: a close with bytes unread is a reset, which can destroy the
        answer on its way to a client still sending the rest of its request."""
        self._stop_head_timer()
        self.transport.write(_refusal(status, reason, message, self.scheme == "https"))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._dropped = 0
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def _watch_head(self) -> None:
        """A deadline runs while the client owes us (the rest of) a request head."""
        waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing() and self._dropped is None
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
            self._refuse(408, "timeout", "The request head took too long to arrive")


def hardened_config(app: Any, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration with the request head bounded in size and time, and no Server header
    (it would only tell a prober what to try)."""
    return uvicorn.Config(
        app, http=LimitedH11Protocol, h11_max_incomplete_event_size=MAX_HEAD, server_header=False, **options
    )
