"""The JSON API, in process: every route, every error path, isolation, versions, secrecy."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.engine import Game
from spider.web.app import create_app
from tests.web.words import words


@pytest.fixture
def app(tmp_path: Path):
    return create_app(str(tmp_path / "db.sqlite3"))


@pytest.fixture
def client(app) -> TestClient:
    return TestClient(app)


def new_game(client: TestClient, **spec) -> dict:
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    return r.json()


def act(client: TestClient, view: dict, **body) -> tuple[int, dict]:
    body.setdefault("version", view["version"])
    r = client.post(f"/api/games/{view['id']}/actions", json=body)
    return r.status_code, r.json()


def test_the_first_write_sets_an_httponly_lax_player_cookie_and_a_read_none(client: TestClient) -> None:
    r = client.get("/api/player")
    assert r.status_code == 200 and "set-cookie" not in r.headers
    assert r.json()["current"] is None
    assert r.json()["settings"]["double_click"] is True
    r = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"})
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("spider_player=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie


def test_new_game_from_code_takes_the_codes_variant(client: TestClient) -> None:
    view = new_game(client, code="sd1-s2-aaaaabd")
    assert (view["game"], view["suits"], view["code"]) == ("spiderette", 2, "SD1-S2-AAAAABD")
    assert [c["down"] for c in view["columns"]] == [0, 1, 2, 3, 4, 5, 6]
    assert view["stock"] == 24 and view["deals_left"] == 4 and view["version"] == 0
    assert view["score"] == 500 and view["status"] == "active"


def test_random_new_game_of_each_level(client: TestClient) -> None:
    for game, suits, rules in [("spider", 1, "classic"), ("spider", 4, "relaxed"), ("spiderette", 4, "classic")]:
        view = new_game(client, game=game, suits=suits, rules=rules, profile="moves")
        assert (view["game"], view["suits"], view["rules"]) == (game, suits, rules)
        assert view["score"] is None and view["code"].startswith("SP1" if game == "spider" else "SD1")


def test_move_deal_undo_and_events(client: TestClient) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD")
    group = view["groups"][0]
    status, moved = act(client, view, action=f"{group['column']}>{group['targets'][0]}")
    assert status == 200, moved
    assert moved["version"] == 1 and moved["moves"] == 1 and moved["score"] == 499
    events = moved["events"]
    assert events["kind"] == "move" and events["from"] == group["column"] and events["to"] == group["targets"][0]
    status, undone = act(client, moved, action="undo")
    assert status == 200 and undone["version"] == 2
    assert undone["columns"] == view["columns"] and undone["score"] == 500 and undone["moves"] == 0
    status, dealt = act(client, undone, action="deal")
    assert status == 200 and dealt["events"]["kind"] == "deal" and len(dealt["events"]["cards"]) == 7
    assert dealt["stock"] == 17 and dealt["deals_left"] == 3


def test_best_column_move(client: TestClient) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD")
    group = next(g for g in view["groups"] if g["best"])
    status, moved = act(client, view, best={"column": group["column"], "count": group["count"]})
    assert status == 200
    assert moved["events"]["to"] == group["best"]


@pytest.mark.parametrize(
    "body, status, reason",
    [
        ({"action": "1>1"}, 422, "same_column"),
        ({"action": "9>1"}, 422, "no_such_column"),
        ({"action": "nonsense"}, 400, "bad_action"),
        ({"action": "undo"}, 422, "nothing_to_undo"),
        ({"best": {"column": 1, "count": 5}}, 422, "bad_count"),
        ({}, 400, "bad_request"),
        ({"action": "deal", "surprise": 1}, 400, "bad_request"),
        ({"action": "deal", "elapsed": -3}, 400, "bad_request"),
    ],
)
def test_refused_actions_change_nothing(client: TestClient, body: dict, status: int, reason: str) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD")
    got_status, got = act(client, view, **body)
    assert (got_status, got["reason"]) == (status, reason)
    assert got["message"]
    assert client.get(f"/api/games/{view['id']}").json() == view


def test_deal_refused_while_a_column_is_empty(client: TestClient) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD")
    # column 1 holds a single face-up card: move it to wherever it fits, leaving column 1 empty
    group = next(g for g in view["groups"] if g["column"] == 1)
    status, moved = act(client, view, action=f"1>{group['targets'][0]}")
    assert status == 200 and moved["can_deal"] is False
    status, refused = act(client, moved, action="deal")
    assert (status, refused["reason"]) == (422, "deal_with_empty_column")
    assert refused["message"] == "You can't deal while a column is empty"


def test_stale_version_is_409_with_the_fresh_view(client: TestClient) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD")
    status, dealt = act(client, view, action="deal")
    assert status == 200
    status, stale = act(client, view, action="deal", version=0)
    assert status == 409 and stale["reason"] == "stale"
    assert stale["view"]["version"] == 1 and stale["view"]["columns"] == dealt["columns"]


def test_players_cannot_see_or_touch_each_others_games(app) -> None:
    alice, bob = TestClient(app), TestClient(app)
    view = new_game(alice, code="SD1-S4-AAAAABD")
    assert bob.get(f"/api/games/{view['id']}").status_code == 404
    status, body = act(bob, view, action="deal")
    assert status == 404 and body["reason"] == "not_found"
    assert bob.post(f"/api/games/{view['id']}/restart").status_code == 404
    assert bob.get(f"/api/games/{view['id']}/record").status_code == 404
    assert bob.post(f"/api/games/{view['id']}/clock", json={"elapsed": 5}).status_code == 404
    assert bob.get("/api/player").json()["current"] is None
    assert alice.get("/api/player").json()["current"]["id"] == view["id"]


def test_a_forged_cookie_gets_a_new_player(client: TestClient) -> None:
    client.cookies.set("spider_player", "../../etc")
    assert client.get("/api/player").status_code == 200
    r = client.put("/api/player/settings", json={"sound": False})
    assert r.status_code == 200 and "spider_player=" in r.headers["set-cookie"]
    assert "../../etc" not in r.headers["set-cookie"]


def test_abandoning_a_started_game_is_a_loss_and_an_untouched_one_is_not(client: TestClient) -> None:
    first = new_game(client, code="SD1-S4-AAAAABD")
    new_game(client, code="SD1-S4-AAAAABE")  # first had no action: not counted
    assert client.get("/api/stats/spiderette-4-classic").json()["played"] == 0
    second = client.get("/api/games/current").json()
    act(client, second, action="deal")
    new_game(client, code="SD1-S4-AAAAABF")
    stats = client.get("/api/stats/spiderette-4-classic").json()
    assert (stats["played"], stats["losses"], stats["wins"], stats["win_rate"]) == (1, 1, 0, 0.0)
    assert client.get("/api/stats").json()["levels"]["spiderette-4-classic"]["losses"] == 1
    assert first["id"] != second["id"]


def test_restart_replays_the_same_deal(client: TestClient) -> None:
    view = new_game(client, code="SP1-S2C-AAAAAAD")
    act(client, view, action="deal")
    r = client.post(f"/api/games/{view['id']}/restart")
    assert r.status_code == 201
    again = r.json()
    assert again["id"] != view["id"] and again["code"] == view["code"]
    assert again["columns"] == view["columns"] and again["version"] == 0


def test_client_time_cannot_run_ahead_of_the_wall_clock(client: TestClient) -> None:
    view = new_game(client, code="SD1-S1-AAAAABD", profile="timed")
    status, dealt = act(client, view, action="deal", elapsed=3600)
    assert status == 200 and dealt["elapsed"] < 60


def test_clock_is_saved_and_monotonic(client: TestClient) -> None:
    view = new_game(client, code="SD1-S1-AAAAABD", profile="timed")
    client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0})  # the clock starts
    assert client.post(f"/api/games/{view['id']}/clock", json={"elapsed": 3.5}).status_code == 204
    assert client.post(f"/api/games/{view['id']}/clock", json={"elapsed": 1.0}).status_code == 204
    assert client.get(f"/api/games/{view['id']}").json()["elapsed"] == 3.5


def test_settings_are_validated_and_remembered(client: TestClient) -> None:
    r = client.put("/api/player/settings", json={"lang": "sk", "double_click": False})
    assert r.status_code == 200 and r.json()["lang"] == "sk" and r.json()["double_click"] is False
    assert client.get("/api/player").json()["settings"]["double_click"] is False
    bad = client.put("/api/player/settings", json={"lang": "de"})
    assert bad.status_code == 400 and bad.json()["reason"] == "bad_request"
    assert client.put("/api/player/settings", json={"volume": 3}).status_code == 400


@pytest.mark.parametrize(
    "spec, reason",
    [
        ({"code": "SP1-S3C-AAAAAAA"}, "bad_code"),
        ({"code": "XX1-S1C-AAAAAAA"}, "bad_code"),
        ({"game": "freecell"}, "bad_game"),
        ({"suits": 3}, "bad_suits"),
        ({"game": "spiderette", "rules": "relaxed"}, "bad_rules"),
        ({"profile": "golf"}, "bad_profile"),
        ({"game": "spiderette", "deck": ["AS"] * 52}, "bad_deck"),
        ({"code": "SD1-S1-AAAAAAA", "actions": ["deal", "1>1"]}, "same_column"),
        ({"suits": "many"}, "bad_request"),
    ],
)
def test_bad_new_game_requests_are_4xx_and_create_nothing(client: TestClient, spec: dict, reason: str) -> None:
    r = client.post("/api/games", json=spec)
    assert 400 <= r.status_code < 500 and r.json()["reason"] == reason, r.text
    assert client.get("/api/games/current").status_code == 404


def test_malformed_oversize_and_lengthless_bodies(client: TestClient) -> None:
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["reason"] == "bad_request"
    r = client.post("/api/games", content=b"x" * (70 * 1024), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["reason"] == "too_large"

    def chunks():
        yield b'{"game": "spider"}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 411


def test_unknown_routes_levels_and_languages_are_404_json(client: TestClient) -> None:
    for path in ("/api/nothing", "/api/games/zzz", "/api/stats/spider-3-classic", "/api/i18n/de", "/api/games/current"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["reason"] == "not_found", path


def test_import_a_deck_and_actions_and_export_the_record(client: TestClient) -> None:
    record = {"game": "spiderette", "suits": 4, "code": "SD1-S4-AAAAABD", "actions": ["deal", "deal"]}
    deck = Game.from_record({**record, "actions": []}).state()
    cards = [c for col in deck["columns"] for c in col["down"] + col["up"]]
    assert len(cards) == 28
    view = new_game(client, code="SD1-S4-AAAAABD", actions=["deal", "deal"])
    assert view["version"] == 2 and view["deals_left"] == 2
    exported = client.get(f"/api/games/{view['id']}/record").json()
    assert exported["actions"] == ["deal", "deal"] and exported["code"] == "SD1-S4-AAAAABD"
    assert Game.from_record(exported).state()["columns"] == Game.from_record(record).state()["columns"]


def test_acknowledged_actions_survive_a_restart_of_the_server(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    first = TestClient(create_app(path))
    view = new_game(first, code="SD1-S4-AAAAABD")
    status, dealt = act(first, view, action="deal")
    assert status == 200
    cookie = first.cookies.get("spider_player")
    second = TestClient(create_app(path))  # a fresh process would see only the file
    second.cookies.set("spider_player", cookie)
    current = second.get("/api/player").json()["current"]
    assert current["id"] == view["id"] and current["version"] == 1
    assert current["columns"] == dealt["columns"]
    status, undone = act(second, current, action="undo")
    assert status == 200 and undone["columns"] == view["columns"]


def _hidden_cards(state: dict) -> set[str]:
    return {card for col in state["columns"] for card in col["down"]} | set(state["stock"])


def _visible_cards(state: dict) -> set[str]:
    return {card for col in state["columns"] for card in col["up"]}


def test_no_response_ever_names_a_face_down_card(client: TestClient) -> None:
    """Random games through the API; each body is checked against the full state: every card it
    names must be face up (or removed) at that moment."""
    rng = random.Random(7)
    for code in ("SD1-S4-AAAAABD", "SP1-S4C-AAAAAAD", "SP1-S2R-ABCDEFG"):
        view = new_game(client, code=code)
        for _ in range(60):
            choices = [f"{g['column']}>{t}:{g['count']}" for g in view["groups"] for t in g["targets"]]
            choices += ["deal"] * view["can_deal"] + ["undo"] * view["can_undo"]
            status, body = act(client, view, action=rng.choice(choices))
            assert status == 200, body
            state = Game.from_record(client.get(f"/api/games/{body['id']}/record").json()).state()
            hidden = _hidden_cards(state) - _visible_cards(state)
            assert not (hidden & words(body)), hidden & words(body)
            assert [c["up"] for c in body["columns"]] == [c["up"] for c in state["columns"]]
            assert [c["down"] for c in body["columns"]] == [len(c["down"]) for c in state["columns"]]
            view = body


def test_openapi_documents_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for route in (
        "/api/player",
        "/api/player/settings",
        "/api/games",
        "/api/games/current",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/restart",
        "/api/games/{game_id}/clock",
        "/api/games/{game_id}/record",
        "/api/stats",
        "/api/stats/{level}",
        "/api/i18n/{lang}",
        "/api/help",
    ):
        assert route in paths, route


def test_winning_a_game_updates_the_stats_and_ends_the_game(client: TestClient) -> None:
    from tests.engine.helpers import SPIDERETTE_DECK, spiderette_line

    line = spiderette_line()
    # played here action by action: a game imported with its actions would be counted apart (assisted)
    view = new_game(client, game="spiderette", suits=1, deck=SPIDERETTE_DECK)
    for action in line[:-1]:
        view = act(client, view, action=action)[1]
    assert view["status"] == "active" and view["removed"] == 3 and view["code"] is None
    status, won = act(client, view, action=line[-1], elapsed=2.5)
    assert status == 200 and won["won"] and won["status"] == "won" and won["events"]["won"]
    assert won["score"] == 500 - len(line) + 400
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["played"], stats["wins"], stats["streak"], stats["best_streak"]) == (1, 1, 1, 1)
    assert stats["best_score"] == won["score"] and stats["fewest_moves"] == len(line) and stats["best_time"] == 2.5
    status, after = act(client, won, action="undo")
    assert status == 409 and after["reason"] == "finished"
    assert client.get("/api/games/current").status_code == 404
    # a new game after a win is not a loss
    new_game(client, code="SD1-S1-AAAAAAB")
    assert client.get("/api/stats/spiderette-1-classic").json()["losses"] == 0


def test_the_stats_name_the_bests_the_last_game_set(client: TestClient) -> None:
    from tests.engine.helpers import SPIDERETTE_DECK, spiderette_line

    line = spiderette_line()

    def win(elapsed: float | None = None) -> list[str]:
        view = new_game(client, game="spiderette", suits=1, deck=SPIDERETTE_DECK)
        if elapsed:
            time.sleep(elapsed)  # the server takes no more time than has passed
        for action in line[:-1]:
            view = act(client, view, action=action)[1]
        body = {"action": line[-1]} if elapsed is None else {"action": line[-1], "elapsed": elapsed}
        status, won = act(client, view, **body)
        assert status == 200 and won["won"]
        return client.get("/api/stats/spiderette-1-classic").json()["new_records"]

    # a first win sets every best it has; one win in a row is no streak yet
    assert sorted(win(0.3)) == ["best_score", "best_time", "fewest_moves"]
    # the same moves and score, no clock (a time of 0): a faster win and a streak of two
    assert sorted(win()) == ["best_streak", "best_time"]
    # no better than the last: only the streak of three
    assert win() == ["best_streak"]
    # a loss sets nothing and ends the streak (a game left after a move is lost)
    act(client, new_game(client, code="SD1-S1-AAAAAAB"), action="deal")
    new_game(client, code="SD1-S1-AAAAAAC")
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["new_records"], stats["streak"], stats["best_streak"], stats["losses"]) == ([], 0, 3, 1)


def test_error_messages_follow_the_players_language(client: TestClient) -> None:
    view = new_game(client, code="SD1-S4-AAAAABD")
    english = act(client, view, action="1>1")[1]["message"]
    english_description = view["description"]
    client.headers["accept-language"] = "ru-RU,ru;q=0.9"
    russian = act(client, view, action="1>1")[1]["message"]
    assert russian != english and any("а" <= ch <= "я" for ch in russian.lower())
    client.put("/api/player/settings", json={"lang": "fi"})
    finnish = act(client, view, action="1>1")[1]["message"]
    assert finnish not in (english, russian)
    assert client.get(f"/api/games/{view['id']}").json()["description"] != english_description
