"""A winnable deal's grade, measured by what a player who never peeks achieves on it (docs/RULES.md,
Grades).

The quick hints play the deal from the start, without undo, once per tie-break seed (``SEEDS``: seed 0
breaks ties as the Hint button does, the others at random), looking at fewer positions than the
Hint button (``EFFORT``). Each game
scores its progress, the share of the sequences made and of the face-down cards turned up, half
each (a lost game scores under 1), and a won game 1 plus 100 over its actions (a shorter win, an
easier deal). A deal's score is the mean of its games, and its grade where that score falls among
its level's cut points (``CUTS``): each grade holds about a quarter of a sample of the level's deals
the solver proved winnable (``bench/grades.py --calibrate`` measured them)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from spider.engine import Game, Position, RawAction

from .hints import Effort, autoplay, hint_action
from .strong import Deadline, OutOfTime

GRADES = ("easy", "medium", "hard", "expert")  # easiest first
SEEDS = 5  # games per deal: no tie-break, and four seeds
# The measuring player looks at fewer positions than the Hint button's quick hint (which spends
# most of a game's seconds in its searches for the next card to turn up): a grade costs seconds.
EFFORT = Effort(look=800, deep=0, progress=2000)
# A deal's rating, in CPU seconds of the thread that rates it: well past the slowest rating measured
# (docs/DEVELOPING.md, Graded winnable deals), so a deal past it is one the pool does without.
RATING_SECONDS = 30.0

# Each level's cut points: the lowest scores of easy, medium and hard, the upper quartile, median and
# lower quartile of the scores of 12 deals the solver proved winnable (within 10 s each), the first
# ones from the level's ...-AAAAQAA on: ``nice -n 10 python bench/grades.py --calibrate --deals 12``
# (docs/DEVELOPING.md, Graded winnable deals, has its figures).
CUTS: dict[str, tuple[float, float, float]] = {
    "spider-1-classic": (1.564, 1.472, 1.423),
    "spider-2-classic": (1.018, 0.695, 0.508),
    "spider-2-relaxed": (1.334, 1.146, 0.876),
    "spider-4-classic": (0.262, 0.239, 0.216),
    "spider-4-relaxed": (0.559, 0.367, 0.275),
    "spiderette-1-classic": (1.929, 1.739, 1.481),
    "spiderette-2-classic": (0.69, 0.326, 0.24),
    "spiderette-4-classic": (0.263, 0.236, 0.225),
}


@dataclass(frozen=True)
class Played:
    """One game of the measuring player: won, the sequences it made and the face-down cards it
    turned up (of how many), and its actions."""

    won: bool
    made: int
    sequences: int
    uncovered: int
    face_down: int
    actions: int

    @property
    def score(self) -> float:
        if self.won:
            return 1.0 + 100.0 / max(1, self.actions)
        return (self.made / self.sequences + self.uncovered / max(1, self.face_down)) / 2


Chooser = Callable[[Position, set[int], bool], RawAction | None]


def seeded_player(seed: int, deadline: Deadline | None = None) -> Chooser:
    """The quick hints, ties broken by ``seed`` (0: as the Hint button's quick hint breaks them),
    each decision checking ``deadline``."""
    ties = random.Random(seed) if seed else None

    def choose(game: Position, seen: set[int], progressing: bool) -> RawAction | None:
        if deadline is not None:
            deadline.check()
        return hint_action(game, seen, improve=progressing, ties=ties, effort=EFFORT)

    return choose


def play(game: Game, seed: int, deadline: Deadline | None = None) -> Played:
    """Play a fresh copy of ``game`` from its position by the seeded quick player."""
    copy = Game.from_record(game.record())
    face_down = sum(copy.information_state().down)
    won = autoplay(copy, choose=seeded_player(seed, deadline))
    left = sum(copy.information_state().down)
    return Played(won, copy.removed, copy.variant.sequences, face_down - left, face_down, copy.moves)


def measure(game: Game, seconds: float = RATING_SECONDS, seeds: int = SEEDS) -> list[Played]:
    """The measuring player's first ``seeds`` games of ``game``, within ``seconds`` of this thread's
    CPU time in all (``OutOfTime`` past it)."""
    deadline = Deadline(seconds, time.thread_time)
    return [play(game, seed, deadline) for seed in range(seeds)]


def score(games: list[Played]) -> float:
    return sum(g.score for g in games) / len(games)


def grade_of(level: str, value: float, cuts: tuple[float, float, float] | None = None) -> str:
    """The grade of a deal of ``level`` whose score is ``value`` (by ``CUTS``, or by ``cuts``)."""
    for grade, cut in zip(GRADES, cuts or CUTS[level], strict=False):
        if value >= cut:
            return grade
    return GRADES[-1]


def grade(level: str, game: Game, seconds: float = RATING_SECONDS) -> str | None:
    """The grade of ``game``'s deal (of ``level``), or None when its rating ran out of CPU time."""
    try:
        return grade_of(level, score(measure(game, seconds)))
    except OutOfTime:
        return None
