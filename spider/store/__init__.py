"""Saved games (as action logs), settings and daily results behind one small interface: SQLite (an embedded
file, the default) or PostgreSQL (one database for many app processes and hosts)."""

from .base import (
    Club,
    ClubMember,
    DailyBoard,
    DailyDeal,
    DailyResult,
    DealSeal,
    GameRow,
    Store,
    StoreBusy,
    StoreUnavailable,
    token_hash,
    utc_day,
)
from .sqlite import SQLiteStore

__all__ = [
    "Club",
    "ClubMember",
    "DailyBoard",
    "DailyDeal",
    "DealSeal",
    "DailyResult",
    "GameRow",
    "SQLiteStore",
    "Store",
    "StoreBusy",
    "StoreUnavailable",
    "is_postgresql",
    "open_store",
    "token_hash",
    "utc_day",
]

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(database: str) -> bool:
    return database.startswith(POSTGRESQL_SCHEMES)


def open_store(database: str) -> Store:
    """Open the store named by ``database``: a PostgreSQL URL (``postgresql://user@host/db``), or
    else a SQLite file path (or ``:memory:``). Its schema is brought up to date first."""
    if is_postgresql(database):
        from .postgresql import PostgresStore  # psycopg is loaded only by those who use it

        return PostgresStore(database)
    return SQLiteStore(database)
