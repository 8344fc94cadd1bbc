"""``spider serve``: the app on uvicorn, on the database named by --database or SPIDER_DATABASE (a
PostgreSQL URL or a SQLite file), else the SQLite file in the user's data directory."""

from __future__ import annotations

import errno
import os
import re
import socket
import sqlite3
from pathlib import Path

import uvicorn
from fastapi import FastAPI
from platformdirs import user_data_dir

from ..store import StoreUnavailable, is_postgresql
from .app import create_app
from .limits import hardened_config

DATABASE_VARIABLE = "SPIDER_DATABASE"


def default_database() -> str:
    return str(Path(user_data_dir("spider", appauthor=False)) / "spider.sqlite3")


def chosen_database(database: str | None) -> str | None:
    """The database the user named: the option, else the environment variable, else None."""
    return database or os.environ.get(DATABASE_VARIABLE) or None


def shown_database(database: str) -> str:
    """The database as printed: a URL's password is never shown."""
    return re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@/]*@", r"\1:***@", database)


class StartupError(Exception):
    """The server cannot start (the address or the database): one line for the user, no traceback."""


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
    except OSError as e:
        sock.close()
        reasons: dict[int | None, str] = {
            errno.EADDRINUSE: f"port {port} is already in use (choose another with --port, or 0 for any free one)",
            errno.EADDRNOTAVAIL: f"{host} is not an address of this machine",
            errno.EACCES: f"no permission to listen on port {port} (ports below 1024 need privileges)",
        }
        raise StartupError(f"cannot listen on {host}:{port}: {reasons.get(e.errno) or e.strerror or e}") from None
    return sock


def _open_app(database: str, chosen: bool) -> FastAPI:
    """The app on ``database``; a StartupError if the file cannot be a SQLite database. The default
    file's folder is made on first start; a folder the user named must exist (a typo makes no folders).
    A PostgreSQL URL must reach a server that accepts it."""
    if is_postgresql(database):
        try:
            return create_app(database)
        except StoreUnavailable as e:
            raise StartupError(f"cannot open database {shown_database(database)}: {e}") from None
    path = Path(database)
    if path.is_dir():
        raise StartupError(f"cannot open database {database}: it is a folder, not a file")
    if chosen and not path.parent.is_dir():
        raise StartupError(f"cannot open database {database}: the folder {path.parent} does not exist")
    try:
        return create_app(database)
    except (sqlite3.OperationalError, OSError) as e:  # permissions, a read-only disk, a locked file
        raise StartupError(f"cannot open database {database}: {e}") from None
    except sqlite3.DatabaseError as e:  # a file that is not SQLite, or a damaged one
        raise StartupError(f"cannot open database {database}: {e} (is it a Spider SQLite file?)") from None


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    """Start the app and serve until Ctrl+C. Raises StartupError if it cannot start."""
    sock = _listen(host, port)
    try:
        database = chosen_database(database)
        chosen = database is not None
        database = database or default_database()
        app = _open_app(database, chosen)
    except StartupError:
        sock.close()
        raise
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(
        f"Spider is running at http://{shown}:{bound}/  (database: {shown_database(database)}; Ctrl+C stops it)",
        flush=True,
    )
    config = hardened_config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
