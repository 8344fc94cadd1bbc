"""The rules of a daily deal's counted attempt (docs/RULES.md, Daily deals and Fair play), written
through a store transaction the caller opened, beside the game's own statements:

- a player's first game of a deal is their counted attempt; any later one is practice;
- a new game ends the player's active one (lost once it had an action, else abandoned): a counted
  attempt in it is lost, at its moves and time;
- a daily game that is won finishes its counted attempt;
- only while the attempt's day (UTC) lasts: after it, nothing changes a result;
- its moves are every action it took (undos and undone ones too), its time the server's, from its
  first accepted action to its end; a loss keeps its progress (sets left, cards face down);
- it stands apart as "new" when its player joined too late or had finished no game before it, and
  a win as "review" when its actions came faster than a person plays;
- a result just finished is counted in its leaderboard's tally unless it is assisted or apart."""

from __future__ import annotations

from collections.abc import Callable
from statistics import median

from ..daily import days
from ..engine import Game
from ..store import GameRow
from ..store.base import AttemptEnd, FinishedAttempt, Transaction

# A win's pace is reviewed when the median server-timed gap between its consecutive actions is under
# PACE_GAP seconds over PACE_ACTIONS actions or more (docs/RULES.md, Fair play, says why these).
PACE_GAP = 0.25
PACE_ACTIONS = 40


def start(tx: Transaction, row: GameRow) -> None:
    """A new game: the player's counted attempt at its daily deal, if it is their first."""
    if row.daily is not None:
        tx.start_attempt(row.daily, row.level, row.player, row.id)


def ended(row: GameRow) -> str:
    """How an unfinished game ends when its player starts another: lost once it had an action (the
    statistics count it), else abandoned (it was never played)."""
    return "lost" if row.version > 0 else "abandoned"


def end_active(tx: Transaction, player: str, now: float, replay: Callable[[GameRow], Game]) -> None:
    """Before a new game of the player: their active game ends (``ended``), and a counted attempt in
    it is lost, with the progress of its position (``replay`` gives the game of a row, from within
    the transaction)."""
    active = tx.active_game(player)
    if active is None:
        return
    tx.end_game(active.id, ended(active), now)
    if active.daily is not None:
        _finish(tx, active, replay(active), now, lost=True)


def finishes(row: GameRow) -> bool:
    """Whether the action just played in ``row``'s game finishes a counted attempt (with the action)."""
    return row.daily is not None and row.status != "active"


def finish(tx: Transaction, row: GameRow, game: Game, now: float) -> None:
    """A daily game just finished (won) with its action just written: so is its counted attempt."""
    _finish(tx, row, game, now, lost=row.status != "won")


def pace_of(moments: list[float]) -> float | None:
    """The median gap between consecutive actions, when there are enough of them to judge."""
    if len(moments) < PACE_ACTIONS:
        return None
    return round(median(b - a for a, b in zip(moments, moments[1:], strict=False)), 3)


def joined_by(day: str, deal_created: float | None) -> float:
    """The moment a player must have been seen before to rank on ``day``'s board of a deal: the day's
    start, or the deal's making when earlier (the deal may have been seen as it was made)."""
    start = days.start_of(day)
    return start if deal_created is None else min(start, deal_created)


def _finish(tx: Transaction, row: GameRow, game: Game, now: float, lost: bool) -> None:
    assert row.daily is not None
    moments = tx.action_moments(row.id)
    pace = pace_of(moments)
    created, played_before = tx.player_history(row.player, row.created)
    if created is None or created >= joined_by(row.daily, tx.deal_created(row.daily, row.level)) or not played_before:
        standing = "new"
    elif not lost and pace is not None and pace < PACE_GAP:
        standing = "review"
    else:
        standing = "ranked"
    end = AttemptEnd(
        lost=lost,
        moves=row.version,  # every action logged: undos and undone ones count
        seconds=round(max(now - moments[0], 0.0), 3) if moments else 0.0,
        sets_left=game.variant.sequences - game.removed,
        face_down=game.face_down,
        standing=standing,
        pace=pace,
    )
    _count(tx, tx.finish_attempt(row.id, end, now, days.day_of(now)))


def _count(tx: Transaction, finished: list[FinishedAttempt]) -> None:
    for attempt in finished:
        if attempt.ranked:  # an assisted result, or one standing apart, is shown apart, never ranked
            tx.count_result(attempt)
