"""Players' tokens kept hashed: a database of the release before, which kept every token as itself,
is upgraded on either store; its players come back through their old cookies, no token is left in
it, a transfer code made before still links, and a copy of it hands out no cookie."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg.types.json import Jsonb

from spider.store import open_store, token_hash
from spider.web.app import create_app
from tests.conftest import STORE_VARIABLE

from .legacy_schema import POSTGRESQL_STEPS, SQLITE_STEPS
from .schema_of import old_postgresql, old_sqlite

ADA, GRACE = "A" * 31 + "a", "G" * 31 + "g"  # tokens as the cookies hold them
CODE = "ABCD2345"  # a transfer code made before the upgrade, still valid
DAY, LEVEL = "2026-01-05", "spider-1-classic"
LATER = 4_000_000_000.0  # a moment after every test (a code's expiry)


def _rows() -> list[tuple[str, tuple[Any, ...]]]:
    """The older release's rows: every table that names a player, by their token."""
    game = ("id, player, level, profile, code, deck, status, version, elapsed, moves, score, created, finished,"
            " assisted, seen, daily, grade, helped")  # fmt: skip
    return [
        ("INSERT INTO players (token, settings, created, name, public) VALUES (%s, %s, 1.0, %s, %s)",
         (ADA, {"lang": "fi", "sound": False}, "Ada", _public(ADA))),
        ("INSERT INTO players (token, settings, created) VALUES (%s, %s, 2.0)", (GRACE, {})),
        (f"INSERT INTO games ({game}) VALUES (%s, %s, %s, 'standard', 'SP1-S1C-AAAAAAD', NULL, 'active', 1, 1.0,"
         " 1, NULL, 3.0, NULL, %s, 3.0, NULL, NULL, %s)", ("g-ada", ADA, LEVEL, False, False)),
        (f"INSERT INTO games ({game}) VALUES (%s, %s, %s, 'standard', 'SP1-S1C-AAAAAAD', NULL, 'won', 0, 9.0,"
         " 90, 700, 3.0, 9.0, %s, 9.0, %s, 'easy', %s)", ("g-grace", GRACE, LEVEL, False, DAY, False)),
        ("INSERT INTO actions (game, seq, action, elapsed, at) VALUES ('g-ada', 0, 'deal', 1.0, 3.0)", ()),
        ("INSERT INTO clubs (id, name, owner, invite, created) VALUES ('c1', 'Friends', %s, 'invite-1', 4.0)", (ADA,)),
        ("INSERT INTO club_members (club, player, joined) VALUES ('c1', %s, 4.0)", (ADA,)),
        ("INSERT INTO club_members (club, player, joined) VALUES ('c1', %s, 5.0)", (GRACE,)),
        ("INSERT INTO daily_results (day, level, player, game, state, lost, moves, seconds, assisted, finished)"
         " VALUES (%s, %s, %s, 'g-grace', 'won', 0, 90, 60.0, %s, 9.0)", (DAY, LEVEL, GRACE, False)),
        ("INSERT INTO transfers (code, player, expires) VALUES (%s, %s, %s)",
         (hashlib.sha256(CODE.encode()).hexdigest(), ADA, LATER)),
    ]  # fmt: skip


def _public(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:12]


def _write_old(database: str) -> None:
    """The database as the release before left it, with its players' rows."""
    if database.startswith("postgresql"):
        old_postgresql(database, len(POSTGRESQL_STEPS))
        with psycopg.connect(database) as conn:
            for sql, params in _rows():
                conn.execute(sql, tuple(Jsonb(p) if isinstance(p, dict) else p for p in params))
        return
    old_sqlite(database, len(SQLITE_STEPS))
    with sqlite3.connect(database) as db:
        for sql, params in _rows():
            db.execute(sql.replace("%s", "?"), tuple(json.dumps(p) if isinstance(p, dict) else p for p in params))


