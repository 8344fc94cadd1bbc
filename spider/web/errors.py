"""Every client mistake as a 4xx with ``{"reason", "message", "params"}`` in the player's language."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ..engine import IllegalAction, SpiderError
from ..i18n import translations
from .language import request_language


class ApiError(Exception):
    def __init__(self, status: int, reason: str, message: str, **params: Any) -> None:
        self.status, self.reason, self.message, self.params = status, reason, message, params


def error_body(request: Request, reason: str, template: str, params: dict[str, Any]) -> dict[str, Any]:
    tr = translations(request_language(request))
    try:
        message = tr.gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        message = template
    return {"reason": reason, "message": message, "params": {k: _plain(v) for k, v in params.items()}}


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def install(app: Any) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(error_body(request, exc.reason, exc.message, exc.params), status_code=exc.status)

    @app.exception_handler(SpiderError)
    async def spider_error(request: Request, exc: SpiderError) -> JSONResponse:
        template = getattr(exc, "template", None) or exc.message
        status = 422 if isinstance(exc, IllegalAction) else 400
        return JSONResponse(error_body(request, exc.reason, template, exc.params), status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        body = error_body(request, "bad_request", "Malformed request: {field}: {problem}",
                          {"field": where or "body", "problem": first.get("msg", "invalid")})
        return JSONResponse(body, status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        reason = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        template = {404: "Not found", 405: "Method not allowed"}.get(exc.status_code, str(exc.detail))
        return JSONResponse(error_body(request, reason, template, {}), status_code=exc.status_code)
