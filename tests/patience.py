"""How long a test may wait, in one place: no test's verdict depends on how fast the machine is.

A test waits for an event or a state (a log line, a port, a job's status, a page's text), never
for a fixed time followed by an assertion. The bound on such a wait is only there to end a test
that hangs, so it is generous: minutes where the thing waited for takes a second on an idle
machine, and a CI machine may be busy with other work. ``SPIDER_TEST_SLOWNESS`` multiplies every
bound (default 1; say 3 on a machine slower still)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def _slowness() -> float:
    text = os.environ.get("SPIDER_TEST_SLOWNESS", "1")
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"SPIDER_TEST_SLOWNESS is a number (how many times slower), not {text!r}") from None
    if not value > 0:
        raise ValueError(f"SPIDER_TEST_SLOWNESS is above 0, not {text!r}")
    return value


SLOWNESS = _slowness()


GENEROUS = 90.0 * SLOWNESS  # the bound on waiting for what takes moments: a page's update, a process's start
GENEROUS_MS = GENEROUS * 1000  # the same for Playwright, which counts milliseconds
# What a test says happens at once (a cancelled job's process ends, a stopped worker exits) happens
# within this: far more than the moment it takes, and well short of the minute a job of the tests
# would otherwise run to its limit, so that the check still tells the two apart.
AT_ONCE = 20.0 * SLOWNESS


def generous(seconds: float) -> float:
    """The bound on waiting for work that has a wall-clock limit of its own of ``seconds`` (a solver
    job's, say): that limit, and ``GENEROUS`` more for starting it and hearing of its end."""
    return seconds * SLOWNESS + GENEROUS


def wait_for(what: Callable[[], T], seconds: float = GENEROUS, poll: float = 0.05, why: str = "gave up waiting") -> T:
    """Poll until ``what()`` is truthy and return it; fail with ``why`` after ``seconds`` (a bound on a
    hang, not a speed check)."""
    deadline = time.monotonic() + seconds
    while not (value := what()):
        assert time.monotonic() < deadline, f"{why} (after {seconds:.0f} s)"
        time.sleep(poll)
    return value
