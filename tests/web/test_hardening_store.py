"""The store's schema upgrade on a file written by the first schema, and a new game as one transaction."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.play import level_stats
from spider.store import GameRow, token_hash
from spider.store.dialect import Statements
from spider.store.schema import MIGRATIONS
from spider.store.sqlite import SQLiteStore
from spider.web.app import create_app

pytestmark = pytest.mark.sqlite_only  # the upgrade of a SQLite file; PostgreSQL's: tests/store

OLD_FILE = Path(__file__).parent / "data" / "schema0.sql"
OLD_PLAYER = "A" * 32  # the token of its player's cookie, kept as itself then
PLAYER_ID = token_hash(OLD_PLAYER)  # as the store keeps it now


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    path = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(path) as db:
        db.executescript(OLD_FILE.read_text())
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    return path


def test_a_file_of_the_first_schema_is_upgraded_without_losing_anything(old_database: str) -> None:
    for _ in range(2):  # the second opening finds nothing left to do
        store = SQLiteStore(old_database)
        assert store.player_settings(PLAYER_ID) == {"lang": "sk", "sound": False}
        won = store.finished_games(PLAYER_ID, "spiderette-1-classic")
        assert [(g.id, g.status, g.elapsed, g.score, g.assisted) for g in won] == [("g-won", "won", 7.25, 510, False)]
        assert level_stats(won).wins == 1
        assert won[0].helped and level_stats(won).perfect_wins == 0  # no one knows whether a hint helped it
        current = store.current_game(PLAYER_ID)
        assert current is not None
        store.load_actions(current)
        assert (current.id, current.actions, current.times) == ("g-active", ["deal"], [1.0])
        assert store.count_winnable("spider-1-classic") == 1  # kept, ungraded: for a request of any grade
        assert store.count_winnable("spider-1-classic", "easy") == 0
        store.close()
    with sqlite3.connect(old_database) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_an_upgraded_file_serves_its_old_player_through_the_api(old_database: str) -> None:
    with TestClient(create_app(old_database, background=False)) as client:
        client.cookies.set("spider_player", OLD_PLAYER)
        answer = client.get("/api/player")
        assert "set-cookie" not in answer.headers  # the old token is one the store issued
        assert answer.json()["lang"] == "sk" and answer.json()["current"]["id"] == "g-active"
        assert client.get("/api/stats/spiderette-1-classic").json()["wins"] == 1


class CrashingStore(SQLiteStore):
    """Fails after the new game's row is written and before its actions are."""

    def _insert_actions(
        self, db: Statements, game_id: str, first: int, actions: list[tuple[str, float]], now: float
    ) -> None:
        raise RuntimeError("crash between the game and its actions")


def test_a_new_game_and_its_actions_are_written_together_or_not_at_all(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    SQLiteStore(path).create_game(_row("before"))
    crashing = CrashingStore(path)
    with pytest.raises(RuntimeError):
        crashing.create_game(_row("after"), [("1>2", 0.0)])
    crashing.close()
    store = SQLiteStore(path)
    current = store.current_game("P" * 32)
    assert current is not None and current.id == "before" and current.status == "active"
    assert store.get_game("P" * 32, "after") is None
    store.create_game(_row("after"), [("1>2", 0.0), ("deal", 0.0)])
    imported = store.current_game("P" * 32)
    assert imported is not None
    store.load_actions(imported)
    assert (imported.id, imported.version, imported.actions) == ("after", 2, ["1>2", "deal"])


def _row(game_id: str) -> GameRow:
    return GameRow(
        id=game_id,
        player="P" * 32,
        level="spider-1-classic",
        profile="standard",
        code="SP1-S1C-AAAAAAD",
        deck=None,
        created=time.time(),
    )
