"""The game's rules over the store: what happens when a player starts a game (random, from a code
or a deck, a daily deal's counted or practice attempt), acts, restarts, wins or asks the solver.
The web layer parses HTTP and calls this; the store only keeps what it decides."""

from .errors import NotFound, Stale
from .games import Games, record_of

__all__ = ["Games", "NotFound", "Stale", "record_of"]
