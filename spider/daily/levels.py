"""The six levels a day's deals are made for, in the order the daily screen lists them."""

from __future__ import annotations

from ..solver.grading import GRADES

LEVELS = (
    "spider-1-classic",
    "spider-2-classic",
    "spider-4-classic",
    "spiderette-1-classic",
    "spiderette-2-classic",
    "spiderette-4-classic",
)
PROFILE = "standard"  # every daily game is scored so: one leaderboard per deal
DIFFICULTIES = GRADES  # a daily deal is graded as a winnable deal is


def is_level(level: str) -> bool:
    return level in LEVELS
