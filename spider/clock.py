"""The one clock: every moment the app keeps or compares (a game's start, an action, a timer save,
a daily deal's day, a transfer code's expiry) is ``clock.now()``. Read it through the module, never
a copy of the name, so that a test replacing it moves the whole app to another moment at once; the
store reads no clock, it writes the moments its callers pass."""

from __future__ import annotations

import time


def now() -> float:
    """Seconds since 1970."""
    return time.time()
