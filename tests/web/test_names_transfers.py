"""Display names and transfer codes through the HTTP API: every bad input is a 400 (or a 429) with its
reason, and changes nothing."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.daily import transfers
from spider.store import token_hash
from spider.web.app import create_app
from spider.web.http.rates import RateLimits


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "db.sqlite3")


@pytest.fixture
def client(database: str) -> TestClient:
    return TestClient(create_app(database, background=False))


def token_of(client: TestClient) -> str:
    token = client.cookies.get("spider_player")
    assert token, "no player cookie"
    return token


def start_game(client: TestClient, code: str = "SP1-S1C-AAAAAAD") -> dict:
    r = client.post("/api/games", json={"code": code})
    assert r.status_code == 201, r.text
    return r.json()


# ----- names ---------------------------------------------------------------------------------------


def test_a_new_player_has_a_stable_anonymous_name_until_they_choose_one(client: TestClient) -> None:
    start_game(client)
    token = token_of(client)
    number = 1000 + int(hashlib.sha256(token.encode()).hexdigest(), 16) % 9000
    assert client.get("/api/player").json()["name"] == {"display": f"Player {number}", "chosen": False}
    r = client.put("/api/player/name", json={"name": "  Ｍａｒｉａ-Ли_2.0 "})  # NFKC and trimmed
    assert r.status_code == 200 and r.json() == {"display": "Maria-Ли_2.0", "chosen": True}
    assert client.get("/api/player").json()["name"] == {"display": "Maria-Ли_2.0", "chosen": True}
    r = client.put("/api/player/name", json={"name": None})
    assert r.json() == {"display": f"Player {number}", "chosen": False}


def test_choosing_a_name_makes_a_new_player_known(client: TestClient) -> None:
    r = client.put("/api/player/name", json={"name": "Ada"})
    assert r.status_code == 200 and "spider_player=" in r.headers["set-cookie"]
    assert client.get("/api/player").json()["name"] == {"display": "Ada", "chosen": True}


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("ab", "3 to 20 characters"),
        ("  a ", "3 to 20 characters"),
        ("x" * 21, "3 to 20 characters"),
        ("x" * 1000, "3 to 20 characters"),
        ("Ada\u202eevil", "control or text-direction"),
        ("Ada\u2066x", "control or text-direction"),
        ("Ada\u200fx", "control or text-direction"),
        ("Ada\x07x", "control or text-direction"),
        ("Ada\nBob", "control or text-direction"),
        ("...", "at least one letter or digit"),
        ("-_ .", "at least one letter or digit"),
        ("Ada!", "only letters, digits, spaces"),
        ("Ada<b>", "only letters, digits, spaces"),
        ("a😀b", "only letters, digits, spaces"),
        # invisible, stacked or anonymous-looking (the look-alike rules, docs/RULES.md, Names)
        ("\u3164\u3164\u3164", "invisible or blank"),
        ("Ada\uffa0Lovelace", "invisible or blank"),
        ("Ada\u0301\u0301\u0301", "at most 2 accents"),
        ("Player 4264", "“Player 1234”"),
        ("P1ayer 4264", "“Player 1234”"),
        ("Игрок 4264", "“Player 1234”"),
        ("Hráč 4264", "“Player 1234”"),
        ("Pelaaja 4264", "“Player 1234”"),
    ],
)
def test_a_bad_name_is_refused_with_its_rule_and_nothing_changes(client: TestClient, name: str, rule: str) -> None:
    assert client.put("/api/player/name", json={"name": "Kept"}).status_code == 200
    r = client.put("/api/player/name", json={"name": name})
    assert r.status_code == 400 and r.json()["reason"] == "bad_name" and rule in r.json()["message"], r.text
    assert client.get("/api/player").json()["name"] == {"display": "Kept", "chosen": True}


def test_a_bad_name_of_a_new_player_keeps_no_player(client: TestClient) -> None:
    r = client.put("/api/player/name", json={"name": "!!"})
    assert r.status_code == 400 and "set-cookie" not in r.headers


def test_the_rule_is_told_in_the_players_language(client: TestClient) -> None:
    r = client.put("/api/player/name", json={"name": "ab"}, headers={"Accept-Language": "fi"})
    assert r.status_code == 400 and r.json()["reason"] == "bad_name"
    english = client.put("/api/player/name", json={"name": "ab"}).json()["message"]
    assert r.json()["message"] != english and "3" in r.json()["message"] and "20" in r.json()["message"]


@pytest.mark.parametrize("body", [{}, {"name": 5}, {"name": "Ada", "extra": 1}, {"name": ["Ada"]}])
def test_a_malformed_name_body_is_a_bad_request(client: TestClient, body: dict) -> None:
    r = client.put("/api/player/name", json=body)
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"


# ----- transfer codes ------------------------------------------------------------------------------


def test_a_transfer_code_links_a_second_browser_to_the_same_player(client: TestClient, database: str) -> None:
    game = start_game(client)
    assert client.put("/api/player/settings", json={"lang": "fi", "sound": False}).status_code == 200
    assert client.put("/api/player/name", json={"name": "Ada"}).status_code == 200
    r = client.post("/api/player/transfer")
    assert r.status_code == 201 and r.json()["expires_in"] == 600
    code = r.json()["code"]
    assert len(code) == 9 and code[4] == "-" and all(c in transfers.ALPHABET for c in code.replace("-", ""))

    other = TestClient(client.app)
    start_game(other, "SP1-S2C-AAAAAAD")  # the second browser was a player of its own
    typed = code.replace("-", "").lower()  # either case, with or without the dash
    r = other.post("/api/player/link", json={"code": typed})
    assert r.status_code == 200, r.text
    cookie = r.headers["set-cookie"]
    # a token of its own, which the store keeps (hashed) as another of the player's
    assert cookie.startswith("spider_player=") and token_of(other) != token_of(client)
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    linked = r.json()
    assert linked["current"]["id"] == game["id"] and linked["lang"] == "fi"
    assert linked["settings"]["sound"] is False and linked["name"] == {"display": "Ada", "chosen": True}
    assert other.get("/api/player").json() == client.get("/api/player").json()  # one player in both now


def test_a_used_code_is_refused_and_changes_nothing(client: TestClient) -> None:
    start_game(client)
    code = client.post("/api/player/transfer").json()["code"]
    first, second = TestClient(client.app), TestClient(client.app)
    assert first.post("/api/player/link", json={"code": code}).status_code == 200
    own = start_game(second, "SP1-S2C-AAAAAAD")
    token = token_of(second)
    r = second.post("/api/player/link", json={"code": code})
    assert r.status_code == 400 and r.json()["reason"] == "bad_transfer" and "set-cookie" not in r.headers
    assert token_of(second) == token and second.get("/api/player").json()["current"]["id"] == own["id"]


def test_an_expired_code_is_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    start_game(client)
    code = client.post("/api/player/transfer").json()["code"]
    later = time.time() + 601
    monkeypatch.setattr(time, "time", lambda: later)
    other = TestClient(client.app)
    own = start_game(other, "SP1-S2C-AAAAAAD")
    r = other.post("/api/player/link", json={"code": code})
    assert r.status_code == 400 and r.json()["reason"] == "bad_transfer" and "set-cookie" not in r.headers
    assert other.get("/api/player").json()["current"]["id"] == own["id"]


@pytest.mark.parametrize("typed", ["0000-0000", "ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG!", "", "ÄBCD-EFGH"])
def test_an_unknown_or_malformed_code_is_a_bad_transfer(client: TestClient, typed: str) -> None:
    start_game(client)
    client.post("/api/player/transfer")
    other = TestClient(client.app)
    r = other.post("/api/player/link", json={"code": typed})
    assert r.status_code == 400 and r.json()["reason"] == "bad_transfer" and "set-cookie" not in r.headers
    assert other.get("/api/player").json()["current"] is None


def test_look_alike_letters_count_as_the_digits_they_resemble() -> None:
    assert transfers.normalized("o1il-2345") == "0111" + "2345"
    assert transfers.normalized(" 7kq2 mx9d ") == "7KQ2MX9D"
    assert transfers.normalized("7KQ2-MX9U") is None  # U is never in a code


def test_link_tries_are_rate_limited_per_address(database: str) -> None:
    client = TestClient(create_app(database, background=False, rate_limits=RateLimits({"link": 3})))
    start_game(client)
    code = client.post("/api/player/transfer").json()["code"]  # the address's first of 3 a minute
    other = TestClient(client.app)
    for _ in range(2):
        assert other.post("/api/player/link", json={"code": "0000-0000"}).status_code == 400
    r = other.post("/api/player/link", json={"code": code})  # even the right code, once over the limit
    assert r.status_code == 429 and r.json()["reason"] == "rate_limited" and int(r.headers["retry-after"]) >= 1
    assert "set-cookie" not in r.headers and other.get("/api/player").json()["current"] is None


def test_making_codes_is_rate_limited_too(database: str) -> None:
    """Each code made is a row kept for ten minutes: one address may not fill the store with them."""
    client = TestClient(create_app(database, background=False, rate_limits=RateLimits({"link": 2})))
    start_game(client)
    made = [client.post("/api/player/transfer") for _ in range(2)]
    assert [r.status_code for r in made] == [201, 201]
    over = client.post("/api/player/transfer")
    assert over.status_code == 429 and over.json()["reason"] == "rate_limited" and "code" not in over.json()


def test_the_store_keeps_only_the_codes_hash(client: TestClient, database: str) -> None:
    code = client.post("/api/player/transfer").json()["code"]
    store = client.app.state.context.store
    normal = code.replace("-", "")
    assert store.take_transfer(normal, time.time()) is None  # not kept as itself
    assert store.take_transfer(hashlib.sha256(normal.encode()).hexdigest(), time.time()) == token_hash(token_of(client))


def test_the_link_limit_is_a_setting_of_its_own() -> None:
    from spider.config import Settings

    limits = RateLimits.of(Settings(links_per_minute=7, solves_per_minute=2))
    assert limits.per_minute["link"] == 7 and limits.per_minute["solve"] == 2


def test_the_anonymous_name_is_the_same_number_in_the_readers_language(client: TestClient) -> None:
    start_game(client)
    english = client.get("/api/player").json()["name"]["display"]
    number = english.removeprefix("Player ")
    assert english.startswith("Player ") and number.isdigit() and 1000 <= int(number) <= 9999
    russian = client.get("/api/player", headers={"Accept-Language": "ru"}).json()["name"]["display"]
    finnish = client.put("/api/player/name", json={"name": None}, headers={"Accept-Language": "fi"}).json()
    assert russian == f"Игрок {number}" and finnish["display"] == f"Pelaaja {number}"
