"""The game's rules over the store, one use case per feature: playing (a player starts a game at
random, from a code or a deck, or a daily deal's counted or practice attempt; acts, restarts,
wins), the solver's help, the players' settings, names and transfer codes, finished games and
their reviews, the daily deals and their leaderboards, clubs, the catalog and the process's
readiness. The web layer parses HTTP and calls one of the use cases here, which answer typed
results (``answers``, ``daily_answers``, ``club_answers``) and refuse in their own terms
(``errors``, and the daily deals', names' and clubs' own); the store only keeps what they decide."""

from ..engine import Game
from ..store import GameRow
from .assistance import Assistance
from .errors import Declined, Missing, NotFound, Stale, Unplayable
from .finished import Finished
from .games import Games, finishable, record_of
from .limits import Limits
from .players import DEFAULT_SETTINGS, Players
from .playing import Playing
from .readiness import Readiness
from .reviews import Reviews
from .stats import level_stats
from .views import DailyTags

# Game and GameRow: a game and its saved row as the play layer hands them to its callers (the engine
# plays it, the store keeps it)
__all__ = [
    "DEFAULT_SETTINGS",
    "Assistance",
    "DailyTags",
    "Finished",
    "Game",
    "GameRow",
    "Games",
    "Limits",
    "Missing",
    "NotFound",
    "Players",
    "Playing",
    "Readiness",
    "Declined",
    "Reviews",
    "Stale",
    "Unplayable",
    "finishable",
    "level_stats",
    "record_of",
]
