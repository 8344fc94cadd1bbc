"""Solver, hints and studies (SPEC §8). Plays only through ``spider.engine``.

* ``solve(game, time_limit=60, node_limit=None, memory_limit_mb=1024) -> SolveResult`` — full
  information (sees face-down cards): "won" with a replayable line, "lost" (proved) or "unknown".
* ``hint(game) -> str | None`` — a next action in SPEC notation (``"F>T:N"`` or ``"deal"``) or
  None, from what the player sees only.
* ``autoplay(game, max_actions=1000) -> bool`` — plays the hints (no undo, no peeking).
* ``study(...)`` — solve or autoplay many consecutive deals in worker processes.
"""

from .hints import autoplay, hint, hint_action, public_key
from .search import SolveResult, solve
from .study import StudyReport, study, wilson

__all__ = [
    "SolveResult",
    "StudyReport",
    "autoplay",
    "hint",
    "hint_action",
    "public_key",
    "solve",
    "study",
    "wilson",
]
