"""Solver, hints and studies (docs/RULES.md, Hints and the solver; docs/COMMAND-LINE.md, Solving).
Plays only through ``spider.engine``.

* ``solve(game, time_limit=60, node_limit=None, memory_limit_mb=1024) -> SolveResult`` — full
  information (sees face-down cards): "won" with a replayable line, "lost" (proved) or "unknown".
* ``hint(game) -> str | None`` — a next action (``"F>T:N"`` or ``"deal"``: docs/FORMATS.md, Actions)
  or None, from what the player sees only.
* ``autoplay(game, max_actions=1500, choose=quick_choice) -> bool`` — plays the hints, or another
  chooser such as ``strong.strong_choice`` (no undo, no peeking).
* ``record_hint(game)`` — the hint at the end of a game as played so far: it also avoids the
  positions met (as ``autoplay`` does); ``deep_hint(game)``: the strong player's, the same way.
* ``strong_action(game)`` — the strong player's action: hindsight over sampled deals, blind too.
* ``study(...)`` — solve or autoplay many consecutive deals in worker processes.
"""

from .hints import autoplay, hint, hint_action, public_key, record_hint
from .search import SolveResult, solve
from .strong import deep_hint, strong_action
from .study import StudyReport, study, wilson

__all__ = [
    "SolveResult",
    "StudyReport",
    "autoplay",
    "deep_hint",
    "hint",
    "hint_action",
    "public_key",
    "record_hint",
    "solve",
    "strong_action",
    "study",
    "wilson",
]
