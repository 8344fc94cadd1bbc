"""How hard a daily deal is: its grade, as a winnable deal's (``solver.grading``; docs/RULES.md,
Grades), so a daily deal and a graded new game of its level speak of the same thing. The schedule
grades a deal by the measuring player's every game (``SEEDS``); a deal made while a player waits by
its first game alone, the rest taking longer than the wait."""

from __future__ import annotations

import math

from ..engine import Game, variant_of_level
from ..solver.grading import SEEDS, grade_of, measure, score
from .levels import PROFILE

ON_REQUEST_SEEDS = 1  # the games a deal made while a player waits is graded by


def dealt(level: str, deck: list[str]) -> Game:
    return Game.from_deck(variant_of_level(level), deck, profile=PROFILE)


def difficulty(level: str, deck: list[str], seeds: int = SEEDS) -> str:
    """The deal's grade, from the measuring player's first ``seeds`` games (bounded by their actions,
    not by a clock: the job that makes the deal is)."""
    return grade_of(level, score(measure(dealt(level, deck), math.inf, seeds)))
