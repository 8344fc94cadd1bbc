"""A daily deal's leaderboard as one player sees it, the site's or a club's (docs/API.md, Daily deals)."""

from __future__ import annotations

from typing import Any, TypeVar

from ..daily.names import anonymous_name, public_id
from ..engine import Translations, variant_of_level
from ..store import DailyBoard, DailyResult
from ..store.ranking import shown_standing
from .daily_answers import BoardEntry, Leaderboard, YourEntry

TOP = 50  # ranked entries shown
AROUND = 2  # ranked entries shown each side of the player's own
E = TypeVar("E", bound=BoardEntry)
L = TypeVar("L", bound=Leaderboard)


def entry(rank: int | None, result: DailyResult, player: str, tr: Translations) -> BoardEntry:
    """One line: the chosen name, else "Player NNNN"; the public id, never the token."""
    return _entry(BoardEntry, rank, result, player, tr)


def _entry(kind: type[E], rank: int | None, result: DailyResult, player: str, tr: Translations, **more: Any) -> E:
    sets = variant_of_level(result.level).sequences
    return kind(
        rank=rank,
        name=result.name or anonymous_name(result.player, tr),
        player=result.public or public_id(result.player),
        result=result.state,  # type: ignore[arg-type]  # playing, won or lost
        moves=result.moves,
        seconds=result.seconds,
        sets=max(sets - result.sets_left, 0) if result.state != "playing" else 0,
        face_down=result.face_down,
        assisted=result.assisted,
        standing=shown_standing(result.assisted, result.standing),  # type: ignore[arg-type]
        you=result.player == player,
        **more,
    )


def leaderboard(
    board: DailyBoard,
    day: str,
    level: str,
    player: str,
    tr: Translations,
    kind: type[L] = Leaderboard,  # type: ignore[assignment]  # L is Leaderboard unless a kind is given
    **more: Any,
) -> L:
    """A board as the API gives it (the site's, or a club's ``kind`` with its ``more``): the top,
    those apart, the player's own."""
    you = None
    if board.you is not None:
        around = [entry(rank, result, player, tr) for rank, result in board.around]
        you = _entry(YourEntry, board.rank, board.you, player, tr, around=around)
    return kind(
        date=day,
        level=level,
        entries=[entry(rank, result, player, tr) for rank, result in board.top],
        apart=[entry(None, result, player, tr) for result in board.apart],
        you=you,
        **more,
    )
