"""What the play layer refuses, in its own terms: the web layer maps each to an HTTP answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Game, SpiderError
from ..store import GameRow
from .answers import GameView


class NotFound(Exception):
    """A game that does not exist, or is another player's: the same refusal for both."""


@dataclass
class Stale(Exception):
    """An action for a version of the game that is no longer its own, or for a game that is over;
    ``row`` and ``game`` are the game as it is now."""

    row: GameRow
    game: Game


class Missing(SpiderError):
    """Something asked for that is not there (a level, a solver job, a step past the end): a 404."""


class Declined(SpiderError):
    """What a game, as it is now, does not allow (it is over, still in play, a daily deal's secret):
    a 409 that carries the game's ``view``, so the page can show why."""

    def __init__(self, view: GameView, reason: str, template: str, **params: Any) -> None:
        super().__init__(reason, template, **params)
        self.view = view


class Unplayable(Declined):
    """An action of a batch the rules refuse (``params["index"]``: which one): a 422 with the game's
    ``view`` as it is, nothing of the batch stored."""
