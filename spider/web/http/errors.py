"""Every client mistake as a 4xx with ``{"reason", "message", "params"}`` in the player's language,
documented in the OpenAPI schema by the models below."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...engine import N_, IllegalAction, SpiderError, profile, variant
from ...i18n import translate_error, translations
from ...play import Declined, Missing, Unplayable, clubs, daily, players
from ...play import NotFound as NoSuchGame
from ...play.answers import GameView
from ..language import request_language


class ErrorBody(BaseModel):
    """What every 4xx answer carries."""

    model_config = ConfigDict(extra="forbid")

    reason: str = Field(description="A stable code, e.g. not_a_run, bad_code, not_found", examples=["not_a_run"])
    message: str = Field(description="What went wrong, in the player's language")
    params: dict[str, str | int | float | bool | None] = Field(description="The values the message names")


class StaleBody(ErrorBody):
    """A 409: the action was for an older version of the game, or the game is over; or a batch's
    422: one of its actions is refused by the rules (``params.index``), nothing of it stored."""

    view: GameView = Field(description="The game as it is now")


# What each error status means, for the routes' documentation.
ERROR_STATUSES: dict[int, str] = {
    400: "Bad input: a malformed body, a number out of its bounds, a text that breaks its rule (bad_code,"
    " bad_action, bad_card, bad_date: the schema gives each one's pattern), an unknown game, suit count, rules or"
    " profile, a bad deck or record, a display name that breaks its rule (bad_name), a transfer code unknown, used or"
    " expired (bad_transfer), a club invite unknown or replaced (bad_invite)",
    403: "too_many_clubs: the player is in as many clubs as one may be; club_full: the club has as many members as"
    " one may; not_owner: only a club's owner replaces its invite",
    404: "No such game or solver job (or another player's, or a job of another kind), level, language or daily"
    " deal; not_yet: a day still to come; no_club: no such club, or one the player is not in; none_ready: no"
    " winnable deal of the level is ready",
    408: "A request body not all there within 10 s (the connection is closed)",
    409: "stale: the game has changed since that version; finished: the game is over; daily: a daily deal's actions"
    " are sent one at a time. The body has the game's view",
    411: "A request body without a Content-Length",
    413: "A request body over 64 KiB",
    422: "A move the rules refuse; nothing changed (a batch's: params.index says which, and the body has the game's"
    " view)",
    429: "The solver is busy with other questions, or this address asked too often (rate_limited): ask again later",
    503: "busy: the database or the solver queue does not answer (Retry-After); worker_lost: a solver stopped before"
    " it answered; daily_not_ready: today's daily deal could not be made in time (Retry-After)",
}
# Every route that reads the store or the solver queue: a database locked by another connection for
# over 2 s, or a queue that does not answer, is a 503 busy (http/busy.py)
BUSY = 503
# Every POST or PUT: the player middleware reads no body without a length, over the limit or too slow,
# and makes no new player for an address that made too many (429 rate_limited).
BODY_LIMITS = (408, 411, 413, 429)


def error_responses(*statuses: int, viewed: tuple[int, ...] = (409,)) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=``: the error statuses it can answer, each with its body's model (with
    the game's view for those in ``viewed``)."""
    return {
        status: {"model": StaleBody if status in viewed else ErrorBody, "description": ERROR_STATUSES[status]}
        for status in statuses
    }


class ApiError(SpiderError):
    """A client mistake the web layer finds itself (unknown game, bad body…), with its status."""

    def __init__(self, status: int, reason: str, template: str, **params: Any) -> None:
        super().__init__(reason, template, **params)
        self.status = status


class Refused(ValueError):
    """Raised by a validator (a text's rule, texts.py; a body's own, bodies.py): the request is answered
    with ``error``, in the words of the code that reads such input, not as a malformed request."""

    def __init__(self, error: SpiderError) -> None:
        super().__init__(error.reason)
        self.error = error


class NotFound(ApiError):
    """A game that does not exist, or is another player's: the same answer for both."""

    def __init__(self) -> None:
        super().__init__(404, "not_found", N_("There is no such game"))


# The play layer's refusals of a batch of actions, the daily deals, names and clubs, in HTTP (nothing
# was changed by a refused call). A club one is not in is not found, like an unknown one.
PLAY_REFUSALS: dict[type[SpiderError], int] = {
    Unplayable: 422,
    daily.NotYet: 404,
    daily.NoDeal: 404,
    daily.NotReady: 503,
    players.BadTransfer: 400,
    clubs.NoClub: 404,
    clubs.BadInvite: 400,
    clubs.TooManyClubs: 403,
    clubs.ClubFull: 403,
    clubs.NotOwner: 403,
}


def status_of(err: SpiderError) -> int:
    if isinstance(err, ApiError):
        return err.status
    if type(err) in PLAY_REFUSALS:
        return PLAY_REFUSALS[type(err)]
    if isinstance(err, Missing):
        return 404
    if isinstance(err, Declined):
        return 409
    return 422 if isinstance(err, IllegalAction) else 400


