"""What the play layer refuses, in its own terms: the web layer maps each to an HTTP answer."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game
from ..store import GameRow


class NotFound(Exception):
    """A game that does not exist, or is another player's: the same refusal for both."""


@dataclass
class Stale(Exception):
    """An action for a version of the game that is no longer its own, or for a game that is over;
    ``row`` and ``game`` are the game as it is now."""

    row: GameRow
    game: Game
