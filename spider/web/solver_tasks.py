"""The solver jobs themselves, as a worker process runs them. Kept apart from the web app so that a
worker imports the engine and the solver only (not FastAPI), and starts that much sooner."""

from __future__ import annotations

import secrets
from typing import Any

from ..engine import format_code, load_record, new_session
from ..engine.codes import DEAL_LIMIT
from ..engine.variants import Variant
from ..solver import solve


def solve_record(record: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Replay a record and solve its position."""
    return solve(load_record(record).game, time_limit=time_limit).as_dict()


def find_winnable(v: Variant, time_limit: float, attempts: int = 5) -> tuple[str, list[str]] | None:
    """Try random deals of a variant until the solver wins one."""
    for _ in range(attempts):
        code = format_code(v, secrets.randbelow(DEAL_LIMIT))
        result = solve(new_session(code, profile_name="moves").game, time_limit=time_limit)
        if result.result == "won":
            return code, result.actions
    return None
