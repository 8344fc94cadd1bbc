"""GET /api/catalog: what the dialogs offer, derived from the engine and the vocabulary, named in
the request's language (the browser's, or the player's saved choice)."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from fastapi.testclient import TestClient

from spider.engine import GAMES, PROFILES, RULES, SUIT_COUNTS, all_variants, variant
from spider.i18n import LANGUAGES
from spider.play import DEFAULT_SETTINGS
from spider.web import models
from spider.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False))


def catalog(client: TestClient, lang: str | None = None) -> dict:
    headers = {"accept-language": lang} if lang else {}
    r = client.get("/api/catalog", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def test_levels_are_the_engines_variants_in_order(client: TestClient) -> None:
    levels = catalog(client)["levels"]
    assert [(lv["key"], lv["game"], lv["suits"], lv["rules"]) for lv in levels] == [
        (v.key, v.game, v.suits, v.rules) for v in all_variants()
    ]
    # every level is one the engine accepts, and a statistics level too
    for lv in levels:
        assert variant(lv["game"], lv["suits"], lv["rules"]).key == lv["key"]
        assert client.get(f"/api/stats/{lv['key']}").status_code == 200


def test_rules_offered_per_game_and_suits_come_from_the_levels(client: TestClient) -> None:
    levels = catalog(client)["levels"]
    offered = {
        (g, s): [lv["rules"] for lv in levels if (lv["game"], lv["suits"]) == (g, s)]
        for g in GAMES
        for s in SUIT_COUNTS
    }
    assert offered == {
        ("spider", 1): ["classic"],
        ("spider", 2): ["classic", "relaxed"],
        ("spider", 4): ["classic", "relaxed"],
        ("spiderette", 1): ["classic"],
        ("spiderette", 2): ["classic"],
        ("spiderette", 4): ["classic"],
    }
    # and each one starts a game of that level through the API
    for lv in levels:
        body = {"game": lv["game"], "suits": lv["suits"], "rules": lv["rules"]}
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        assert (r.json()["game"], r.json()["suits"], r.json()["rules"]) == (lv["game"], lv["suits"], lv["rules"])


def test_english_catalog(client: TestClient) -> None:
    answer = catalog(client, "en")
    assert answer["levels"][2]["name"] == "Spider, 2 suits (Medium), relaxed rules"
    assert answer["levels"][0]["name"] == "Spider, 1 suit (Easy)"
    assert answer["games"] == [{"id": "spider", "name": "Spider"}, {"id": "spiderette", "name": "Spiderette"}]
    assert answer["suits"] == [
        {"count": 1, "name": "1 suit (Easy)"},
        {"count": 2, "name": "2 suits (Medium)"},
        {"count": 4, "name": "4 suits (Hard)"},
    ]
    assert answer["rules"] == [
        {"id": "classic", "name": "Classic", "description": ""},
        {
            "id": "relaxed",
            "name": "Relaxed",
            "description": "Relaxed rules let a descending run of mixed suits move together.",
        },
    ]
    assert answer["profiles"] == [
        {"id": "standard", "name": "Standard", "label": "Standard: 500 points, 100 undos"},
        {"id": "timed", "name": "Timed", "label": "Timed: points for speed, unlimited undo"},
        {"id": "moves", "name": "Moves only", "label": "Moves only: no score, unlimited undo"},
    ]
    assert answer["languages"] == [
        {"code": "en", "name": "English"},
        {"code": "ru", "name": "Русский"},
        {"code": "sk", "name": "Slovenčina"},
        {"code": "fi", "name": "Suomi"},
    ]


LEVEL_2_RELAXED = {
    "ru": "Паук, 2 масти (Средний), свободные правила",
    "sk": "Spider, 2 farby (Stredná), uvoľnené pravidlá",
    "fi": "Spider, 2 maata (Keskivaikea), väljät säännöt",
}


@pytest.mark.parametrize("lang", ["ru", "sk", "fi"])
def test_names_follow_the_browsers_language(client: TestClient, lang: str) -> None:
    english, answer = catalog(client, "en"), catalog(client, lang)
    assert answer["levels"][2]["name"] == LEVEL_2_RELAXED[lang]
    # every name is translated, the keys and ids are not; the endonyms never change
    for section in ("levels", "games", "suits", "rules", "profiles"):
        for ours, theirs in zip(answer[section], english[section], strict=True):
            assert {k: v for k, v in ours.items() if k not in ("name", "label", "description")} == {
                k: v for k, v in theirs.items() if k not in ("name", "label", "description")
            }
            if section != "games":  # Slovak and Finnish keep the games' English names
                assert ours["name"] != theirs["name"], (lang, ours)
            if "label" in ours:
                assert ours["label"] != theirs["label"]
    assert answer["rules"][1]["description"] not in ("", english["rules"][1]["description"])
    assert answer["languages"] == english["languages"]
    # a level's name is made of the game's and the suits' names in the same language
    for level in answer["levels"]:
        game = next(g["name"] for g in answer["games"] if g["id"] == level["game"])
        suits = next(s["name"] for s in answer["suits"] if s["count"] == level["suits"])
        assert level["name"].startswith(f"{game}, {suits}")


def test_the_players_saved_language_wins_over_the_browsers(client: TestClient) -> None:
    assert client.put("/api/player/settings", json={"lang": "fi"}).status_code == 200
    answer = catalog(client, "ru")
    assert answer["levels"][2]["name"] == LEVEL_2_RELAXED["fi"]
    assert answer["suits"][0]["name"] == "1 maa (Helppo)"


def test_default_settings_are_the_servers(client: TestClient) -> None:
    answer = catalog(client)
    assert answer["default_settings"] == DEFAULT_SETTINGS
    # a new player gets exactly these
    fresh = TestClient(client.app)
    assert fresh.get("/api/player").json()["settings"] == answer["default_settings"]
    # and they stay the defaults after a player changes theirs
    client.put("/api/player/settings", json={"sound": False, "profile": "timed"})
    assert catalog(client)["default_settings"] == DEFAULT_SETTINGS


def test_every_choice_is_the_engines() -> None:
    """The models' Literal choices are the engine's tables, so neither can change alone."""
    assert get_args(models.GameId) == GAMES
    assert get_args(models.SuitCount) == SUIT_COUNTS
    assert get_args(models.RulesId) == RULES
    assert get_args(models.ProfileId) == PROFILES
    assert get_args(models.LanguageCode) == LANGUAGES


def test_catalog_is_in_the_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    ok = schema["paths"]["/api/catalog"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/Catalog"}
    properties = schema["components"]["schemas"]["Catalog"]["properties"]
    assert set(properties) == {
        "levels",
        "games",
        "suits",
        "rules",
        "profiles",
        "languages",
        "card_backs",
        "tables",
        "default_settings",
    }
