"""What a position looks like from outside: the full state (trusted tools only) and the public
view (what a player may see: face-down cards only as counts). ``Game.state`` and ``Game.view``."""

from __future__ import annotations

from typing import Any

from .cards import SUITS, card_text
from .position import Position


def _common(position: Position) -> dict[str, Any]:
    v = position.variant
    return {
        "game": v.game,
        "suits": v.suits,
        "rules": v.rules,
        "profile": position.profile.name,
        "deals_left": position.deals_left,
        "removed": position.removed,
        "removed_suits": [SUITS[s] for s in position.removed_suits],
        "sequences": v.sequences,
        "moves": position.moves,
        "score": position.score if position.profile.shows_score else None,
        "won": position.won,
        "can_deal": position.can_deal,
        "can_undo": bool(position.history) and not position.won,
    }


def full_state(position: Position) -> dict[str, Any]:
    """Every card, face-down ones included."""
    columns = [
        {"down": [card_text(c) for c in col[: position.down[i]]], "up": [card_text(c) for c in col[position.down[i] :]]}
        for i, col in enumerate(position.cols)
    ]
    start = len(position.stock) - position.stock_count
    return {"columns": columns, "stock": [card_text(c) for c in position.stock[start:]]} | _common(position)


def public_view(position: Position) -> dict[str, Any]:
    """The table as the player sees it: face-down cards and the stock as counts. Built from the
    position's information state, which holds no hidden card's identity to leak."""
    known = position.information_state()
    columns = [{"down": known.down[i], "up": [card_text(c) for c in known.face_up(i)]} for i in range(len(known.cols))]
    return {"columns": columns, "stock": known.stock_count} | _common(position)
