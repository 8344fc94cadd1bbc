"""What an action costs on PostgreSQL, counted on the wire: three round trips (the player, the game,
the write), where it was nine (a pool check before each of the three calls, and the write as BEGIN,
UPDATE, INSERT and COMMIT). The write stays one transaction with its version check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import psycopg
import pytest
from fastapi.testclient import TestClient

from spider.store import StoreBusy, postgresql
from spider.store.postgresql import NowAndThen, PostgresStore
from spider.web.app import create_app
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


@pytest.fixture
def wire(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Wire]:
    """Traces every connection the store's pool opens from now on."""
    traced = Wire(tmp_path)
    configure = postgresql._configure

    def configure_and_trace(conn: psycopg.Connection[Any]) -> None:
        configure(conn)
        traced.trace(conn)

    monkeypatch.setattr(postgresql, "_configure", configure_and_trace)
    yield traced
    traced.close()


def test_an_action_is_three_round_trips(schemas: Schemas, wire: Wire) -> None:
    with TestClient(create_app(schemas.new(), background=False)) as client:
        view = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
        before = wire.round_trips()
        played = client.post(f"/api/games/{view['id']}/actions", json={"version": 0, "action": "deal"})
        assert played.status_code == 200 and played.json()["version"] == 1
        assert wire.round_trips() - before == 3
        # a stale one reads the game again to answer the current table, and writes nothing
        before = wire.round_trips()
        stale = client.post(f"/api/games/{view['id']}/actions", json={"version": 0, "action": "deal"})
        assert stale.status_code == 409 and stale.json()["view"]["version"] == 1
        assert wire.round_trips() - before == 2


def test_an_append_is_one_statement_that_writes_all_or_nothing(schemas: Schemas, wire: Wire) -> None:
    store = PostgresStore(schemas.new())
    try:
        store.create_game(new_row("g"))
        row = store.get_game(PLAYER, "g")
        assert row is not None
        stale = store.get_game(PLAYER, "g")
        before = wire.round_trips()
        assert store.append_actions(row, [("deal", 1.0), ("undo", 2.5), ("deal", 3.0)])
        assert wire.round_trips() - before == 1
        assert stale is not None and not store.append_actions(stale, [("1>2", 4.0)])
        again = store.get_game(PLAYER, "g")
        assert again is not None and again.version == 3 and again.elapsed == 3.0
        store.load_actions(again)
        assert again.actions == ["deal", "undo", "deal"] and again.times == [1.0, 2.5, 3.0]
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
        store.add_player(PLAYER)
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
