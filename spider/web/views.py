"""The game view the browser receives: the engine's public view plus what the UI needs."""

from __future__ import annotations

from typing import Any

from ..engine import Game, IllegalAction, Translations, describe
from ..store import GameRow


def game_view(
    row: GameRow,
    game: Game,
    tr: Translations,
    events: dict[str, Any] | None = None,
    daily: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``daily``: the daily deal the game is of (``date``, ``level``, ``counted``), for its games only."""
    view = game.view()
    pickable = []
    for (src, count), targets in game.groups().items():
        try:
            best: int | None = game.best_column(src, count, targets) + 1
        except IllegalAction:
            best = None
        pickable.append({"column": src + 1, "count": count, "targets": [t + 1 for t in targets], "best": best})
    view |= {
        "id": row.id,
        "version": row.version,
        "code": game.code,
        "status": row.status,
        "elapsed": row.elapsed,
        "assisted": row.assisted,
        "perfect": not row.assisted and not row.helped,
        "undo_limit": game.profile.undo_limit,
        "can_redo": game.can_redo,
        "groups": pickable,
        "description": describe(view, tr),
        "grade": row.grade,
    }
    if events is not None:
        view["events"] = events
    if daily is not None:
        view["daily"] = daily
        view["code"] = None  # a daily deal is dealt from its deck: it has no code to share
    return view
