"""`spider serve` in a child process on a free port, for the benchmarks that need a real server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def spider_serve(database: str, workers: int = 1) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The server process (with ``workers`` app processes) and its base address
    (``http://127.0.0.1:port``); stopped on exit."""
    server = subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "serve", "--port", "0", "--database", database],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ | {"SPIDER_WORKERS": str(workers), "SPIDER_BACKGROUND": "false"},
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
