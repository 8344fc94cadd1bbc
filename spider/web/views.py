"""The game view the browser receives: the engine's public view plus what the UI needs."""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction, Session, best_column, describe, groups, public_view
from ..engine.describe import Translations
from ..store import GameRow


def game_view(row: GameRow, session: Session, tr: Translations, events: dict[str, Any] | None = None) -> dict[str, Any]:
    game = session.game
    view = public_view(game)
    pickable = []
    for (src, count), targets in groups(game).items():
        try:
            best: int | None = best_column(game, src, count, targets) + 1
        except IllegalAction:
            best = None
        pickable.append({"column": src + 1, "count": count, "targets": [t + 1 for t in targets], "best": best})
    view |= {
        "id": row.id,
        "version": row.version,
        "code": session.code,
        "status": row.status,
        "elapsed": row.elapsed,
        "assisted": row.assisted,
        "undo_limit": game.profile.undo_limit,
        "can_redo": bool(game.undone) and not game.won,
        "groups": pickable,
        "description": describe(view, tr),
    }
    if events is not None:
        view["events"] = events
    return view
