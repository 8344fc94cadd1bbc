"""Action notation: ``F>T`` (the part of F's movable group that fits T), ``F>T:N`` (exactly N
cards), ``deal``, ``undo`` and ``redo``. Columns count from 1 in text and from 0 inside the engine."""

from __future__ import annotations

import re
from functools import lru_cache

from .actions import DEAL, REDO, UNDO, Action, Move, Undo
from .errors import N_, SpiderError
from .position import RawAction

# ASCII digits only: ``\d`` would also take other scripts' digits (e.g. "٣>٧").
_MOVE = re.compile(r"^\s*([0-9]{1,3})\s*>\s*([0-9]{1,3})\s*(?::\s*([0-9]{1,3}))?\s*$")


def parse_action(text: object) -> Action:
    """A ``Move`` (count None for ``F>T``), DEAL, UNDO or REDO; SpiderError naming the bad text."""
    if not isinstance(text, str):
        raise SpiderError(
            "bad_action", N_("An action must be text such as '3>7', 'deal' or 'undo', not {action}"), action=repr(text)
        )
    return parse_text(text)


# A record repeats a few texts ("deal", "undo", "3>7"...): each is parsed once. Results are immutable.
@lru_cache(maxsize=1024)
def parse_text(text: str) -> Action:
    """``parse_action`` of a string."""
    word = text.strip().lower()
    if word == DEAL:
        return DEAL
    if word == UNDO:
        return UNDO
    if word == REDO:
        return REDO
    m = _MOVE.match(text)
    if not m:
        raise SpiderError(
            "bad_action", N_("Unknown action {action!r}: expected F>T, F>T:N, deal, undo or redo"), action=text
        )
    src, dst = int(m[1]) - 1, int(m[2]) - 1
    count = int(m[3]) if m[3] is not None else None
    if count == 0:
        raise SpiderError("bad_action", N_("Action {action!r}: a move takes at least one card"), action=text)
    return Move(src, dst, count)


@lru_cache(maxsize=1024)
def format_move(src: int, dst: int, count: int | None = None) -> str:
    return f"{src + 1}>{dst + 1}" if count is None else f"{src + 1}>{dst + 1}:{count}"


def format_action(action: RawAction | Move | Undo) -> str:
    """The notation of an action: ``F>T:N`` (``F>T`` for a ``Move`` without a size), ``deal`` or
    ``undo``."""
    if action is DEAL:
        return "deal"
    if action is UNDO:
        return "undo"
    return format_move(*action)
