"""Hardening of a real `spider serve` process tree: players with nothing stored are expired by its
scheduled job (two app workers, both stores) and cookie-less reads add none; and every line the
server writes is JSON, those of psycopg's pool and of a worker started again while the database refuses
connections included."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from spider.store import is_postgresql, open_store
from tests.patience import GENEROUS
from tests.postgres import connect, server_url
from tests.store.test_store_contract import new_row
from tests.test_workers import database as database  # the same fixture: each store in turn
from tests.test_workers import start, stop

pytestmark = pytest.mark.process

OLD_EMPTY = [f"old{n}".ljust(32, "x") for n in range(40)]
WITH_SETTINGS, PLAYING, RECENT = "settings".ljust(32, "x"), "playing".ljust(32, "x"), "recent".ljust(32, "x")


def run_sql(database: str, sql: str, *params: Any) -> Any:
    """One statement on the database, as another client; the first column of its first row."""
    if is_postgresql(database):
        with psycopg.connect(database, autocommit=True) as conn:
            cur = conn.execute(sql.replace("?", "%s"), params)
            return cur.fetchone()[0] if cur.description else None
    with sqlite3.connect(database) as conn:
        found = conn.execute(sql, params).fetchone()
        return found[0] if found else None


def get(port: int, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GENEROUS)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    response.read()
    return response


def test_the_scheduled_expiry_forgets_players_with_nothing_stored_and_reads_add_none(
    database: str, tmp_path: Path
) -> None:
    store = open_store(database)
    try:
        for player in OLD_EMPTY:
            store.add_player(player, time.time())  # as cookie-less requests used to make them
        store.save_settings(WITH_SETTINGS, {"sound": False}, time.time())
        store.create_game(new_row("kept", player=PLAYING))
        run_sql(database, "UPDATE players SET created = ?", time.time() - 2 * 86400)
        store.add_player(RECENT, time.time())
    finally:
        store.close()
    served = start(database, tmp_path / "server.log", workers=2, env={"SPIDER_PLAYER_EXPIRY_DAYS": "1"})
    try:
        deadline = time.monotonic() + GENEROUS
        while run_sql(database, "SELECT count(*) FROM players") > 3:
            assert time.monotonic() < deadline, "the expiry did not run at start"
            time.sleep(0.2)
        left = {
            run_sql(database, "SELECT token FROM players WHERE token = ?", p) for p in (WITH_SETTINGS, PLAYING, RECENT)
        }
        assert left == {WITH_SETTINGS, PLAYING, RECENT}
        for n in range(100):
            path = ("/api/player", "/api/games/current", "/api/history", "/api/stats", "/api/games/x/record")[n % 5]
            response = get(served.port, path)
            assert response.status in (200, 404) and response.getheader("set-cookie") is None
        assert run_sql(database, "SELECT count(*) FROM players") == 3
        # the two workers' runs forgot each player once between them
        expired = [e for e in served.entries() if e["logger"] == "spider.expiry" and e["message"] == "expired players"]
        assert sum(e["players"] for e in expired) == len(OLD_EMPTY)
    finally:
        stop(served)


@pytest.fixture
def locked_out() -> Iterator[tuple[str, psycopg.Connection[Any], str]]:
    """A database URL of a role of its own (in a schema of its own) that the test can stop from
    logging in, the administrator's connection, and the role's name."""
    server = server_url()
    role = f"spider_test_{secrets.token_hex(6)}"
    admin = connect(server)
    admin.execute(f"CREATE ROLE {role} LOGIN")
    admin.execute(f"CREATE SCHEMA {role} AUTHORIZATION {role}")
    parts = urlsplit(server)
    netloc = f"{role}@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    url = urlunsplit(parts._replace(netloc=netloc, query=f"options=-csearch_path%3D{role}"))
    try:
        yield url, admin, role
    finally:
        admin.execute(f"ALTER ROLE {role} LOGIN")
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,))
        admin.execute(f"DROP SCHEMA {role} CASCADE")
        admin.execute(f"DROP ROLE {role}")
        admin.close()


def test_every_line_the_server_writes_is_json_through_a_database_outage(
    locked_out: tuple[str, psycopg.Connection[Any], str], tmp_path: Path
) -> None:
    url, admin, role = locked_out
    served = start(url, tmp_path / "server.log", workers=2)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=GENEROUS)
        conn.request(
            "POST", "/api/games", body=b'{"code": "SD1-S4-AAAAABD"}', headers={"Content-Type": "application/json"}
        )
        started = conn.getresponse()
        started.read()
        cookie = {"Cookie": started.getheader("set-cookie", "").split(";")[0]}
        assert started.status == 201
        admin.execute(f"ALTER ROLE {role} NOLOGIN")
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,))
        deadline, statuses = time.monotonic() + 4, set()
        while time.monotonic() < deadline:
            statuses.add(get(served.port, "/api/player", cookie).status)
            time.sleep(0.2)
        assert statuses == {503}
        with socket.create_connection(("127.0.0.1", served.port), timeout=GENEROUS) as sock:
            sock.sendall(b"NOT HTTP\r\n\r\n")  # uvicorn's own warning
            sock.recv(65536)
        os.kill(min(served.worker_pids()), signal.SIGKILL)  # its replacement starts while the database refuses
        deadline = time.monotonic() + GENEROUS
        while not any(e["logger"] == "spider.app" for e in served.entries()):
            assert time.monotonic() < deadline, "no worker was started again"
            time.sleep(0.2)
    finally:
        stop(served)
    lines = [line for line in served.log.read_text(encoding="utf-8").splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]  # each line is one JSON object, or this fails
    assert all(isinstance(entry, dict) and entry["message"] for entry in entries)
    loggers = {entry["logger"] for entry in entries}
    assert any(name.startswith("psycopg") for name in loggers), loggers
    assert {"uvicorn.error", "spider.access", "spider.app"} <= loggers
    assert not [entry for entry in entries if "exception" in entry]  # no traceback for a client's request
