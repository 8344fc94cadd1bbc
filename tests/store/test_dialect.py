"""The seam under the shared queries (spider/store/dialect.py): what each back end's side of it
must do for the queries written once to behave alike."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import cast

import pytest

from spider.store import Store, StoreBusy
from spider.store import sqlite as sqlite_store
from spider.store.dialect import Dialect
from spider.store.sqlite import SQLiteStore

from .test_store_contract import PLAYER, new_row


class Failed(Exception):
    pass


def test_a_transaction_that_raises_writes_nothing_and_the_next_call_is_served(store: Store) -> None:
    seam = cast("Dialect", store)
    with pytest.raises(Failed), seam._transaction() as db:
        assert db.write("INSERT INTO players (token, created) VALUES (%s, %s)", (PLAYER, 1.0)) == 1
        assert db.one("SELECT token FROM players WHERE token = %s", (PLAYER,)) == (PLAYER,)
        raise Failed
    assert store.player_settings(PLAYER) is None  # rolled back
    store.add_player(PLAYER, time.time())  # the connection (SQLite's lock, PostgreSQL's pooled one) was given back
    assert store.player_settings(PLAYER) == {}


def test_statements_on_their_own_each_commit(store: Store) -> None:
    seam = cast("Dialect", store)
    with pytest.raises(Failed), seam._session() as db:
        db.many("INSERT INTO players (token, created) VALUES (%s, %s)", [(PLAYER, 1.0), ("other", 2.0)])
        raise Failed
    assert store.player_settings(PLAYER) == {} and store.player_settings("other") == {}


def test_json_columns_read_back_as_written(store: Store) -> None:
    seam = cast("Dialect", store)
    value = {"lang": "fi", "nested": [1, 2.5, None, "ä"]}
    seam._write(
        "INSERT INTO players (token, settings, created) VALUES (%s, %s, %s)", (PLAYER, seam._encode(value), 1.0)
    )
    found = seam._one("SELECT settings FROM players WHERE token = %s", (PLAYER,))
    assert found is not None and seam._decode(found[0]) == value and seam._decode(None) is None


def test_sqlite_a_file_locked_elsewhere_is_busy_then_served_once_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT", 0.2)
    database = str(tmp_path / "db.sqlite3")
    store = SQLiteStore(database)
    try:
        store.create_game(new_row("g"))
        row = store.get_game(PLAYER, "g")
        assert row is not None
        holder = sqlite3.connect(database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another connection holds the write lock
        with pytest.raises(StoreBusy):  # a transaction's BEGIN
            store.append_actions(row, [("deal", 1.0)], time.time())
        with pytest.raises(StoreBusy):  # a statement on its own
            store.save_settings(PLAYER, {"sound": False}, time.time())
        assert store.player_settings(PLAYER) == {}  # reads go on beside the writer (WAL)
        holder.execute("ROLLBACK")
        holder.close()
        assert store.append_actions(row, [("deal", 1.0)], time.time()) and row.version == 1
        store.save_settings(PLAYER, {"sound": False}, time.time())
        assert store.player_settings(PLAYER) == {"sound": False}
    finally:
        store.close()
