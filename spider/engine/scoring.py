"""Scoring profiles (docs/RULES.md, Scoring profiles): each fixes how points move and the undo limit.

The engine has no clock: a caller that plays the timed profile passes elapsed seconds in."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import N_, SpiderError

PROFILES = ("standard", "timed", "moves")


@dataclass(frozen=True)
class Profile:
    name: str
    undo_limit: int | None  # None: back to the start
    start: int
    shows_score: bool
    # Timed undo is scored (``after_undo``); the others restore the exact earlier score and move
    # count. A field, not a property: every undo of a replay reads it.
    restores_on_undo: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "restores_on_undo", self.name != "timed")

    def after_action(self, score: int, completed: int, floor: bool) -> int:
        """The score after a move or deal that completed ``completed`` sequences."""
        if self.name == "standard":
            score -= 1
            if floor and score < 0:
                score = 0
            return score + 100 * completed
        if self.name == "timed":
            return score + 10 + 10 * completed
        return score

    def after_undo(self, score: int, completed: int) -> int:
        """Timed only: undo takes back what the undone action earned and earns +10 itself.
        The other profiles restore the exact earlier score instead."""
        return max(0, score - 10 - 10 * completed) + 10

    def after_time(self, score: int, before: float, after: float) -> int:
        """Timed only: −30 for every full 30 s crossed, never below 0."""
        if self.name != "timed":
            return score
        periods = int(after // 30) - int(before // 30)
        # −30 per period with a floor of 0 at each step is the same as one floored subtraction
        # (and does not loop once per period when a record claims an enormous time).
        return max(0, score - 30 * periods) if periods > 0 else score

    def win_bonus(self, elapsed: float) -> int:
        if self.name != "timed":
            return 0
        return int(600_000 // max(1.0, elapsed))


_TABLE = {
    "standard": Profile("standard", 100, 500, True),
    "timed": Profile("timed", None, 0, True),
    "moves": Profile("moves", None, 0, False),
}


def profile(name: str = "standard") -> Profile:
    try:
        return _TABLE[name]
    except (KeyError, TypeError):
        raise SpiderError(
            "bad_profile", N_("Unknown scoring profile {profile!r}: choose standard, timed or moves"), profile=name
        ) from None
