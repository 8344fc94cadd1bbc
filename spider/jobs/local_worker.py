"""What runs inside a solver worker process: take a task, send its answer back, and end with the server.

A worker holds only its own end of its pipe, so when the server closes the other end (or dies) an idle
worker reads end-of-file and leaves. A busy one would go on searching for up to a minute, so it also ends
the moment its parent does: at once on Linux (the kernel sends SIGKILL), within a second elsewhere
(a thread watches the parent's pid). Once every worker is gone, multiprocessing's resource tracker, which
they kept alive by holding its pipe, reads end-of-file and exits too."""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
from multiprocessing.connection import Connection
from typing import Any

from .. import lifeline
from . import progress


def serve(conn: Connection, parent: int, background: bool, preload: tuple[str, ...] = ()) -> None:
    """A worker's life: import ``preload``, then run each ``(fn, args)`` it is sent and send back
    ``("ok", answer)`` or ``("error", exception)`` (after any ``("progress", (done, expected, partial))`` the
    task reports), until the server closes its end of the pipe."""
    exit_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle; it ends its workers
    if background:  # background work yields the CPU to the server and to players' solves
        with contextlib.suppress(OSError):
            os.nice(10)
    for module in preload:
        importlib.import_module(module)
    progress.install(lambda done, expected, partial: conn.send(("progress", (done, expected, partial))))
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as exc:  # the server decides what a failed task means
            answer = ("error", exc)
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
        except Exception as exc:  # an answer or exception that does not pickle
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))


def exit_with_parent(parent: int) -> None:
    """End this process at once (SIGKILL) when ``parent`` dies: a solver's search has nothing to tidy."""
    lifeline.end_with(parent)
