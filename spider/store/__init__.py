"""Saved games (as action logs), settings and daily results behind one interface, ``Store``, the union
of a protocol per aggregate (``PlayerStore``, ``GameStore``, ``DailyStore``, ``ClubStore`` …): SQLite
(an embedded file, the default) or PostgreSQL (one database for many app processes and hosts). A
driver's error reaches no caller: it is a ``StoreError`` (``StoreBusy``, ``StoreUnavailable``)."""

from .base import (
    Club,
    ClubMember,
    ClubStore,
    DailyBoard,
    DailyDeal,
    DailyResult,
    DailyStore,
    DealSeal,
    GameRow,
    GameStore,
    NameStore,
    PlayerStore,
    ReviewStore,
    SiteStore,
    Store,
    StoreBusy,
    StoreError,
    StoreUnavailable,
    TransferStore,
    WinnableStore,
    token_hash,
    utc_day,
)
from .sqlite import SQLiteStore

__all__ = [
    "Club",
    "ClubMember",
    "ClubStore",
    "DailyBoard",
    "DailyDeal",
    "DealSeal",
    "DailyResult",
    "DailyStore",
    "GameRow",
    "GameStore",
    "NameStore",
    "PlayerStore",
    "ReviewStore",
    "SQLiteStore",
    "SiteStore",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreUnavailable",
    "TransferStore",
    "WinnableStore",
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
