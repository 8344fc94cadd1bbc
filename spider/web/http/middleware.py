"""Every request's limits and player, as a pure ASGI middleware.

Starlette's ``BaseHTTPMiddleware`` (``@app.middleware("http")``) runs the route in a task of its own and
hides the client's disconnect from it, so a solve the player stopped waiting for never learnt that
nobody was listening. A plain ASGI middleware passes ``receive`` through untouched (after the body,
which it reads itself so that a client who stops sending gets a 408 instead of holding a task, and
one who sends more than it said gets a 413 instead of a buffer that grows)."""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...engine import N_
from ...store import Store, StoreBusy
from .busy import busy_response
from .errors import ApiError, error_response
from .limits import MAX_BODY
from .rates import NEW_PLAYER, RateLimited, client_address

COOKIE = "spider_player"
COOKIE_MAX_AGE = 10 * 365 * 24 * 3600
BODY_TIMEOUT = 10.0  # seconds a client may take to send a (small) body
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")
# the routes of a player's own things: a request without a known player gets a new token here, kept
# (a cookie, a row in the store) only once something is stored for it
PLAYER_ROUTES = ("/api/player", "/api/games", "/api/stats", "/api/history", "/api/daily")
# the answers about one player's things (a solve or a review is of their game): never kept by a cache
PRIVATE_ROUTES = (*PLAYER_ROUTES, "/api/solves", "/api/reviews")
# probes answer without reading the store for a player (/api/ready must answer while it is down)
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


def _known_player(store: Store, token: str) -> dict[str, Any] | None:
    """The settings of a player the store issued ``token`` to, else None (a forged or lost token)."""
    return store.player_settings(token) if _TOKEN.match(token) else None


def _identify(store: Store, token: str, player_route: bool) -> tuple[str | None, dict[str, Any], bool]:
    """(player, their saved settings, whether the token is new); no player where none is needed. A
    new token is only a name until something is written for it: the store keeps no row for it, and
    a read through it finds what a new player has (no game, the default settings)."""
    settings = _known_player(store, token)
    if settings is not None:
        return token, settings, False
    if not player_route:
        return None, {}, False
    return secrets.token_urlsafe(24), {}, True


async def _was_stored(store: Store, player: str) -> bool:
    """Whether the request stored something for its new ``player`` (then the store knows them). A
    store that does not answer now gets the benefit of the doubt: a cookie the store never heard of
    is taken for none at all."""
    try:
        return await run_in_threadpool(store.player_settings, player) is not None
    except StoreBusy:
        return True


def player_cookie(token: str, secure: bool) -> str:
    """The Set-Cookie value that gives the browser the player's token."""
    carrier = Response()
    carrier.set_cookie(COOKIE, token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="lax", path="/", secure=secure)
    return carrier.headers["set-cookie"]


class PlayerMiddleware:
    """Refuses bodies without a length, over the limit or too slow to arrive; gives each API request
    its player (a new guest token on a player's routes when the cookie has no token the store issued,
    sent as a cookie only if the request stored something for it) and their chosen language. The
    store is read off the event loop."""

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
        store: Store = scope["app"].state.context.store
        player_route = scope["path"].startswith(PLAYER_ROUTES)
        try:
            player, settings, fresh = await run_in_threadpool(
                _identify, store, request.cookies.get(COOKIE, ""), player_route
            )
        except StoreBusy:
            await busy_response(request)(scope, receive, send)
            return
        request.state.player = player
        request.state.lang = settings.get("lang")
        if not scope["path"].startswith(PRIVATE_ROUTES):
            await self.app(scope, receive, send)
            return
        # a read (GET, HEAD) never writes, so a new token is given only by a request that may have stored it
        new_player = player if fresh and request.method not in ("GET", "HEAD") else None
        if new_player is not None:
            try:
                scope["app"].state.context.rates.take(NEW_PLAYER, client_address(scope))
            except RateLimited as limited:
                await error_response(request, limited)(scope, receive, send)
                return
        secure = scope.get("scheme") == "https"

        async def send_player_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                headers.setdefault("Cache-Control", "no-store")
                if new_player is not None and await _was_stored(store, new_player):
                    headers.append("Set-Cookie", player_cookie(new_player, secure))
            await send(message)

        await self.app(scope, receive, send_player_headers)
