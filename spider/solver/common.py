"""Helpers shared by the solver, the hint engine and the study: working copies of a game and the
text of engine actions. Every rule comes from ``spider.engine``; nothing here re-implements one."""

from __future__ import annotations

from collections import deque

from spider.engine import DEAL, Game, profile
from spider.engine.notation import format_move

Action = tuple[int, int, int]

_MOVES = profile("moves")


def working_copy(game: Game) -> Game:
    """A clone of ``game`` that keeps no score and has unlimited undo, for searching."""
    g = game.clone()
    g.profile = _MOVES
    g.history = deque()
    return g


def action_text(action: Action) -> str:
    """The explicit SPEC notation of an engine action: ``F>T:N`` or ``deal``."""
    if action == DEAL:
        return "deal"
    src, dst, count = action
    return format_move(src, dst, count)


def apply(game: Game, action: Action) -> int:
    """Apply an engine action known to be legal (unchecked)."""
    if action == DEAL:
        return game.deal()
    return game.move(*action)
