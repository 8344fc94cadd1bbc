"""``spider serve``: the app on uvicorn, in one process or in N worker processes sharing one socket,
on the database named by --database or SPIDER_DATABASE (a PostgreSQL URL or a SQLite file), else the
SQLite file in the user's data directory.

The parent binds the socket and opens the database once (so a wrong address or file is one line for
the user, and schema migrations run before any worker starts); each worker builds its own app from
the ``SPIDER_…`` environment (``spider.web.app:from_environment``), so a worker on another host is
configured the same way. Workers that die are replaced by uvicorn's supervisor; the parent that dies,
even by SIGKILL, takes its workers and its job host along (:mod:`spider.lifeline`), so the port is
free for the server that replaces it."""

from __future__ import annotations

import errno
import functools
import inspect
import logging
import os
import socket
from pathlib import Path

import uvicorn
from fastapi import FastAPI
from uvicorn.supervisors import Multiprocess

from .. import lifeline
from ..config import Settings, SettingsError, default_database, environment_of, load_settings
from ..jobs.host import JobHost
from ..logs import log_config
from ..play.operators import shown_database
from ..store import StoreError, StoreUnavailable, is_postgresql, open_store
from .app import create_app, from_environment
from .http.limits import hardened_config

__all__ = ["StartupError", "default_database", "serve", "settings_from"]

WORKER_PING_SECONDS = 30  # how long uvicorn's supervisor waits for a worker's health ping


class StartupError(Exception):
    """The server cannot start (the address or the database): one line for the user, no traceback."""


def settings_from(**options: object) -> Settings:
    """The environment's settings with the options given (not None) on top; a StartupError names a
    malformed variable or option."""
    try:
        return load_settings(options)
    except SettingsError as e:
        raise StartupError(str(e)) from None


def worker_app(server: int, grace: float) -> FastAPI:
    """A worker's app (``spider.web.app:from_environment``), in a worker that ends with its server:
    SIGTERM when the process ``server`` dies, so the worker stops as at a normal stop, and an end
    ``grace`` seconds later if that stop has not finished."""
    lifeline.end_with(server, grace=grace)
    return from_environment()


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or a StartupError that says why not."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):
        raise StartupError(f"cannot find the address of host {host!r}") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)  # from now on connections wait in the backlog until a worker takes them
    except OSError as e:
        sock.close()
        reasons: dict[int | None, str] = {
            errno.EADDRINUSE: f"port {port} is already in use (choose another with --port, or 0 for any free one)",
            errno.EADDRNOTAVAIL: f"{host} is not an address of this machine",
            errno.EACCES: f"no permission to listen on port {port} (ports below 1024 need privileges)",
        }
        raise StartupError(f"cannot listen on {host}:{port}: {reasons.get(e.errno) or e.strerror or e}") from None
    return sock


def _check_database(database: str, chosen: bool) -> None:
    """Open (and migrate) the store once; a StartupError if it cannot be opened. A PostgreSQL URL must
    reach a server that accepts it. The default file's folder is made on first start; a folder the
    user named must exist (a typo makes no folders)."""
    if is_postgresql(database):
        try:
            open_store(database).close()
        except StoreUnavailable as e:
            raise StartupError(f"cannot open database {shown_database(database)}: {e}") from None
        return
    path = Path(database)
    if path.is_dir():
        raise StartupError(f"cannot open database {database}: it is a folder, not a file")
    if chosen and not path.parent.is_dir():
        raise StartupError(f"cannot open database {database}: the folder {path.parent} does not exist")
    try:
        open_store(database).close()
    except (StoreError, OSError) as e:  # permissions, a read-only disk, a locked file, a file not SQLite
        raise StartupError(f"cannot open database {database}: {e or 'busy'}") from None


def serve(settings: Settings | None = None) -> None:
    """Start the app and serve until Ctrl+C (or SIGTERM: in-flight requests get
    ``settings.shutdown_seconds`` to finish, then solver work is ended). Raises StartupError if it
    cannot start."""
    settings = settings or settings_from()
    sock = _listen(settings.host, settings.port)
    database = settings.database_or_default
    try:
        _check_database(database, chosen=settings.database is not None)
    except StartupError:
        sock.close()
        raise
    settings = settings.model_copy(update={"database": database})
    bound = sock.getsockname()[1]
    shown = f"[{settings.host}]" if ":" in settings.host else settings.host
    workers = f"{settings.workers} workers; " if settings.workers > 1 else ""
    print(
        f"Spider is running at http://{shown}:{bound}/  ({workers}database: {shown_database(database)};"
        " Ctrl+C stops it)",
        flush=True,
    )
    logging.captureWarnings(True)  # a warning Python shows is a log line too (each worker does the same)
    options = {
        "log_config": log_config(settings.log_level, settings.log_format),
        "log_level": settings.log_level,
        "access_log": False,  # spider.access logs each request, with its id
        "timeout_graceful_shutdown": max(1, round(settings.shutdown_seconds)),
        "forwarded_allow_ips": settings.forwarded_allow_ips,  # uvicorn's own default would trust 127.0.0.1
    }
    if settings.workers == 1:
        app = create_app(database, background=settings.background, player_expiry_days=settings.player_expiry_days)
        uvicorn.Server(hardened_config(app, **options)).run(sockets=[sock])
        return
    # Without Redis, one job host runs every worker's solver jobs, so any worker answers for any job.
    host = None if settings.redis_url else JobHost(settings)
    if host is not None:
        host.start()
        settings = host.settings
    os.environ.update(environment_of(settings))  # what each worker's from_environment() reads
    # uvicorn's supervisor starts (and replaces) its workers on this, the main thread, so the kernel's
    # parent-death signal fires only when the whole process ends (spider.lifeline)
    factory = functools.partial(worker_app, os.getpid(), settings.shutdown_seconds)
    # uvicorn replaces a worker that misses a 5-s health ping; one still starting on a busy machine
    # (two cores, a solver at work) can miss it, and killing it only starts another slow start
    if "timeout_worker_healthcheck" in inspect.signature(uvicorn.Config).parameters:  # uvicorn 0.36+
        options["timeout_worker_healthcheck"] = WORKER_PING_SECONDS
    config = hardened_config(factory, factory=True, workers=settings.workers, **options)
    try:
        if "target" in inspect.signature(Multiprocess).parameters:  # uvicorn before 0.50 wants the worker's run
            Multiprocess(config, target=uvicorn.Server(config).run, sockets=[sock]).run()  # type: ignore[call-arg]
        else:
            Multiprocess(config, sockets=[sock]).run()
    finally:
        if host is not None:
            host.stop()
