"""A winning line step by step with every card face up: the table after some of its actions, for
the replay viewer (a finished game's review line, a past day's daily deal line)."""

from __future__ import annotations

from typing import Any

from ..engine import N_, Game, Translations, describe
from .errors import Missing


def line_step(board: Game, before: list[str], line: list[str], step: int, tr: Translations) -> dict[str, Any]:
    """The table of ``board`` after the actions ``before`` and the first ``step`` of ``line``
    (``board`` is played on): the public view's fields with every card face up, ``step``,
    ``steps`` and the events of the step's action (None at step 0). 404 for a step past the end."""
    if step > len(line):
        raise Missing("not_found", N_("The line has no step {step}: it has {steps}"), step=step, steps=len(line))
    for action in before + line[: max(step - 1, 0)]:
        board.apply(action)
    events = board.apply(line[step - 1]).events() if step else None
    table = board.view()
    del table["can_deal"], table["can_undo"]
    full = board.state()  # only for a line that may be shown whole: every card face up
    table["columns"] = [{"down": 0, "up": column["down"] + column["up"]} for column in full["columns"]]
    table["description"] = describe(table, tr)
    return table | {"step": step, "steps": len(line), "events": events}
