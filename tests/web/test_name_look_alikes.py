"""Display names through the HTTP API against impersonation: a look-alike of another player's name
is a 400 name_taken in the player's language, and changes nothing; blank, stacked and anonymous-like
names are 400 bad_name; the names stored earlier are checked when the app starts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider import store as stores
from spider.daily.names import public_id
from spider.web.app import create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "db.sqlite3")


@pytest.fixture
def client(database: str) -> TestClient:
    return TestClient(create_app(database, background=False))


def browser(client: TestClient, name: str) -> TestClient:
    """Another player, in a browser of their own, who chose ``name``."""
    other = TestClient(client.app)
    assert other.put("/api/player/name", json={"name": name}).status_code == 200
    return other


@pytest.mark.parametrize("look_alike", ["\u0410da Lovelace", "ada lovelace", "Ada  Lovelace", "Ada LoveIace"])
def test_a_look_alike_of_another_players_name_is_refused_and_nothing_changes(
    client: TestClient, look_alike: str
) -> None:
    browser(client, "Ada Lovelace")
    assert client.put("/api/player/name", json={"name": "Kept"}).status_code == 200
    r = client.put("/api/player/name", json={"name": look_alike})
    assert r.status_code == 400, r.text
    assert r.json() == {
        "reason": "name_taken",
        "message": "Another player's name is the same or looks the same: choose another one",
        "params": {},
    }
    assert client.get("/api/player").json()["name"] == {"display": "Kept", "chosen": True}


def test_a_new_player_refused_a_taken_name_is_not_kept(client: TestClient) -> None:
    browser(client, "Ada Lovelace")
    r = TestClient(client.app).put("/api/player/name", json={"name": "ADA LOVELACE"})
    assert r.status_code == 400 and r.json()["reason"] == "name_taken" and "set-cookie" not in r.headers


def test_the_refusal_is_in_the_players_language(client: TestClient) -> None:
    browser(client, "Ada Lovelace")
    for lang, word in (("ru", "игрок"), ("sk", "hráč"), ("fi", "pelaaja")):
        r = client.put("/api/player/name", json={"name": "\u0410da Lovelace"}, headers={"Accept-Language": lang})
        assert r.status_code == 400 and r.json()["reason"] == "name_taken"
        assert word in r.json()["message"].lower(), (lang, r.json()["message"])


def test_a_player_resaves_their_own_name(client: TestClient) -> None:
    assert client.put("/api/player/name", json={"name": "Ada Lovelace"}).status_code == 200
    r = client.put("/api/player/name", json={"name": "ada lovelace"})
    assert r.status_code == 200 and r.json() == {"display": "ada lovelace", "chosen": True}
    assert client.put("/api/player/name", json={"name": None}).status_code == 200
    assert browser(client, "Ada Lovelace")  # a name given up is free for another


@pytest.mark.parametrize("name", ["Zuzana Kováčová", "Пётр", "Äänekoski"])
def test_names_with_accents_are_kept(client: TestClient, name: str) -> None:
    r = client.put("/api/player/name", json={"name": name})
    assert r.status_code == 200 and r.json() == {"display": name, "chosen": True}


def test_the_names_stored_earlier_are_checked_when_the_app_starts(database: str) -> None:
    store = stores.open_store(database)  # the store the app below opens (PostgreSQL in that run)
    for player in ("A" * 32, "B" * 32):  # as an earlier release kept them: no look-alike keys
        store.set_player_name(player, "Ada Lovelace", public_id(player), time.time())
    store.close()
    with TestClient(create_app(database, background=False)) as client:
        flagged = client.app.state.context.store.player_names(flagged=True)  # type: ignore[attr-defined]
        assert sorted(public for public, _, _ in flagged) == sorted(public_id(p) for p in ("A" * 32, "B" * 32))
        r = client.put("/api/player/name", json={"name": "ada lovelace"})
        assert r.status_code == 400 and r.json()["reason"] == "name_taken"
        named = client.get("/api/player").json()["name"]
        assert named["chosen"] is False
