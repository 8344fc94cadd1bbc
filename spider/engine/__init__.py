"""The rules engine: pure, no I/O. Everything else in the project plays through it."""

from .actions import DEAL, REDO, UNDO, Action, Deal, Move, Outcome, Redo, Step, Undo
from .cards import card_text, parse_card
from .codes import format_code, parse_code, shuffled_deck
from .describe import card_name, describe
from .errors import IllegalAction, SpiderError
from .game import Game, Snapshot, column_hash, column_hashes, snapshot_key
from .notation import format_action, parse_action
from .records import ReplayError, Session, legal_action_texts, load_record, new_session
from .scoring import PROFILES, profile
from .targets import best_column, groups, pickable_targets, targets
from .variants import Variant, variant
from .views import full_state, public_view

__all__ = [
    "DEAL",
    "REDO",
    "UNDO",
    "Action",
    "Deal",
    "Move",
    "Outcome",
    "Redo",
    "Step",
    "Undo",
    "format_action",
    "groups",
    "parse_action",
    "PROFILES",
    "Game",
    "Snapshot",
    "snapshot_key",
    "column_hash",
    "column_hashes",
    "IllegalAction",
    "ReplayError",
    "Session",
    "SpiderError",
    "Variant",
    "best_column",
    "card_name",
    "card_text",
    "describe",
    "format_code",
    "full_state",
    "legal_action_texts",
    "load_record",
    "new_session",
    "parse_card",
    "parse_code",
    "pickable_targets",
    "profile",
    "public_view",
    "shuffled_deck",
    "targets",
    "variant",
]
