"""The game view the browser receives: the engine's public view plus what the UI needs (the best
column of each movable group, whether a win would be perfect, the daily deal it is of)."""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import Game, IllegalAction, Translations, describe
from ..store import GameRow
from .answers import DailyTag, GameView


class DailyTags(Protocol):
    """What a view says of a daily deal's game, and whether its deal is still secret (its day lasts)."""

    def tag(self, row: GameRow) -> DailyTag | None: ...

    def still_secret(self, row: GameRow) -> bool: ...


def movable_groups(game: Game) -> list[dict[str, Any]]:
    """Each movable group with the columns that take it and its best column (None where none is
    best), columns from 1: what the page needs to move a group without asking."""
    groups = []
    for (src, count), targets in game.groups().items():
        try:
            best: int | None = game.best_column(src, count, targets) + 1
        except IllegalAction:
            best = None
        groups.append({"column": src + 1, "count": count, "targets": [t + 1 for t in targets], "best": best})
    return groups


def game_view(
    row: GameRow,
    game: Game,
    tr: Translations,
    events: dict[str, Any] | None = None,
    daily: DailyTag | None = None,
) -> GameView:
    """``daily``: the daily deal the game is of, for its games only."""
    view = game.view()
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
        "groups": movable_groups(game),
        "description": describe(view, tr),
        "grade": row.grade,
    }
    if events is not None:
        view["events"] = events
    if daily is not None:
        view["daily"] = daily
        view["code"] = None  # a daily deal is dealt from its deck: it has no code to share
    return GameView.model_validate(view)
