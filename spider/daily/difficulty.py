"""How hard a daily deal is, by who wins it without peeking (docs/RULES.md, Daily deals):
easy if the quick hints win it played one after another, medium if the Hint button's player
wins it within a budget of CPU seconds, else hard. Both play as a player could (no undo, only
what the player sees), so the measure speaks of the player's game, not of the solver's."""

from __future__ import annotations

import time

from ..engine import Game, Position, RawAction, variant_of_level
from ..solver import autoplay
from ..solver.instant import hint_choice
from ..solver.strong import Deadline, OutOfTime
from .levels import PROFILE

# The Hint button's player over a whole deal, in CPU seconds: twice its slowest game measured
# (docs/RULES.md, Daily deals), and short enough to keep a day's deals within minutes.
MEDIUM_SECONDS = 60.0


def dealt(level: str, deck: list[str]) -> Game:
    return Game.from_deck(variant_of_level(level), deck, profile=PROFILE)


def quick_player_wins(level: str, deck: list[str]) -> bool:
    return autoplay(dealt(level, deck))


def hint_player_wins(level: str, deck: list[str], seconds: float) -> bool:
    """Whether the Hint button's player wins the deal within ``seconds`` of this thread's CPU time
    (each decision within the button's own bound, on the same clock, so a busy machine plays alike)."""
    budget = Deadline(seconds, time.thread_time)

    def choose(game: Position, seen: set[int], progressing: bool) -> RawAction | None:
        budget.check()
        return hint_choice(game, seen, progressing, clock=time.thread_time)

    try:
        return autoplay(dealt(level, deck), choose=choose)
    except OutOfTime:
        return False


def difficulty(level: str, deck: list[str], medium_seconds: float = MEDIUM_SECONDS) -> str:
    """easy, medium or hard (the module's docstring)."""
    if quick_player_wins(level, deck):
        return "easy"
    if medium_seconds > 0 and hint_player_wins(level, deck, medium_seconds):
        return "medium"
    return "hard"
