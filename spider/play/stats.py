"""Statistics of one level, computed from the finished games (so they can never drift).

Assisted games (imported with their actions, or ones the solver was asked about) are only counted
in ``assisted_played`` and ``assisted_wins``: they take no part in the win rate, streaks or bests.
A perfect win is one no undo and no hint helped (``GameRow.helped``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..store import GameRow


@dataclass
class Stats:
    played: int = 0
    wins: int = 0
    losses: int = 0
    win_rate: float | None = None  # percent
    streak: int = 0  # current winning streak
    best_streak: int = 0
    best_score: int | None = None
    best_time: float | None = None  # seconds
    fewest_moves: int | None = None
    assisted_played: int = 0
    assisted_wins: int = 0
    # wins with no undo, no hint and no solver (docs/RULES.md, Perfect games), and their streaks:
    # any other finished game ends one
    perfect_wins: int = 0
    perfect_streak: int = 0
    best_perfect_streak: int = 0
    # the bests the level's most recent finished game set ("best_score", "best_time",
    # "fewest_moves", "best_streak"), so a win can be told what it achieved
    new_records: list[str] = field(default_factory=list)
    # the games of graded deals, by grade: {"played", "wins", "win_rate"}
    by_grade: dict[str, dict[str, Any]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def level_stats(games: list[GameRow]) -> Stats:
    """``games``: the level's won and lost games, oldest first."""
    s = Stats()
    for g in games:
        s.new_records = []
        if g.assisted:
            s.assisted_played += 1
            s.assisted_wins += g.status == "won"
            continue
        s.played += 1
        perfect = g.status == "won" and not g.helped
        s.perfect_wins += perfect
        s.perfect_streak = s.perfect_streak + 1 if perfect else 0
        s.best_perfect_streak = max(s.best_perfect_streak, s.perfect_streak)
        if g.status == "won":
            s.wins += 1
            s.streak += 1
            if s.streak > s.best_streak:
                s.best_streak = s.streak
                if s.streak > 1:  # one win in a row is no streak yet
                    s.new_records.append("best_streak")
            if g.score is not None and (s.best_score is None or g.score > s.best_score):
                s.best_score = g.score
                s.new_records.append("best_score")
            if s.best_time is None or g.elapsed < s.best_time:
                s.best_time = g.elapsed
                s.new_records.append("best_time")
            if s.fewest_moves is None or g.moves < s.fewest_moves:
                s.fewest_moves = g.moves
                s.new_records.append("fewest_moves")
        else:
            s.losses += 1
            s.streak = 0
    if s.played:
        s.win_rate = round(100.0 * s.wins / s.played, 1)
    s.by_grade = grade_stats(games)
    return s


def grade_stats(games: list[GameRow]) -> dict[str, dict[str, Any]]:
    """Played, won and the win rate of the unassisted games of each grade that has one."""
    found: dict[str, dict[str, Any]] = {}
    for g in games:
        if g.grade is not None and not g.assisted:
            tally = found.setdefault(g.grade, {"played": 0, "wins": 0})
            tally["played"] += 1
            tally["wins"] += g.status == "won"
    for tally in found.values():
        tally["win_rate"] = round(100.0 * tally["wins"] / tally["played"], 1)
    return found
