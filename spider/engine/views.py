"""What a position looks like from outside: the full state (trusted tools only) and the public
view (what a player may see: face-down cards only as counts)."""

from __future__ import annotations

from typing import Any

from .cards import SUITS, card_text
from .game import Game


def _common(game: Game) -> dict[str, Any]:
    v = game.variant
    return {
        "game": v.game,
        "suits": v.suits,
        "rules": v.rules,
        "profile": game.profile.name,
        "deals_left": game.deals_left,
        "removed": game.removed,
        "removed_suits": [SUITS[s] for s in game.removed_suits],
        "sequences": v.sequences,
        "moves": game.moves,
        "score": game.score if game.profile.shows_score else None,
        "won": game.won,
        "can_deal": game.can_deal(),
        "can_undo": bool(game.history) and not game.won,
    }


def full_state(game: Game) -> dict[str, Any]:
    """Every card, face-down ones included."""
    columns = [
        {"down": [card_text(c) for c in col[: game.down[i]]], "up": [card_text(c) for c in col[game.down[i] :]]}
        for i, col in enumerate(game.cols)
    ]
    start = len(game.stock) - game.stock_count
    return {"columns": columns, "stock": [card_text(c) for c in game.stock[start:]]} | _common(game)


def public_view(game: Game) -> dict[str, Any]:
    """The table as the player sees it: face-down cards and the stock as counts. Built from the
    game's information state, which holds no hidden card's identity to leak."""
    known = game.information_state()
    columns = [{"down": known.down[i], "up": [card_text(c) for c in known.face_up(i)]} for i in range(len(known.cols))]
    return {"columns": columns, "stock": known.stock_count} | _common(game)
