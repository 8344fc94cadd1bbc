"""A database kept locked elsewhere or a solver queue that does not answer: 503 with a JSON reason and
Retry-After, never a hang or a 500; a solver too busy to take a job: 429 with Retry-After; a solver
process lost before it answered: 503 worker_lost (ask again)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from ...engine import N_
from ...jobs.errors import Busy, QueueUnavailable, WorkerLost
from ...store import StoreBusy
from .errors import ApiError, error_response

RETRY_AFTER = 2  # seconds


def busy_response(request: Request) -> JSONResponse:
    err = ApiError(503, "busy", N_("The server is busy; try again in a moment"))
    response = error_response(request, err)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def install(app: FastAPI) -> None:
    @app.exception_handler(StoreBusy)
    async def store_busy(request: Request, _exc: StoreBusy) -> JSONResponse:
        return busy_response(request)

    @app.exception_handler(QueueUnavailable)
    async def queue_unavailable(request: Request, _exc: QueueUnavailable) -> JSONResponse:
        return busy_response(request)

    @app.exception_handler(Busy)
    async def solver_busy(request: Request, exc: Busy) -> JSONResponse:
        response = error_response(request, ApiError(429, exc.reason, exc.template, **exc.params))
        response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.exception_handler(WorkerLost)
    async def worker_lost(request: Request, _exc: WorkerLost) -> JSONResponse:
        stopped = N_("The solver stopped before it could answer. Please ask again.")
        return error_response(request, ApiError(503, "worker_lost", stopped))
