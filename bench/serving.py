"""`spider serve` in a child process on a free port, for the benchmarks that need a real server,
and a fresh PostgreSQL database for it to run on."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from typing import IO
from urllib.parse import urlsplit, urlunsplit

# The PostgreSQL server the benchmarks make their databases on (as the tests reach it).
POSTGRESQL_SERVER = os.environ.get("SPIDER_TEST_POSTGRESQL", "postgresql://postgres@127.0.0.1:5432/spider_tests")
_made = count(1)


@contextmanager
def spider_serve(
    database: str, workers: int = 1, env: dict[str, str] | None = None, stderr: IO[str] | None = None
) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The server process (with ``workers`` app processes, ``env`` on top of this environment, its
    log to ``stderr`` when given) and its base address (``http://127.0.0.1:port``); stopped on exit."""
    server = subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "serve", "--port", "0", "--database", database],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env=os.environ | {"SPIDER_WORKERS": str(workers), "SPIDER_BACKGROUND": "false"} | (env or {}),
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        found = re.search(r"http://[^ ]+/", line)
        if not found:
            raise SystemExit(f"server did not start: {line!r}")
        yield server, found.group(0).rstrip("/")
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def fresh_postgresql(server: str = POSTGRESQL_SERVER) -> Iterator[str]:
    """The URL of a new, empty database on ``server`` (``bench_<pid>_<n>``, so runs at once never
    meet), dropped on exit with whatever still holds a connection to it."""
    import psycopg  # only the PostgreSQL runs need it

    name = f"bench_{os.getpid()}_{next(_made)}"
    with psycopg.connect(server, autocommit=True, connect_timeout=5) as admin:
        admin.execute(f"CREATE DATABASE {name}")
        try:
            parts = urlsplit(server)
            yield urlunsplit(parts._replace(path=f"/{name}"))
        finally:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
