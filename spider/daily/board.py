"""A daily deal's leaderboard as one player sees it (docs/API.md, Daily deals)."""

from __future__ import annotations

from typing import Any

from ..engine import Translations, variant_of_level
from ..store import DailyBoard, DailyResult, Store
from .names import anonymous_name, public_id

TOP = 50  # ranked entries shown
AROUND = 2  # ranked entries shown each side of the player's own


def standing(result: DailyResult) -> str:
    """Where a result stands: ranked, or apart as assisted, new, review or withheld (docs/RULES.md, Fair play)."""
    return "assisted" if result.assisted else result.standing


def entry(rank: int | None, result: DailyResult, player: str, tr: Translations) -> dict[str, Any]:
    """One line: the chosen name, else "Player NNNN"; the public id, never the token."""
    sets = variant_of_level(result.level).sequences
    return {
        "rank": rank,
        "name": result.name or anonymous_name(result.player, tr),
        "player": result.public or public_id(result.player),
        "result": result.state,
        "moves": result.moves,
        "seconds": result.seconds,
        "sets": max(sets - result.sets_left, 0) if result.state != "playing" else 0,
        "face_down": result.face_down,
        "assisted": result.assisted,
        "standing": standing(result),
        "you": result.player == player,
    }


def leaderboard(store: Store, day: str, level: str, player: str, tr: Translations) -> dict[str, Any]:
    return answer(store.daily_board(day, level, player, TOP, AROUND), day, level, player, tr)


def answer(board: DailyBoard, day: str, level: str, player: str, tr: Translations) -> dict[str, Any]:
    """A board as the API gives it (the site's, or a club's): the top, those apart, the player's own."""
    you = None
    if board.you is not None:
        you = entry(board.rank, board.you, player, tr)
        you["around"] = [entry(rank, result, player, tr) for rank, result in board.around]
    return {
        "date": day,
        "level": level,
        "entries": [entry(rank, result, player, tr) for rank, result in board.top],
        "apart": [entry(None, result, player, tr) for result in board.apart],
        "you": you,
    }
