"""Which daily results a leaderboard ranks (docs/RULES.md, Fair play), defined once: the store's
queries filter and order by it, the play layer's attempts, boards and day summaries ask it.

It lives with the store's data because a board's ranks are counted by the database (a rank among
a busy day's results is one index range, never a scan in Python): the SQL condition is written
from the same pairs the Python predicate compares, so the two cannot disagree."""

from __future__ import annotations

from typing import Any

RANKED = "ranked"
ASSISTED = "assisted"
# A finished result is ranked when each of these columns holds its value: unassisted (the solver or
# the deeper hint was never asked) and standing ranked (not new, under review or withheld).
RANKED_COLUMNS: tuple[tuple[str, Any], ...] = (("assisted", False), ("standing", RANKED))
RANKED_VALUES = tuple(value for _, value in RANKED_COLUMNS)


def is_ranked(finished: bool, assisted: bool, standing: str) -> bool:
    """Whether a result is ranked: finished (won or lost, not playing) and each ranked column's value."""
    columns = {"assisted": assisted, "standing": standing}
    return finished and all(columns[column] == value for column, value in RANKED_COLUMNS)


def ranked_condition(alias: str) -> str:
    """The ranked columns' condition over ``alias``'s rows, with ``RANKED_VALUES`` as its parameters
    (the finished condition apart: a board's queries place it where the planner needs it)."""
    return " AND ".join(f"{alias}.{column} = %s" for column, _ in RANKED_COLUMNS)


def shown_standing(assisted: bool, standing: str) -> str:
    """Where a result is shown: ranked, or apart as assisted, new, review or withheld."""
    return ASSISTED if assisted else standing
