"""The rules of a daily deal's counted attempt (docs/RULES.md, Daily deals), written through a store
transaction the caller opened, beside the game's own statements:

- a player's first game of a deal is their counted attempt; any later one is practice;
- a new game ends the player's active one: a counted attempt in it is lost, at its moves and time;
- a daily game that is won finishes its counted attempt;
- only while the attempt's day (UTC) lasts: after it, nothing changes a result;
- a result just finished is counted in its leaderboard's tally unless it was assisted."""

from __future__ import annotations

from ..daily import days
from ..store import GameRow
from ..store.base import FinishedAttempt, Transaction


def start(tx: Transaction, row: GameRow) -> None:
    """A new game: the player's counted attempt at its daily deal, if it is their first."""
    if row.daily is not None:
        tx.start_attempt(row.daily, row.level, row.player, row.id)


def end_active(tx: Transaction, player: str, now: float) -> None:
    """Before a new game of the player: the counted attempt in their active game is lost."""
    _count(tx, tx.end_attempt(player, now, days.day_of(now)))


def finishes(row: GameRow) -> bool:
    """Whether the action just played in ``row``'s game finishes a counted attempt (with the action)."""
    return row.daily is not None and row.status != "active"


def finish(tx: Transaction, row: GameRow, elapsed: float, now: float) -> None:
    """A daily game just finished (won) at ``elapsed`` seconds: so is its counted attempt."""
    _count(tx, tx.finish_attempt(row, elapsed, now, days.day_of(now)))


def _count(tx: Transaction, finished: list[FinishedAttempt]) -> None:
    for attempt in finished:
        if not attempt.assisted:  # an assisted result is shown apart, never ranked
            tx.count_result(attempt)
