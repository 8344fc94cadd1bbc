"""The rules engine: pure, no I/O. Everything else in the project plays through it, and imports it
only from here: ``__all__`` is the whole public API (tests/test_engine_boundary.py checks).

* ``Game``: a game in play, the front door (made from a code, a deck or a record; ``apply`` is the
  one way to change it; ``view``, ``state``, ``record`` and copies of its position).
* ``Position``: the solver's position, unchecked and fast (a game hands out copies).
* Actions (``Move``, DEAL, UNDO, REDO, their notation) and what one did (``Outcome``).
* Levels, codes, cards, scoring profiles, descriptions and errors.
"""

from .actions import DEAL, REDO, UNDO, Action, Deal, Move, Outcome, Redo, Undo
from .cards import CONTINUES, RANKS, SUITS, card_text, parse_card
from .codes import DEAL_LIMIT, SplitMix64, format_code, parse_code, shuffled_deck
from .describe import ENGLISH, Translations, card_name, card_names, describe
from .errors import N_, RULE_MESSAGES, IllegalAction, SpiderError
from .game import Game
from .notation import format_action, parse_action
from .position import Position, RawAction, RawMove, Snapshot, column_hash, column_hashes, snapshot_key
from .records import ReplayError
from .scoring import PROFILES, Profile, profile
from .variants import GAMES, RULES, SUIT_COUNTS, Variant, all_variants, variant, variant_of_level

__all__ = [
    # playing
    "Game",
    "Outcome",
    "Action",
    "Move",
    "Deal",
    "Undo",
    "Redo",
    "DEAL",
    "UNDO",
    "REDO",
    "parse_action",
    "format_action",
    # errors
    "SpiderError",
    "IllegalAction",
    "ReplayError",
    "RULE_MESSAGES",
    "N_",
    # the solver's position
    "Position",
    "RawMove",
    "RawAction",
    "Snapshot",
    "snapshot_key",
    "column_hash",
    "column_hashes",
    "CONTINUES",
    # levels, codes and scoring
    "Variant",
    "variant",
    "variant_of_level",
    "all_variants",
    "GAMES",
    "SUIT_COUNTS",
    "RULES",
    "DEAL_LIMIT",
    "format_code",
    "parse_code",
    "shuffled_deck",
    "SplitMix64",
    "PROFILES",
    "Profile",
    "profile",
    # cards and words
    "SUITS",
    "RANKS",
    "card_text",
    "parse_card",
    "card_name",
    "card_names",
    "describe",
    "Translations",
    "ENGLISH",
]
