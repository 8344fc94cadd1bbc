"""The seam between the store's queries and a database's driver.

Every query of the Store protocol is written once (``queries.py``, ``daily.py``), in the SQL both
databases speak, with ``%s`` placeholders. A back end (``sqlite.py``, ``postgresql.py``) supplies
only what differs: ``Statements`` that run that SQL on its driver, handed out one statement at a
time (``_session``: each commits on its own) or in one transaction (``_transaction``); its JSON
columns' encoding; and two fragments where the databases lock differently. Its schema, connections,
locks and the mapping of its errors to StoreBusy stay in it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from typing import Any, Protocol

from .base import GameRow, game_row

Params = tuple[Any, ...]


class Statements(Protocol):
    """A driver's connection as the shared queries use it: SQL with ``%s`` placeholders."""

    def one(self, sql: str, params: Params = ()) -> tuple[Any, ...] | None:
        """The first row the statement returns, or None."""

    def all(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        """Every row the statement returns."""

    def write(self, sql: str, params: Params = ()) -> int:
        """Run the statement; how many rows it wrote."""

    def many(self, sql: str, rows: list[Params]) -> None:
        """Run the statement once for each of ``rows``."""


class Dialect(ABC):
    """A back end's primitives, under the shared queries (``Queries``)."""

    # The conflict clause that makes a player's row, or claims it for the rest of the transaction
    # (one new game of a player at a time, never one for a player being expired).
    CLAIM_PLAYER = "DO NOTHING"
    # Added to a SELECT whose row the statement then deletes, so two takers never wait for each other.
    SKIP_LOCKED = ""
    # The parameters one statement may take: SQLite's bound before 3.32 (a build may keep it)
    PARAMETERS = 999

    @abstractmethod
    def _session(self) -> AbstractContextManager[Statements]:
        """Statements that each commit on their own."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Statements]:
        """Statements in one transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def _encode(self, value: object) -> object:
        """A JSON value as a parameter of one of the store's JSON columns."""

    @abstractmethod
    def _decode(self, value: Any) -> Any:
        """A JSON column's value as read (None stays None)."""

    def _one(self, sql: str, params: Params) -> tuple[Any, ...] | None:
        with self._session() as db:
            return db.one(sql, params)

    def _all(self, sql: str, params: Params) -> list[tuple[Any, ...]]:
        with self._session() as db:
            return db.all(sql, params)

    def _write(self, sql: str, params: Params) -> int:
        with self._session() as db:
            return db.write(sql, params)

    def _game(self, found: tuple[Any, ...]) -> GameRow:
        """A game read from GAME_COLUMNS, its log not loaded."""
        return game_row(found, self._decode(found[5]))
