"""Play an action and say what it did, for animation and screen-reader announcements.

Events name only cards that are face up after the action; a card that an undo turns back face
down is only counted (``hidden``)."""

from __future__ import annotations

from typing import Any

from .cards import SUITS, card_text
from .notation import DEAL, UNDO, parse_action
from .records import Session


def play_with_events(session: Session, text: str, elapsed: float | None = None) -> dict[str, Any]:
    """Like ``Session.play`` (same errors, nothing changes on refusal) but return the events."""
    game = session.game
    parsed = parse_action(text)
    out: dict[str, Any]
    if parsed == UNDO:
        game.check_undo()
        kind, src, dst, _count, flipped, removals, *_ = game.history[-1]
        out = {
            "kind": "undo",
            "undone": "deal" if kind else "move",
            "hidden": int(flipped) + sum(1 for *_, flip in removals if flip),
            "restored": len(removals),
        }
        if not kind:
            out |= {"from": dst + 1, "to": src + 1}
        out["action"] = session.play(text, elapsed)
        return out | {"revealed": [], "completed": [], "won": False}
    if parsed == DEAL:
        start = len(game.stock) - game.stock_count
        size = game.variant.deals[game.deals_done] if game.deals_done < len(game.variant.deals) else 0
        out = {"kind": "deal", "cards": [card_text(c) for c in game.stock[start : start + size]]}
    else:
        src, dst, count = parsed
        n = game.check_move(src, dst, count)
        target = game.cols[dst]
        out = {
            "kind": "move",
            "from": src + 1,
            "to": dst + 1,
            "cards": [card_text(c) for c in game.cols[src][-n:]],
            "onto": card_text(target[-1]) if target else None,
        }
    out["action"] = session.play(text, elapsed)
    _kind, src, _dst, _count, flipped, removals, *_ = game.history[-1]
    revealed = [src] if flipped else []
    revealed += [col for col, _suit, flip in removals if flip]
    out["revealed"] = [{"column": col + 1, "card": card_text(game.cols[col][game.down[col]])} for col in revealed]
    out["completed"] = [{"column": col + 1, "suit": SUITS[suit]} for col, suit, _ in removals]
    out["hidden"] = 0
    out["won"] = game.won
    return out
