"""The Hint button's player: the strong player when it answers within an instant, else the quick hint.

The strong player (``strong.py``) wins far more games than the quick hints (``hints.py``) and most of
its decisions take a fraction of a second, but some (the endgame's solving, four suits, a slow or
busy machine) take more. A hint is asked for while the player waits, so the quick hint is worked
out first and the strong player gets what is left of ``HINT_SECONDS``; the quick hint answers when
the strong player runs past them. Both read only the information state, so the answer never
depends on a face-down card (only which of the two answers can depend on the clock).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from spider.engine import Position, RawAction

from .hints import quick_choice
from .strong import Deadline, OutOfTime, strong_choice

# A decision's wall-clock budget: what still feels instant once the request's own work is added.
HINT_SECONDS = 0.4


def hint_choice(
    game: Position,
    seen: set[int],
    progressing: bool,
    seconds: float | None = None,
    fell_back: list[bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> RawAction | None:
    """The strong player's action if it decides within ``seconds`` (default ``HINT_SECONDS``, the
    quick hint's time included) on ``clock`` (the wall clock; a study may pass the thread's CPU
    time), else the quick hint's. ``fell_back`` (a study's) gets whether the quick hint answered."""
    deadline = Deadline(HINT_SECONDS if seconds is None else seconds, clock)
    quick = quick_choice(game, seen, progressing)
    try:
        action, late = strong_choice(game, seen, progressing, deadline=deadline), False
    except OutOfTime:
        action, late = quick, True
    if fell_back is not None:
        fell_back.append(late)
    return action
