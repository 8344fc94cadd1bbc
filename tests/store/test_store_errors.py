"""The store's errors in place of its driver's: a caller catches StoreError and imports no driver."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest

from spider.store import SQLiteStore, Store, StoreBusy, StoreError, StoreUnavailable

from .test_store_contract import new_row


def test_a_statement_the_database_refuses_is_a_store_error_with_the_drivers_as_its_cause(store: Store) -> None:
    store.create_game(new_row("g"))
    with pytest.raises(StoreError) as refused:
        store.create_game(new_row("g"))  # the same id twice: the database's key refuses it
    assert not isinstance(refused.value, StoreBusy) and "\n" not in str(refused.value) and str(refused.value)
    assert isinstance(refused.value.__cause__, (sqlite3.IntegrityError, psycopg.errors.UniqueViolation))
    assert store.current_game(new_row("g").player) is not None  # and the store goes on


def test_a_file_that_is_no_database_cannot_be_opened(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("not a database, but some notes " * 100)
    with pytest.raises(StoreUnavailable, match="is it a Spider SQLite file"):
        SQLiteStore(str(path))
    with pytest.raises(StoreUnavailable, match="unable to open"):
        SQLiteStore(str(tmp_path))  # a folder


def test_the_store_errors_are_one_family() -> None:
    assert issubclass(StoreBusy, StoreError) and issubclass(StoreUnavailable, StoreError)
