"""A database kept locked elsewhere: 503 with a JSON reason and Retry-After, never a hang or a 500."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from ...engine.errors import N_
from ...store import StoreBusy
from .errors import ApiError, error_response

RETRY_AFTER = 2  # seconds


def busy_response(request: Request) -> JSONResponse:
    err = ApiError(503, "busy", N_("The server is busy; try again in a moment"))
    response = error_response(request, err)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def install(app: Any) -> None:
    @app.exception_handler(StoreBusy)
    async def store_busy(request: Request, _exc: StoreBusy) -> JSONResponse:
        return busy_response(request)
