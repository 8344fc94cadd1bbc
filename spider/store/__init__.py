"""Saved games (as action logs) and statistics behind one small interface; SQLite by default."""

from .base import GameRow, Store, StoreBusy
from .sqlite import SQLiteStore
from .stats import Stats, level_stats

__all__ = ["GameRow", "SQLiteStore", "Stats", "Store", "StoreBusy", "level_stats", "open_store"]


def open_store(database: str) -> Store:
    """Open the store named by ``database``: a SQLite file path (or ``:memory:``)."""
    return SQLiteStore(database)
