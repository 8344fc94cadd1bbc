"""The card back and the table colour: offered by GET /api/catalog in the player's language,
kept per player by PUT /api/player/settings, and served as static card art with its licence."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from fastapi.testclient import TestClient

from spider import vocabulary
from spider.play import DEFAULT_SETTINGS
from spider.web import models
from spider.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False))


def test_the_catalog_offers_the_looks_in_the_players_language(client: TestClient) -> None:
    english = client.get("/api/catalog").json()
    assert [c["id"] for c in english["card_backs"]] == ["blue", "red", "green"]
    assert [c["id"] for c in english["tables"]] == ["green", "blue", "wine"]
    assert english["card_backs"][0]["name"] == "Blue lattice"
    russian = client.get("/api/catalog", headers={"accept-language": "ru"}).json()
    assert russian["tables"][2]["name"] == "Бордовое сукно"
    finnish = client.get("/api/catalog", headers={"accept-language": "fi"}).json()
    assert finnish["card_backs"][1]["name"] == "Punaiset vinoneliöt"


def test_a_new_player_gets_the_first_of_each() -> None:
    assert DEFAULT_SETTINGS["card_back"] == next(iter(vocabulary.CARD_BACK_NAMES))
    assert DEFAULT_SETTINGS["table"] == next(iter(vocabulary.TABLE_NAMES))
    # the request and answer models accept exactly the named looks
    assert get_args(models.CardBackId) == tuple(vocabulary.CARD_BACK_NAMES)
    assert get_args(models.TableId) == tuple(vocabulary.TABLE_NAMES)


def test_the_choice_is_kept_for_the_player_and_only_for_them(client: TestClient) -> None:
    r = client.put("/api/player/settings", json={"card_back": "red", "table": "wine"})
    assert r.status_code == 200, r.text
    assert r.json()["card_back"] == "red" and r.json()["table"] == "wine"
    settings = client.get("/api/player").json()["settings"]
    assert (settings["card_back"], settings["table"], settings["sound"]) == ("red", "wine", True)
    other = TestClient(client.app)
    assert other.get("/api/player").json()["settings"]["card_back"] == "blue"


@pytest.mark.parametrize("body", [{"card_back": "purple"}, {"table": ""}, {"table": 3}, {"card_back": None, "x": 1}])
def test_an_unknown_look_is_refused_and_changes_nothing(client: TestClient, body: dict) -> None:
    client.put("/api/player/settings", json={"card_back": "green"})
    r = client.put("/api/player/settings", json=body)
    assert r.status_code == 400  # the app answers a malformed body with 400 and a reason
    assert r.json()["reason"] == "bad_request" and r.json()["message"]
    settings = client.get("/api/player").json()["settings"]
    assert (settings["card_back"], settings["table"]) == ("green", "green")


@pytest.mark.parametrize("court", [f"{rank}{suit}" for rank in "JQK" for suit in "SHDC"])
def test_every_court_picture_is_served_as_svg(client: TestClient, court: str) -> None:
    r = client.get(f"/static/art/court-{court}.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert '<g id="art">' in r.text  # what cards.js points its <use> at
    assert "currentColor" in r.text  # the suit pips follow the page's (and four-colour) suit colour


def test_the_art_ships_with_its_licence(client: TestClient) -> None:
    r = client.get("/static/art/LICENSE")
    assert r.status_code == 200
    assert "CC0 1.0 Universal" in r.text
