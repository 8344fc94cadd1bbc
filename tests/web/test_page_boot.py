"""The page's first answer carries what its first API calls would answer (spider/web/boot.py): the
player, the catalog, the language's texts and a first visit's dealt game, with the API's secrecy."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider.web.app import create_app
from spider.web.boot import boot_block
from spider.web.http.rates import RateLimits

OPENING = {"Sec-Fetch-Dest": "document"}  # what a browser sends when it opens the page


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False))


def boot_of(html: str) -> Any:
    found = re.search(r'<script type="application/json" id="spider-boot">(.*?)</script>', html, re.S)
    assert found, "the page carries no data block"
    return json.loads(found.group(1))


def test_a_first_visit_gets_its_game_and_its_player_with_the_page(client: TestClient) -> None:
    r = client.get("/", headers=OPENING)
    assert r.status_code == 200 and r.headers["cache-control"] == "private, no-cache"
    assert "spider_player=" in r.headers["set-cookie"]
    boot = boot_of(r.text)
    dealt = boot["dealt"]
    assert boot["player"]["current"] is None and boot["language"] is None
    assert boot["catalog"] == client.get("/api/catalog").json()
    # the game is the player's, as the API has it: the same view, no face-down card named
    assert client.get("/api/games/current").json() == dealt
    assert all(set(column) == {"down", "up"} and isinstance(column["down"], int) for column in dealt["columns"])
    assert dealt["moves"] == 0 and dealt["status"] == "active"
    # the page again: the game goes on, no new one is dealt
    again = boot_of(client.get("/", headers=OPENING).text)
    assert again["player"]["current"] == dealt and again["dealt"] is None
    assert again["player"] == client.get("/api/player").json()


def test_the_language_comes_with_the_page(client: TestClient) -> None:
    boot = boot_of(client.get("/", headers=OPENING | {"Accept-Language": "ru"}).text)
    assert boot["player"]["lang"] == "ru"
    assert boot["language"] == client.get("/api/i18n/ru").json() and boot["language"]["messages"]
    assert (
        boot["dealt"]["description"]
        == client.get("/api/games/current", headers={"Accept-Language": "ru"}).json()["description"]
    )


def test_a_deal_link_or_a_visit_that_is_no_browser_deals_nothing(client: TestClient) -> None:
    r = client.get("/?code=SP1-S2C-AAAAAAD", headers=OPENING)
    assert boot_of(r.text)["dealt"] is None and "set-cookie" not in r.headers
    r = client.get("/")  # a monitor, a link preview: the page alone
    assert boot_of(r.text) is None and "set-cookie" not in r.headers


def test_past_the_new_player_allowance_the_page_leaves_the_deal_to_itself(tmp_path: Path) -> None:
    limits = RateLimits({"new_player": 1})
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False, rate_limits=limits)) as client:
        assert boot_of(client.get("/", headers=OPENING).text)["dealt"] is not None
        client.cookies.clear()
        r = client.get("/", headers=OPENING)
        assert r.status_code == 200 and boot_of(r.text)["dealt"] is None and "set-cookie" not in r.headers


def test_no_text_in_the_data_can_end_its_block() -> None:
    block = boot_block({"name": "</script><script>alert(1)</script>"})
    assert block.count("</script>") == 1
    assert json.loads(block.removeprefix('<script type="application/json" id="spider-boot">').split("</script>")[0])
