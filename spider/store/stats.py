"""Statistics of one level, computed from the finished games (so they can never drift).

Assisted games (imported with their actions, or ones the solver was asked about) are only counted
in ``assisted_played`` and ``assisted_wins``: they take no part in the win rate, streaks or bests."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .base import GameRow


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

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def level_stats(games: list[GameRow]) -> Stats:
    """``games``: the level's won and lost games, oldest first."""
    s = Stats()
    for g in games:
        if g.assisted:
            s.assisted_played += 1
            s.assisted_wins += g.status == "won"
            continue
        s.played += 1
        if g.status == "won":
            s.wins += 1
            s.streak += 1
            s.best_streak = max(s.best_streak, s.streak)
            if g.score is not None:
                s.best_score = g.score if s.best_score is None else max(s.best_score, g.score)
            s.best_time = g.elapsed if s.best_time is None else min(s.best_time, g.elapsed)
            s.fewest_moves = g.moves if s.fewest_moves is None else min(s.fewest_moves, g.moves)
        else:
            s.losses += 1
            s.streak = 0
    if s.played:
        s.win_rate = round(100.0 * s.wins / s.played, 1)
    return s
