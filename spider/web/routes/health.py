"""For load balancers and orchestrators: is this worker alive, and can it serve (database and queue)?"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Response
from starlette.concurrency import run_in_threadpool

from ..context import Ctx
from ..http.answers import sent
from ..models import Health, Ready

PROBE_SECONDS = 2.0  # a dependency slower than this to answer counts as unreachable
log = logging.getLogger("spider.ready")

router = APIRouter()


@router.get("/api/health", summary="Alive: the worker answers (it checks nothing else)", response_model=Health)
async def health() -> Response:
    return sent(Health(ok=True))


@router.get(
    "/api/ready",
    summary="Ready: the database and the solver queue answer, and a worker serves the queue (503 when not)",
    response_model=Ready,
    responses={503: {"model": Ready, "description": "The database or the queue does not answer, or nothing serves it"}},
)
async def ready(ctx: Ctx) -> Response:
    database = await _probe("database", run_in_threadpool, ctx.readiness.database)
    queue = await _probe("queue", run_in_threadpool, ctx.readiness.queue)
    workers = queue and await _probe("workers", run_in_threadpool, ctx.readiness.workers)
    if queue and not workers:
        log.warning("workers not serving: no spider worker has said it is there within its heartbeat (or Redis erred)")
    ok = database and queue and workers
    answer = Ready(ok=ok, database=database, queue=queue, workers=workers)
    return sent(answer, status_code=200 if ok else 503)


async def _probe(name: str, fn: Any, *args: Any) -> bool:
    """True when ``fn(*args)`` answers in time without an error (its value is not the point)."""
    try:
        async with asyncio.timeout(PROBE_SECONDS):
            answer = await fn(*args)
    except Exception as err:  # any failure of a dependency means "not ready", never a 500
        log.warning("%s not reachable: %r", name, err)
        return False
    return answer is not False
