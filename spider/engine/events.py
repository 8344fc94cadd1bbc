"""Play an action and say what it did, for animation and screen-reader announcements.

Events name only cards that are face up after the action; a card that an undo turns back face
down is only counted (``hidden``)."""

from __future__ import annotations

from typing import Any

from .actions import DEAL, UNDO, Action
from .cards import SUITS, card_text
from .records import Session


def play_with_events(session: Session, action: str | Action, elapsed: float | None = None) -> dict[str, Any]:
    """Like ``Session.play`` (same errors, nothing changes on refusal) but return the events."""
    canonical, outcome = session.step(action, elapsed)
    game = session.game
    out: dict[str, Any]
    if outcome.action is UNDO:
        undone = outcome.undone
        out = {"kind": "undo", "undone": "deal" if undone is DEAL else "move", "hidden": outcome.hidden}
        out["restored"] = outcome.restored
        if undone is not None and undone is not DEAL:
            src, dst, _count = undone
            out |= {"from": dst + 1, "to": src + 1}
        return out | {"action": canonical, "revealed": [], "completed": [], "won": False, "redone": False}
    if outcome.action is DEAL:
        out = {"kind": "deal", "cards": [card_text(c) for c in outcome.cards]}
    else:
        src, dst, _count = outcome.action
        out = {
            "kind": "move",
            "from": src + 1,
            "to": dst + 1,
            "cards": [card_text(c) for c in outcome.cards],
            "onto": None if outcome.onto is None else card_text(outcome.onto),
        }
    out["action"] = canonical
    out["revealed"] = [
        {"column": col + 1, "card": card_text(game.cols[col][game.down[col]])} for col in outcome.revealed
    ]
    out["completed"] = [{"column": col + 1, "suit": SUITS[suit]} for col, suit in outcome.completed]
    out["hidden"] = 0
    out["won"] = game.won
    out["redone"] = outcome.redone
    return out
