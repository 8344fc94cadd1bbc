"""Action notation: ``F>T`` (the part of F's movable group that fits T), ``F>T:N`` (exactly N
cards), ``deal`` and ``undo``. Columns count from 1 in text and from 0 inside the engine."""

from __future__ import annotations

import re

from .errors import N_, SpiderError

DEAL = "deal"
UNDO = "undo"
# A parsed move: (source, target, count or None for "the part that fits"), columns from 0.
ParsedMove = tuple[int, int, int | None]
Parsed = str | ParsedMove

# ASCII digits only: ``\d`` would also take other scripts' digits (e.g. "٣>٧").
_MOVE = re.compile(r"^\s*([0-9]{1,3})\s*>\s*([0-9]{1,3})\s*(?::\s*([0-9]{1,3}))?\s*$")


def parse_action(text: object) -> Parsed:
    if not isinstance(text, str):
        raise SpiderError(
            "bad_action", N_("An action must be text such as '3>7', 'deal' or 'undo', not {action}"), action=repr(text)
        )
    word = text.strip().lower()
    if word in (DEAL, UNDO):
        return word
    m = _MOVE.match(text)
    if not m:
        raise SpiderError("bad_action", N_("Unknown action {action!r}: expected F>T, F>T:N, deal or undo"), action=text)
    src, dst = int(m[1]) - 1, int(m[2]) - 1
    count = int(m[3]) if m[3] is not None else None
    if count == 0:
        raise SpiderError("bad_action", N_("Action {action!r}: a move takes at least one card"), action=text)
    return (src, dst, count)


def format_move(src: int, dst: int, count: int | None = None) -> str:
    return f"{src + 1}>{dst + 1}" if count is None else f"{src + 1}>{dst + 1}:{count}"
