"""The game's rules over the store: what happens when a player starts a game (random, from a code
or a deck, a daily deal's counted or practice attempt), acts, restarts, wins or asks the solver.
The web layer parses HTTP and calls this; the store only keeps what it decides."""

from ..store import GameRow
from .errors import NotFound, Stale
from .finished import Finished
from .games import Games, finishable, record_of
from .stats import Stats, level_stats

# GameRow: a saved game as the play layer hands it to its callers (the store keeps it)
__all__ = ["Finished", "GameRow", "Games", "NotFound", "Stale", "Stats", "finishable", "level_stats", "record_of"]
