"""Statistics of one level, computed from the finished games (so they can never drift).

Assisted games (imported with their actions, or ones the solver was asked about) are only counted
in ``assisted_played`` and ``assisted_wins``: they take no part in the win rate, streaks or bests.
A perfect win is one no undo and no hint helped (``GameRow.helped``)."""

from __future__ import annotations

from typing import Any

from ..store import GameRow
from .answers import GradeStats, Stats


def level_stats(games: list[GameRow]) -> Stats:
    """``games``: the level's won and lost games, oldest first."""
    s = Stats(
        played=0,
        wins=0,
        losses=0,
        win_rate=None,  # percent
        streak=0,  # the current winning streak
        best_streak=0,
        best_score=None,
        best_time=None,
        fewest_moves=None,
        assisted_played=0,
        assisted_wins=0,
        perfect_wins=0,  # any other finished game ends a perfect streak
        perfect_streak=0,
        best_perfect_streak=0,
        new_records=[],  # the bests the level's most recent finished game set
        by_grade={},
    )
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


def grade_stats(games: list[GameRow]) -> dict[Any, GradeStats]:
    """Played, won and the win rate of the unassisted games of each grade that has one."""
    tallies: dict[str, list[int]] = {}
    for g in games:
        if g.grade is not None and not g.assisted:
            tally = tallies.setdefault(g.grade, [0, 0])
            tally[0] += 1
            tally[1] += g.status == "won"
    return {
        grade: GradeStats(played=played, wins=wins, win_rate=round(100.0 * wins / played, 1))
        for grade, (played, wins) in tallies.items()
    }
