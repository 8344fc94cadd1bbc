"""What an action costs on PostgreSQL: its write is one statement (it was BEGIN, UPDATE, INSERT and
COMMIT), still all or nothing with its version check, and a pooled connection is checked now and
then rather than at every checkout (a round trip before each of an action's three calls)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, TextIO

import psycopg
import pytest

from spider.store import StoreBusy
from spider.store.postgresql import NowAndThen, PostgresStore
from tests.postgres import Schemas

from .test_store_contract import PLAYER, new_row


class Wire:
    """Every request a connection sends to the server, from libpq's trace of each one: a simple
    query (``Query``) or an extended one (ending in ``Sync``) is one round trip."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.files: list[TextIO] = []

    def trace(self, conn: psycopg.Connection[Any]) -> None:
        self.files.append((self.folder / f"trace-{len(self.files)}.txt").open("w"))
        conn.pgconn.trace(self.files[-1].fileno())

    def round_trips(self) -> int:
        # libpq writes each message the client sends as it sends it
        lines = (line.split("\t") for f in self.files for line in Path(f.name).read_text().splitlines())
        return sum(1 for fields in lines if fields[1:2] == ["F"] and fields[3:4] in (["Query"], ["Sync"]))

    def close(self) -> None:
        for f in self.files:
            f.close()


class Statements:
    """The statements the store's cursors send that touch the games or the action log."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[str] = []
        execute = psycopg.Cursor.execute

        def counted(cursor: psycopg.Cursor[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
            text = str(query)
            if "games" in text or "actions" in text:
                self.sent.append(text)
            return execute(cursor, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", counted)


def test_an_append_is_one_statement_that_writes_all_or_nothing(
    schemas: Schemas, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = PostgresStore(schemas.new())
    try:
        store.create_game(new_row("g"))
        row = store.get_game(PLAYER, "g")
        assert row is not None
        stale = store.get_game(PLAYER, "g")
        statements = Statements(monkeypatch)
        assert store.append_actions(row, [("deal", 1.0), ("undo", 2.5), ("deal", 3.0)], time.time())
        assert len(statements.sent) == 1  # the version check and the log's rows: one round trip
        assert "UPDATE games" in statements.sent[0] and "INSERT INTO actions" in statements.sent[0]
        assert stale is not None and not store.append_actions(stale, [("1>2", 4.0)], time.time())
        assert len(statements.sent) == 2
        again = store.get_game(PLAYER, "g")
        assert again is not None and again.version == 3 and again.elapsed == 3.0
        store.load_actions(again)
        assert again.actions == ["deal", "undo", "deal"] and again.times == [1.0, 2.5, 3.0]
    finally:
        store.close()


def test_a_new_games_log_of_a_whole_batch_is_one_insert(schemas: Schemas, monkeypatch: pytest.MonkeyPatch) -> None:
    store = PostgresStore(schemas.new())
    try:
        statements = Statements(monkeypatch)
        log = [("deal", float(i)) if i % 2 == 0 else ("undo", float(i)) for i in range(500)]
        store.create_game(new_row("g"), log)
        inserts = [sql for sql in statements.sent if sql.startswith("INSERT INTO actions")]
        assert len(inserts) == 1  # not one statement per action
        row = store.get_game(PLAYER, "g")
        assert row is not None and row.version == 500
        store.load_actions(row)
        assert list(zip(row.actions, row.times, strict=True)) == log
    finally:
        store.close()


def test_a_practice_batch_is_one_statement_that_reads_the_row_back(
    schemas: Schemas, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = PostgresStore(schemas.new())
    try:
        store.create_game(new_row("g"))
        statements = Statements(monkeypatch)
        row = store.append_practice(new_row("g", moves=2), [("deal", 1.0), ("undo", 2.0)], time.time())
        assert len(statements.sent) == 1 and "RETURNING" in statements.sent[0]
        assert row is not None and (row.version, row.moves, row.helped) == (2, 2, False)
        assert store.append_practice(new_row("g"), [("deal", 3.0)], time.time()) is None  # version 0 no more
        assert len(statements.sent) == 2
        again = store.get_game(PLAYER, "g")
        assert again is not None and again.version == 2
    finally:
        store.close()


def test_a_pooled_connection_is_checked_only_now_and_then(schemas: Schemas, tmp_path: Path) -> None:
    wire = Wire(tmp_path)
    with psycopg.connect(schemas.new(), autocommit=True) as conn:
        wire.trace(conn)
        seldom, always = NowAndThen(3600), NowAndThen(0)
        for _ in range(3):
            seldom(conn)
        assert wire.round_trips() == 1
        for _ in range(3):
            always(conn)
        assert wire.round_trips() == 4
    wire.close()


def test_a_connection_the_server_dropped_costs_one_busy_answer_then_is_replaced(schemas: Schemas) -> None:
    url = schemas.new()
    store = PostgresStore(url, pool_size=1)
    try:
        store.add_player(PLAYER, time.time())
        with store._pool.connection() as conn:
            pid = conn.info.backend_pid
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        try:
            settings = store.player_settings(PLAYER)  # a check may find it first, or the call fails
        except StoreBusy:
            settings = store.player_settings(PLAYER)
        assert settings == {}
    finally:
        store.close()