def error_body(request: Request, err: SpiderError) -> dict[str, Any]:
    message = translate_error(err, translations(request_language(request)))
    return {"reason": err.reason, "message": message, "params": {k: _plain(v) for k, v in err.params.items()}}


def error_response(request: Request, err: SpiderError, **extra: Any) -> JSONResponse:
    headers = getattr(err, "headers", None)  # e.g. a 429's Retry-After
    retry = getattr(err, "retry_after", None)  # a play-layer refusal that says when to come back
    if retry is not None:
        headers = {"Retry-After": str(retry)}
    if isinstance(err, Declined):  # the game as it is now, which shows why
        extra["view"] = err.view.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return JSONResponse(error_body(request, err) | extra, status_code=status_of(err), headers=headers)


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


# A body's game, suits, rules or profile outside the choices: refused in the engine's own words, as
# when the engine meets it (bad_game, bad_suits…). A value of the wrong type stays bad_request.
_ENGINE_CHOICES: dict[str, tuple[type, Callable[[Any], object]]] = {
    "game": (str, lambda value: variant(game=value)),
    "suits": (int, lambda value: variant(suits=value)),
    "rules": (str, lambda value: variant(rules=value)),
    "profile": (str, profile),
}


def _engine_refusal(error: dict[str, Any]) -> SpiderError | None:
    loc = tuple(error.get("loc", ()))
    if error.get("type") != "literal_error" or len(loc) != 2 or loc[0] != "body" or loc[1] not in _ENGINE_CHOICES:
        return None
    expected, check = _ENGINE_CHOICES[str(loc[1])]
    if type(error.get("input")) is not expected:
        return None
    try:
        check(error["input"])
    except SpiderError as err:
        return err
    return None


def install(app: FastAPI) -> None:
    @app.exception_handler(SpiderError)
    async def spider_error(request: Request, exc: SpiderError) -> JSONResponse:
        return error_response(request, exc)

    @app.exception_handler(NoSuchGame)
    async def no_such_game(request: Request, exc: NoSuchGame) -> JSONResponse:
        return error_response(request, NotFound())

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        cause = (first.get("ctx") or {}).get("error")
        refusal = cause.error if isinstance(cause, Refused) else _engine_refusal(first)
        if refusal is not None:
            return error_response(request, refusal)
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        err = ApiError(
            400,
            "bad_request",
            N_("Malformed request: {field}: {problem}"),
            field=where or "body",
            problem=first.get("msg", "invalid"),
        )
        return error_response(request, err)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 404:
            err = ApiError(404, "not_found", N_("Not found"))
        elif exc.status_code == 405:
            err = ApiError(405, "method_not_allowed", N_("Method not allowed"))
        else:
            err = ApiError(exc.status_code, "bad_request", N_("Bad request"))
        response = error_response(request, err)
        response.headers.update(exc.headers or {})
        if exc.status_code == 405:
            response.headers["Allow"] = ", ".join(allowed_methods(app, request.scope))
        return response

    app.openapi = _without_default_validation_errors(app)  # type: ignore[method-assign]


def _every_route(routes: Iterable[BaseRoute]) -> Iterator[BaseRoute]:
    """The routes in the order they are tried, through included routers (which FastAPI may keep as
    routers of their own)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _every_route(inner.routes)
        else:
            yield route


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route takes at the request's path (the router's own 405 names only the
    first route's), HEAD wherever GET is (security.HeadAsGetMiddleware). Routes that share a
    template but not their parameters' kinds step aside for each other (``routes/kinds.py``), so
    this is the path's own: ``GET, HEAD`` for a day at ``/api/daily/{date}``, ``POST`` for a level."""
    methods: set[str] = set()
    for route in _every_route(app.routes):
        if route.matches(scope)[0] is not Match.NONE:
            methods |= getattr(route, "methods", None) or {"GET"}  # a mount: the static files
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


def _without_default_validation_errors(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """FastAPI documents a 422 ``HTTPValidationError`` on every route with parameters; this app
    answers a malformed request with a 400 ``ErrorBody`` instead (above), and a 422 only where the
    rules refuse a move. The schema says so."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = build()
            for operations in schema["paths"].values():
                for operation in operations.values():
                    answer = operation.get("responses", {}).get("422", {})
                    if "HTTPValidationError" in str(answer):
                        del operation["responses"]["422"]
            for name in ("HTTPValidationError", "ValidationError"):
                schema.get("components", {}).get("schemas", {}).pop(name, None)
        return app.openapi_schema  # type: ignore[return-value]

    return openapi


log = logging.getLogger("spider.error")


class InternalErrorMiddleware:
    """A fault of the server's own is a 500 with a JSON body like any other answer (inside the
    security headers' and the request id's middleware, which Starlette's own 500 is outside of),
    and its traceback is logged, once, as JSON."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watching(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watching)
        except Exception:
            log.exception("internal error", extra={"method": scope["method"], "path": scope["path"]})
            if started:  # too late for an answer of its own: the server closes the connection
                return
            err = ApiError(500, "internal_error", N_("Something went wrong on the server; please try again later"))
            await error_response(Request(scope), err)(scope, receive, send)
