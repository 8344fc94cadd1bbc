"""Every request's player and limits, as a pure ASGI middleware.

Starlette's ``BaseHTTPMiddleware`` (``@app.middleware("http")``) runs the route in a task of its own and
hides the client's disconnect from it, so a solve the player stopped waiting for never learnt that
nobody was listening. A plain ASGI middleware passes ``receive`` through untouched."""

from __future__ import annotations

import re
import secrets

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..engine.errors import N_
from .errors import ApiError, error_response

COOKIE = "spider_player"
COOKIE_MAX_AGE = 10 * 365 * 24 * 3600
MAX_BODY = 64 * 1024
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")


def _body_error(request: Request) -> ApiError | None:
    """A body the app will not read: one without a length, or one over MAX_BODY."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return None
    length = request.headers.get("content-length")
    if length is None or not length.isdigit():
        return ApiError(411, "bad_request", N_("A request body needs a Content-Length"))
    if int(length) > MAX_BODY:
        return ApiError(413, "too_large", N_("The request is larger than {limit} bytes"), limit=MAX_BODY)
    return None


def _cookie_header(token: str) -> tuple[bytes, bytes]:
    carrier = Response()
    carrier.set_cookie(COOKIE, token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="lax", path="/")
    return next((k, v) for k, v in carrier.raw_headers if k == b"set-cookie")


class PlayerMiddleware:
    """Refuses bodies without a length or over the limit; gives each request its player (a new guest
    token when the cookie has none) and their chosen language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refused = _body_error(request)
        if refused is not None:
            await error_response(request, refused)(scope, receive, send)
            return
        token = request.cookies.get(COOKIE, "")
        fresh = not _TOKEN.match(token)
        if fresh:
            token = secrets.token_urlsafe(24)
        request.state.player = token
        request.state.lang = scope["app"].state.context.settings_of(token)["lang"]
        if not fresh:
            await self.app(scope, receive, send)
            return
        cookie = _cookie_header(token)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), cookie]
            await send(message)

        await self.app(scope, receive, send_with_cookie)
