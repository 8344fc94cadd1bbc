"""Hardening seen through the app in process: the player cookie, settings shared through the store,
security headers, HEAD and 405, and assisted games counted apart."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.play.games import PLAY_GAP
from spider.web.app import create_app
from spider.web.http.security import CONTENT_SECURITY_POLICY


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "db.sqlite3")


@pytest.fixture
def client(database: str):
    with TestClient(create_app(database, background=False)) as c:
        yield c


def players(database: str) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT count(*) FROM players").fetchone()[0]


@pytest.mark.sqlite_only  # counts the players in the file
def test_no_cookie_and_no_player_on_the_page_static_files_or_health(client: TestClient, database: str) -> None:
    for path in ("/", "/static/main.js", "/static/style.css", "/api/health", "/api/i18n/ru", "/api/help"):
        r = client.get(path)
        assert r.status_code == 200 and "set-cookie" not in r.headers, path
        client.cookies.clear()
    assert players(database) == 0
    r = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"})
    assert r.status_code == 201 and "spider_player=" in r.headers["set-cookie"]
    assert players(database) == 1
    # a browser opening the page (and only that) gets its first game with it (tests/web/test_page_boot.py)
    client.cookies.clear()
    r = client.get("/", headers={"Sec-Fetch-Dest": "document"})
    assert r.status_code == 200 and "spider_player=" in r.headers["set-cookie"]
    assert players(database) == 2


def test_a_well_formed_token_the_server_never_issued_is_refused(client: TestClient) -> None:
    forged = "A" * 32
    client.cookies.set("spider_player", forged)
    r = client.put("/api/player/settings", json={"sound": False})
    issued = r.cookies.get("spider_player")
    assert r.status_code == 200 and issued and issued != forged
    # the issued one is then accepted: no new cookie, and the player keeps their game
    client.cookies.clear()
    client.cookies.set("spider_player", issued)
    game = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
    again = client.get("/api/player")
    assert "set-cookie" not in again.headers and again.json()["current"]["id"] == game["id"]


def test_the_cookie_is_secure_over_https_only(database: str) -> None:
    app = create_app(database, background=False)
    with TestClient(app) as plain, TestClient(app, base_url="https://testserver") as tls:
        assert "secure" not in plain.put("/api/player/settings", json={}).headers["set-cookie"].lower()
        assert "; secure" in tls.put("/api/player/settings", json={}).headers["set-cookie"].lower()


def test_settings_and_tokens_live_in_the_store_not_in_one_process(database: str) -> None:
    """Two apps on one database, as two workers would be: either one serves the same player."""
    with (
        TestClient(create_app(database, background=False)) as one,
        TestClient(create_app(database, background=False)) as two,
    ):
        assert one.put("/api/player/settings", json={"lang": "fi", "sound": False}).status_code == 200
        two.cookies.set("spider_player", one.cookies["spider_player"])
        seen = two.get("/api/player")
        assert "set-cookie" not in seen.headers
        assert seen.json()["settings"]["sound"] is False and seen.json()["lang"] == "fi"
        two.put("/api/player/settings", json={"sound": True})
        assert one.get("/api/player").json()["settings"]["sound"] is True


def test_security_headers_on_every_kind_of_answer(client: TestClient) -> None:
    answers = [
        client.get("/"),
        client.get("/static/core/i18n.js"),
        client.get("/api/health"),
        client.get("/api/player"),
        client.get("/api/nothing-here"),
        client.delete("/api/health"),
        client.post("/api/games", content=b"{}", headers={"content-length": str(10**9)}),
        client.post("/api/games", json={"suits": 3}),
    ]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 404, 405, 413, 400]
    for r in answers:
        csp = r.headers["content-security-policy"]
        assert csp == CONTENT_SECURITY_POLICY and "unsafe-eval" not in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"


def test_docs_are_off_by_default_and_the_openapi_description_is_served(client: TestClient, database: str) -> None:
    assert client.get("/docs").status_code == 404
    paths = client.get("/openapi.json").json()["paths"]
    assert "408" in paths["/api/games"]["post"]["responses"]  # a body too slow to arrive
    with TestClient(create_app(database, background=False, docs=True)) as with_docs:
        docs = with_docs.get("/docs")
        assert docs.status_code == 200 and "https://cdn.jsdelivr.net" in docs.headers["content-security-policy"]
        assert with_docs.get("/").headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_405_names_the_allowed_methods(client: TestClient) -> None:
    r = client.delete("/api/health")
    assert r.status_code == 405 and r.json()["reason"] == "method_not_allowed"
    assert r.headers["allow"] == "GET, HEAD"
    r = client.get("/api/games")
    assert r.status_code == 405 and r.headers["allow"] == "POST"


def test_head_answers_like_get_without_a_body(client: TestClient) -> None:
    for path in ("/", "/api/health"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-type"] == got.headers["content-type"]
        assert head.headers["content-length"] == str(len(got.content))


def _lose(client: TestClient, code: str, ask_solver: bool) -> None:
    """Start a game, play one move, maybe ask the solver, then abandon it (a loss)."""
    game = client.post("/api/games", json={"code": code}).json()
    hint = client.post(f"/api/games/{game['id']}/hint").json()
    assert (
        client.post(f"/api/games/{game['id']}/actions", json={"action": hint["action"], "version": 0}).status_code
        == 200
    )
    if ask_solver:
        assert client.post(f"/api/games/{game['id']}/solve", json={"time_limit": 0.5}).status_code == 202


def test_games_the_solver_was_asked_about_are_counted_apart(client: TestClient) -> None:
    _lose(client, "SD1-S1-AAAAABD", ask_solver=False)
    _lose(client, "SD1-S1-AAAAABE", ask_solver=True)
    client.post("/api/games", json={"code": "SD1-S1-AAAAABF"})  # ends the second one
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["played"], stats["losses"], stats["assisted_played"], stats["assisted_wins"]) == (1, 1, 1, 0)
    assert client.get("/api/stats").json()["levels"]["spiderette-1-classic"]["assisted_played"] == 1


def test_a_game_imported_with_a_winning_line_is_an_assisted_win(client: TestClient) -> None:
    from tests.engine.helpers import SPIDERETTE_DECK, spiderette_line

    won = client.post(
        "/api/games", json={"game": "spiderette", "suits": 1, "deck": SPIDERETTE_DECK, "actions": spiderette_line()}
    ).json()
    assert won["status"] == "won"
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["played"], stats["wins"], stats["win_rate"], stats["best_time"]) == (0, 0, None, None)
    assert (stats["assisted_played"], stats["assisted_wins"]) == (1, 1)


def test_an_actions_time_is_never_less_than_the_server_saw_pass(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "SD1-S1-AAAAABD", "profile": "timed"}).json()

    def deal(version: int, elapsed: float) -> float:
        r = client.post(
            f"/api/games/{game['id']}/actions", json={"action": "deal", "version": version, "elapsed": elapsed}
        )
        assert r.status_code == 200, r.text
        return r.json()["elapsed"]

    time.sleep(0.4)
    first = deal(0, 0.0)  # a client claiming no time at all
    assert 0.4 <= first <= PLAY_GAP
    time.sleep(PLAY_GAP + 0.3)  # a longer gap may hold a pause: only PLAY_GAP of it is certain
    second = deal(1, 0.0)
    assert second == round(first + PLAY_GAP, 3)
    honest = round(second + 1.5, 3)
    assert deal(2, honest) == honest  # a timer ahead of the floor is kept
