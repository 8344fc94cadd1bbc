"""Limits uvicorn's HTTP layer does not set by itself: the request head's size and the time a client
may take to send it, the body's size however it is framed, and no request framed two ways. (A stalled
body is the app's to time out: see ``middleware``.)

httptools, uvicorn's default parser when installed, buffers a request head of any size (docs/API.md,
Errors, and bench/hardening.py), so the server runs h11 with a bounded buffer, answers 431 when a
head outgrows MAX_HEAD, and 408 to a head still incomplete after HEAD_TIMEOUT. h11's own bound
applies only to a head still incomplete, so a long head that arrived in one piece would pass it: the
whole head is measured before h11 reads it. These answers, and the 400 to a request h11 cannot
read, are JSON with the security headers and a request id, like the app's.

A body is counted as h11 reads it, whatever its headers say: a chunked one has no length to check
beforehand. Past MAX_BODY the server answers 413 (or, if the app has answered already, just stops)
and reads no more of it. A request with both Transfer-Encoding and Content-Length is refused with
400 (RFC 9112 §6.1): a proxy that frames it by the other header would read a second request into it."""

from __future__ import annotations

import asyncio
import http
import json
import logging
import re
import uuid
from dataclasses import dataclass
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .logs import REQUEST_ID_HEADER
from .security import SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY

MAX_HEAD = 16 * 1024  # bytes: the request line and every header together
MAX_BODY = 64 * 1024  # bytes of a request's body, however it is framed (the app's own bound: middleware)
HEAD_TIMEOUT = 10.0  # seconds from a request's first byte (or the connection) to its last header
LINGER_SECONDS = 2.0  # after a refusal: how long the rest of the request is read and dropped…
LINGER_BYTES = 1024 * 1024  # …and how much of it at most
_HEAD_END = re.compile(rb"\n\r?\n")  # the blank line after the headers, as h11 finds it
access_log = logging.getLogger("spider.access")


@dataclass(frozen=True)
class Refusal:
    """An answer the server gives before (or instead of) the app's."""

    status: int
    reason: str
    message: str
    limit: int | None = None  # the bound it is about, as the app's own answers name it in params


def _refusal(refusal: Refusal, https: bool) -> bytes:
    """A whole answer, sent before the app has the request: JSON, the security headers, a request id
    (also in its log line), and the connection closed after it."""
    params = {} if refusal.limit is None else {"limit": refusal.limit}
    body = json.dumps({"reason": refusal.reason, "message": refusal.message, "params": params}).encode()
    rid = uuid.uuid4().hex
    headers = {
        "content-type": "application/json",
        "content-length": str(len(body)),
        "connection": "close",
        REQUEST_ID_HEADER: rid,
        **SECURITY_HEADERS,
        **({"Strict-Transport-Security": STRICT_TRANSPORT_SECURITY} if https else {}),
    }
    access_log.info("refused before the app", extra={"status": refusal.status, "request_id": rid})
    head = f"HTTP/1.1 {refusal.status} {http.HTTPStatus(refusal.status).phrase}\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return (head + "\r\n").encode("latin-1") + body


HEAD_TOO_LARGE = Refusal(431, "too_large", f"The request head is larger than {MAX_HEAD} bytes")
BODY_TOO_LARGE = Refusal(413, "too_large", f"The request is larger than {MAX_BODY} bytes", limit=MAX_BODY)
FRAMED_TWICE = Refusal(400, "bad_request", "A request may not have both Transfer-Encoding and Content-Length")
MALFORMED = Refusal(400, "bad_request", "Malformed HTTP request")


class _LimitedConnection(h11.Connection):
    """h11's server side, refusing a request head (line and headers) longer than MAX_HEAD however
    the bytes arrived (in one piece, in many, or behind an earlier request on the connection), a
    request framed by both Transfer-Encoding and Content-Length, and a body past MAX_BODY bytes."""

    refusal: Refusal | None = None  # why the last RemoteProtocolError was raised here
    body_bytes = 0  # of the current request, as read

    def next_event(self) -> Any:
        self.refusal = None
        if self.their_state is h11.IDLE:
            buffered = self.trailing_data[0]
            if len(buffered) > MAX_HEAD and _HEAD_END.search(buffered, 0, MAX_HEAD) is None:
                self._refuse(HEAD_TOO_LARGE)
        event = super().next_event()
        if isinstance(event, h11.Request):
            self.body_bytes = 0
            names = {name.lower() for name, _ in event.headers}
            if b"transfer-encoding" in names and b"content-length" in names:
                self._refuse(FRAMED_TWICE)
        elif isinstance(event, h11.Data):
            self.body_bytes += len(event.data)
            if self.body_bytes > MAX_BODY:
                self._refuse(BODY_TOO_LARGE)
        return event

    def _refuse(self, refusal: Refusal) -> None:
        self.refusal = refusal
        raise h11.RemoteProtocolError(refusal.message, error_status_hint=refusal.status)


class LimitedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with 431 for an oversized head, a deadline for the head to arrive, 413
    for a body past MAX_BODY bytes and 400 for one framed two ways."""

    _head_timer: asyncio.TimerHandle | None = None
    _dropped: int | None = None  # once refused: the bytes read since and thrown away

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = _LimitedConnection(h11.SERVER, MAX_HEAD)

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
        refusal = self.conn.refusal if isinstance(self.conn, _LimitedConnection) else None
        self._refuse(refusal or MALFORMED)

    def _refuse(self, refusal: Refusal) -> None:
        """Answer (unless the app has answered this request), then read and drop what the client still
        sends (up to LINGER_BYTES, for at most LINGER_SECONDS) before closing: a close with bytes
        unread is a reset, which can destroy the answer on its way to a client still sending the rest
        of its request."""
        self._stop_head_timer()
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            # the request the app is on: it sees the client gone, and anything it sends is dropped
            cycle.disconnected = True
            cycle.message_event.set()
            if cycle.response_started:  # half an answer on the wire: nothing more can be said on it
                self.transport.close()
                return
            self._write_refusal(refusal)
        elif refusal is not BODY_TOO_LARGE:  # a finished cycle is an earlier request's, but for a body's
            self._write_refusal(refusal)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._dropped = 0
        self.flow.resume_reading()  # reading may be paused for a body the app was slow to take
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def _write_refusal(self, refusal: Refusal) -> None:
        self.transport.write(_refusal(refusal, self.scheme == "https"))

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
            self._refuse(Refusal(408, "timeout", "The request head took too long to arrive"))


def hardened_config(app: Any, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration with the request head bounded in size and time, and no Server header
    (it would only tell a prober what to try)."""
    return uvicorn.Config(
        app, http=LimitedH11Protocol, h11_max_incomplete_event_size=MAX_HEAD, server_header=False, **options
    )
