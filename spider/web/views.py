"""The game view the browser receives: the engine's public view plus what the UI needs."""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction, Session, best_column, describe, pickable_targets, public_view
from ..engine.describe import Translations
from ..store import GameRow


def game_view(row: GameRow, session: Session, tr: Translations, events: dict[str, Any] | None = None) -> dict[str, Any]:
    game = session.game
    view = public_view(game)
    groups = []
    for group in pickable_targets(game):
        src, count = group["column"], group["count"]
        try:
            best: int | None = best_column(game, src, count) + 1  # type: ignore[arg-type]
        except IllegalAction:
            best = None
        groups.append({"column": src + 1, "count": count, "targets": [t + 1 for t in group["targets"]], "best": best})
    view |= {
        "id": row.id,
        "version": row.version,
        "code": session.code,
        "status": row.status,
        "elapsed": row.elapsed,
        "undo_limit": game.profile.undo_limit,
        "groups": groups,
        "description": describe(view, tr),
    }
    if events is not None:
        view["events"] = events
    return view
