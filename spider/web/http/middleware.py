"""Every API request's body limits and its language, as a pure ASGI middleware; and the headers the
request's identity dependencies (``spider.web.identity``) asked of its answer.

Starlette's ``BaseHTTPMiddleware`` (``@app.middleware("http")``) runs the route in a task of its own and
hides the client's disconnect from it, so a solve the player stopped waiting for never learnt that
nobody was listening. A plain ASGI middleware passes ``receive`` through untouched (after the body,
which it reads itself so that a client who stops sending gets a 408 instead of holding a task, and
one who sends more than it said gets a 413 instead of a buffer that grows). Which requests have a
player, and which answers are private, is for the routes to say (their dependencies), not for paths
listed here."""

from __future__ import annotations

import asyncio

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...engine import N_
from ...store import StoreBusy
from ..identity import answer_headers, saved_settings
from .busy import busy_response
from .errors import ApiError, error_response
from .limits import MAX_BODY

BODY_TIMEOUT = 10.0  # seconds a client may take to send a (small) body
# probes answer without reading the store (/api/ready must answer while it is down)
UNIDENTIFIED = ("/api/health", "/api/ready")


def _body_error(request: Request) -> ApiError | None:
    """A body the app will not read: one without a length, or one over MAX_BODY."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return None
    length = request.headers.get("content-length")
    if length is None or not length.isdigit():
        return ApiError(411, "bad_request", N_("A request body needs a Content-Length"))
    if int(length) > MAX_BODY:
        return _too_large()
    return None


def _too_large() -> ApiError:
    return ApiError(413, "too_large", N_("The request is larger than {limit} bytes"), limit=MAX_BODY)


class _BodyTooLarge(Exception):
    """More body arrived than MAX_BODY, whatever Content-Length said."""


async def _read_body(receive: Receive) -> bytes | None:
    """The whole body within BODY_TIMEOUT (TimeoutError otherwise); None if the client left. The
    bytes are counted as they come: a body framed otherwise than its Content-Length says (chunked, on
    a server that lets both headers through) raises _BodyTooLarge past MAX_BODY, never read whole."""
    chunks, size = [], 0
    async with asyncio.timeout(BODY_TIMEOUT):
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                raise _BodyTooLarge
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _closing(response: Response) -> Response:
    """``response`` with the connection closed after it: the rest of the body is never read, so the
    connection cannot carry another request."""
    response.headers["Connection"] = "close"
    return response


def _replaying(body: bytes, receive: Receive) -> Receive:
    """``receive`` for the app: the body already read, then the client's own messages (disconnect)."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay


class PlayerMiddleware:
    """Refuses bodies without a length, over the limit or too slow to arrive; gives each API request
    its player's chosen language (the language of every answer, errors included), and its answer
    the headers its identity dependencies asked for (``no-store``, a new player's cookie)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/") or scope["path"] in UNIDENTIFIED:
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refused = _body_error(request)
        if refused is not None:
            await error_response(request, refused)(scope, receive, send)
            return
        if request.method in ("POST", "PUT", "PATCH"):
            try:
                body = await _read_body(receive)
            except TimeoutError:
                late = ApiError(408, "timeout", N_("The request body took too long to arrive"))
                await _closing(error_response(request, late))(scope, receive, send)
                return
            except _BodyTooLarge:
                await _closing(error_response(request, _too_large()))(scope, receive, send)
                return
            if body is None:
                return
            receive = _replaying(body, receive)
        scope.setdefault("state", {})  # shared with the route's request: its dependencies write here
        try:
            _player, settings = await saved_settings(request)
        except StoreBusy:
            await busy_response(request)(scope, receive, send)
            return
        request.state.lang = (settings or {}).get("lang")

        async def send_with_identity(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                await answer_headers(scope, MutableHeaders(scope=message))
            await send(message)

        await self.app(scope, receive, send_with_identity)
