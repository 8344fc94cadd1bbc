"""``spider serve``: the app on uvicorn, with the SQLite file in the user's data directory."""

from __future__ import annotations

import socket
from pathlib import Path

import uvicorn
from platformdirs import user_data_dir

from .app import create_app
from .limits import hardened_config


def default_database() -> str:
    return str(Path(user_data_dir("spider", appauthor=False)) / "spider.sqlite3")


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    database = database or default_database()
    app = create_app(database)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"Spider is running at http://{shown}:{bound}/  (database: {database}; Ctrl+C stops it)", flush=True)
    config = hardened_config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
