"""How a running task tells whoever started it how far it has got: ``report(done, expected,
partial)``, ``partial`` being what it has found so far (JSON-able: a review's result as far as it
has got), or None.

The task calls it from inside its worker; the worker (a local process, or a ``spider worker`` work
horse on Redis) has installed where the report goes, so the task itself stays a plain picklable
function and reports nothing when run outside a worker (the command line, tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Reporter = Callable[[int, int, Any], None]

_reporter: Reporter | None = None


def install(reporter: Reporter | None) -> None:
    """Where this process's reports go from now on (None: nowhere)."""
    global _reporter
    _reporter = reporter


def report(done: int, expected: int, partial: Any = None) -> None:
    """``done`` of ``expected`` steps of the running task are done; ``partial``: what they found."""
    if _reporter is not None:
        _reporter(done, expected, partial)
