"""The ASGI app: the store and the solver's job queue opened, the play layer's use cases over them
(``context``), the site's schedule, the routers, the middleware and the error answers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from ..config import Settings
from ..daily.names import check_stored_names
from ..i18n import load_all
from ..jobs.players import REVIEW_SECONDS, PlayerJobs
from ..jobs.protocol import JobQueue
from ..jobs.queues import default_jobs, jobs_from
from ..jobs.schedule import site_schedule, top_up_nudge
from ..jobs.top_up import seed_pool
from ..store import StoreBusy, StoreUnavailable, open_store
from .context import AppContext
from .expiry import expire_players_periodically
from .frontend import FrontendMode, HashedFiles, load_frontend
from .http import busy, errors
from .http.logs import RequestLogMiddleware
from .http.middleware import PlayerMiddleware
from .http.rates import RateLimits
from .http.security import HeadAsGetMiddleware, SecurityHeadersMiddleware
from .routes import ROUTERS
from .routes.pages import STATIC

log = logging.getLogger("spider.app")


def create_app(
    database: str,
    background: bool = True,
    docs: bool = False,
    jobs: JobQueue | None = None,
    player_expiry_days: float | None = None,
    review_seconds: float = REVIEW_SECONDS,
    review_nodes: int | None = None,
    rate_limits: RateLimits | None = None,
    frontend: FrontendMode | None = None,
) -> FastAPI:
    """The app on a database (a SQLite file, or a PostgreSQL URL); ``background`` False runs no site
    schedule here (no top-up of the winnable-deal pool, no daily deals made ahead: for tests). ``docs``
    serves Swagger UI at /docs, which loads its script from a CDN (so it is off by default: blank
    offline, and outside the CSP); the OpenAPI description is always at /openapi.json. ``jobs``: the
    solver's job queue (by default the one the environment names). ``player_expiry_days``: forget
    players with no game and no settings after this long, checked at start and every hour (None: never).
    ``review_seconds`` and ``review_nodes``: a game review's budget (in all; positions per probe),
    smaller in tests. ``rate_limits``: how often one client address may start solves, deeper hints and
    new players (by default as the environment's settings say). ``frontend``: the production bundle
    or the modules (spider/web/frontend.py; by default as the environment says, ``auto``)."""
    load_all()  # every language ready before the first request, in each worker
    store = open_store(database)
    seed_pool(store)
    check_stored_names(store)  # once per version of the look-alike keys: names kept earlier get theirs
    settings = Settings()
    queue = jobs if jobs is not None else default_jobs()
    # the site's schedule, where this process takes part in it (not where the job host runs it)
    schedule = site_schedule(queue, store, database, settings.daily_ahead) if background else None
    handed_out = top_up_nudge(schedule, queue) if background else None
    player_jobs = PlayerJobs(store, queue, database, review_seconds, review_nodes, handed_out)
    rates = rate_limits if rate_limits is not None else RateLimits.of(settings)
    context = AppContext.over(store, player_jobs, rates)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if schedule is not None:
            schedule.start()
        expiry = None
        if player_expiry_days is not None:
            expiry = asyncio.create_task(expire_players_periodically(store, player_expiry_days))
        yield
        if expiry is not None:
            expiry.cancel()
        if schedule is not None:
            schedule.close()
        await player_jobs.close()
        player_jobs.jobs.close()
        store.close()

    app = FastAPI(
        title="Spider & Spiderette", version="1", docs_url="/docs" if docs else None, redoc_url=None, lifespan=lifespan
    )
    app.state.context = context
    app.state.frontend = load_frontend(frontend or settings.frontend)
    app.state.schedule = schedule
    errors.install(app)
    busy.install(app)
    app.add_middleware(PlayerMiddleware)
    app.add_middleware(HeadAsGetMiddleware)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(errors.InternalErrorMiddleware)  # a 500 of the app's: JSON, headers and id as any answer
    # on every answer, refusals included
    app.add_middleware(SecurityHeadersMiddleware, docs_path=app.docs_url)
    app.add_middleware(RequestLogMiddleware)  # outermost of all: every request gets its id and its log line
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static/dist", HashedFiles(), name="bundle")
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


def from_environment() -> FastAPI:
    """The app factory for ASGI servers, configured by ``SPIDER_…`` variables (spider.config):
    ``uvicorn --factory spider.web.app:from_environment``; ``spider serve --workers N`` runs it in
    each worker."""
    settings = Settings()
    logging.captureWarnings(True)  # a warning Python shows is a log line, as the server's configuration writes them
    try:
        return create_app(
            settings.database_or_default,
            background=settings.background,
            jobs=jobs_from(settings),
            player_expiry_days=settings.player_expiry_days,
        )
    except (StoreUnavailable, StoreBusy) as err:
        # A worker (re)started while the database refuses, e.g. during its restart: one log line, not
        # a traceback on stderr, and the worker ends; the supervisor starts it again.
        log.error("cannot open the database: %s", err)
        raise SystemExit(1) from None
