"""Every client mistake as a 4xx with ``{"reason", "message", "params"}`` in the player's language."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ..engine import IllegalAction, SpiderError
from ..engine.errors import N_
from ..i18n import translate_error, translations
from .language import request_language


class ApiError(SpiderError):
    """A client mistake the web layer finds itself (unknown game, bad body…), with its status."""

    def __init__(self, status: int, reason: str, template: str, **params: Any) -> None:
        super().__init__(reason, template, **params)
        self.status = status


class NotFound(ApiError):
    """A game that does not exist, or is another player's: the same answer for both."""

    def __init__(self) -> None:
        super().__init__(404, "not_found", N_("There is no such game"))


def status_of(err: SpiderError) -> int:
    if isinstance(err, ApiError):
        return err.status
    return 422 if isinstance(err, IllegalAction) else 400


def error_body(request: Request, err: SpiderError) -> dict[str, Any]:
    message = translate_error(err, translations(request_language(request)))
    return {"reason": err.reason, "message": message, "params": {k: _plain(v) for k, v in err.params.items()}}


def error_response(request: Request, err: SpiderError, **extra: Any) -> JSONResponse:
    return JSONResponse(error_body(request, err) | extra, status_code=status_of(err))


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def install(app: Any) -> None:
    @app.exception_handler(SpiderError)
    async def spider_error(request: Request, exc: SpiderError) -> JSONResponse:
        return error_response(request, exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
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
        response.headers.update(exc.headers or {})  # a 405's Allow
        return response