def _texts(database: str) -> Iterator[tuple[str, str, str]]:
    """Every text held anywhere in the database: (table, column, value), JSON as its text."""
    if database.startswith("postgresql"):
        with psycopg.connect(database) as conn:
            columns = conn.execute(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND data_type IN ('text', 'jsonb')"
            ).fetchall()
            for table, column in columns:
                for (value,) in conn.execute(f"SELECT {column}::text FROM {table} WHERE {column} IS NOT NULL"):
                    yield table, column, value
        return
    db = sqlite3.connect(database)
    try:
        tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            for column in [c[1] for c in db.execute(f"PRAGMA table_info({table})")]:
                for (value,) in db.execute(f"SELECT {column} FROM {table} WHERE typeof({column}) = 'text'"):
                    yield table, column, value
    finally:
        db.close()


@pytest.fixture
def upgraded(database: str) -> Iterator[TestClient]:
    if not database.startswith("postgresql") and os.environ.get(STORE_VARIABLE) == "postgresql":
        pytest.skip("the app would run on PostgreSQL, not on this SQLite file (its twin runs there)")
    _write_old(database)
    with TestClient(create_app(database, background=False)) as client:
        yield client


def test_an_old_players_cookie_serves_the_same_player_after_the_upgrade(upgraded: TestClient) -> None:
    upgraded.cookies.set("spider_player", ADA)
    answer = upgraded.get("/api/player")
    assert "set-cookie" not in answer.headers  # a token the store issued: no new player
    player = answer.json()
    assert player["lang"] == "fi" and player["settings"]["sound"] is False
    assert player["current"]["id"] == "g-ada" and player["name"] == {"display": "Ada", "chosen": True}
    clubs = upgraded.get("/api/clubs").json()["clubs"]
    assert [(c["id"], c["owner"], c["members"]) for c in clubs] == [("c1", True, 2)]  # still its owner
    upgraded.cookies.set("spider_player", GRACE)  # the anonymous name is the one the token always gave
    number = 1000 + int(hashlib.sha256(GRACE.encode()).hexdigest(), 16) % 9000
    assert upgraded.get("/api/player").json()["name"] == {"display": f"Player {number}", "chosen": False}
    board = upgraded.get(f"/api/daily/{DAY}/{LEVEL}/leaderboard?club=c1").json()
    assert [(e["player"], e["you"]) for e in board["entries"]] == [(_public(GRACE), True)]  # the same public id


def test_no_token_is_left_in_the_upgraded_database_and_a_copy_gives_no_cookie(
    upgraded: TestClient, database: str
) -> None:
    upgraded.cookies.set("spider_player", ADA)
    assert upgraded.get("/api/player").json()["current"]["id"] == "g-ada"
    texts = list(_texts(database))
    assert {(t, c) for t, c, _ in texts} >= {("players", "token"), ("games", "player"), ("club_results", "player")}
    assert [found for found in texts if ADA in found[2] or GRACE in found[2]] == []
    store = open_store(database)
    try:  # any text of the database as a cookie, and any word of it: nobody's
        words = {word for *_, value in texts for word in [value, *re.findall(r"[A-Za-z0-9_-]+", value)]}
        assert [word for word in words if store.token_player(token_hash(word)) is not None] == []
    finally:
        store.close()
    for word in (ADA, GRACE):  # while the tokens themselves still are (both are in the club)
        assert TestClient(upgraded.app, cookies={"spider_player": word}).get("/api/clubs").json()["clubs"]


def test_a_code_made_before_the_upgrade_links_a_browser_and_so_does_a_new_one(upgraded: TestClient) -> None:
    other = TestClient(upgraded.app)
    linked = other.post("/api/player/link", json={"code": CODE})
    assert linked.status_code == 200 and linked.json()["current"]["id"] == "g-ada"
    token = other.cookies.get("spider_player")
    assert (
        token
        and token != ADA
        and TestClient(upgraded.app, cookies={"spider_player": token}).get("/api/player").json()["current"]["id"]
        == "g-ada"
    )
    upgraded.cookies.set("spider_player", GRACE)
    code = upgraded.post("/api/player/transfer").json()["code"]
    third = TestClient(upgraded.app)
    assert third.post("/api/player/link", json={"code": code}).json()["current"] is None  # Grace's: none active
    assert third.get("/api/clubs").json()["clubs"][0]["id"] == "c1"  # and her club
