"""Syncing a practice game played on the page: POST /api/games/{id}/sync creates the game at its first
batch, plays each batch through the server's engine and stores it all or nothing, answers a retried
batch again without storing it twice, and refuses a stale, illegal, daily or malformed one with a
clear 4xx (tested through HTTP, on SQLite and on PostgreSQL: SPIDER_TEST_STORE)."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider.daily import days
from spider.engine import Game
from spider.jobs.admission import Refusal
from spider.jobs.errors import Busy
from spider.jobs.top_up import SEED_FILE
from spider.web.app import create_app
from spider.web.http.rates import RateLimits
from tests.web.daily_deals import store_deals
from tests.web.held_jobs import HeldJobs

# A proved-winnable Spiderette deal and its winning line, as the app ships them.
SEED = json.loads(SEED_FILE.read_text(encoding="utf-8"))["spiderette-1-classic"][0]
CODE, LINE = SEED["code"], SEED["line"]
OTHER = "SP1-S2C-AAAAAAD"


@pytest.fixture
def app(tmp_path: Path):
    return create_app(str(tmp_path / "db.sqlite3"), background=False)


@pytest.fixture
def client(app) -> TestClient:
    return TestClient(app)


def page_id() -> str:
    """A game id as a page makes one: 96 random bits, url-safe."""
    return secrets.token_urlsafe(12)


def played(code: str, count: int, first: int = 0) -> list[str]:
    """``count`` legal actions of the deal as the page's engine would play them (moves and deals),
    after ``first`` such actions, as the record keeps them."""
    game = Game.from_code(code)
    texts: list[str] = []
    while len(texts) < first + count:
        choices = game.legal_actions()
        assert choices, "the deal ran out of actions"
        texts.append(game.apply(choices[len(texts) % len(choices)]).text)
    return texts[first:]


def sync(client: TestClient, game_id: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    r = client.post(f"/api/games/{game_id}/sync", json=body)
    assert r.headers["content-type"].startswith("application/json"), r.text
    return r.status_code, r.json()


def batch(version: int, actions: list[str], start_time: float = 0.0, **extra: Any) -> dict[str, Any]:
    return {"version": version, "actions": actions, "times": [start_time + i for i in range(len(actions))]} | extra


def record(client: TestClient, game_id: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/record")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_page_game_is_created_with_its_first_batch_and_abandons_the_current_one(client: TestClient) -> None:
    before = client.post("/api/games", json={"code": OTHER}).json()
    game_id, actions = page_id(), played(CODE, 6)
    status, view = sync(client, game_id, batch(0, actions, start={"code": CODE, "profile": "moves"}))
    assert status == 200, view
    assert (view["id"], view["version"], view["status"], view["code"]) == (game_id, 6, "active", CODE)
    assert view["assisted"] is False and view["perfect"] is True and view["grade"] is None
    assert "events" not in view and view["profile"] == "moves"
    assert record(client, game_id)["actions"] == actions and record(client, game_id)["profile"] == "moves"
    assert client.get("/api/games/current").json()["id"] == game_id
    assert client.get(f"/api/games/{before['id']}").json()["status"] == "abandoned"
    # the view is the engine's game after the same actions
    game = Game.from_code(CODE, "moves")
    for action in actions:
        game.apply(action)
    assert view["columns"] == game.view()["columns"] and view["moves"] == game.moves


def test_batches_follow_one_another_and_the_record_is_the_actions_sent(client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 25)
    status, view = sync(client, game_id, batch(0, actions[:10], start={"code": CODE}))
    assert status == 200
    for first, last in ((10, 11), (11, 20), (20, 25)):
        status, view = sync(client, game_id, batch(first, actions[first:last], start_time=first))
        assert status == 200 and view["version"] == last, view
    kept = record(client, game_id)
    assert kept["actions"] == actions and kept["times"] == [float(i) for i in range(25)]
    assert view["elapsed"] == 24.0


def test_a_game_dealt_on_the_page_is_created_by_its_start_alone_then_played_on(client: TestClient) -> None:
    before = client.post("/api/games", json={"code": OTHER}).json()
    game_id, actions = page_id(), played(CODE, 4)
    start = batch(0, [], start={"code": CODE})
    status, view = sync(client, game_id, start)
    assert status == 200 and (view["id"], view["version"], view["status"]) == (game_id, 0, "active"), view
    assert client.get("/api/games/current").json()["id"] == game_id
    assert client.get(f"/api/games/{before['id']}").json()["status"] == "abandoned"
    assert sync(client, game_id, start)[0] == 200  # its answer was lost: sent again, nothing changes
    status, view = sync(client, game_id, batch(0, actions))
    assert status == 200 and view["version"] == 4
    assert record(client, game_id)["actions"] == actions
    # with no start, an empty batch is refused, whatever the version
    for version in (0, 4):
        status, refused = sync(client, game_id, batch(version, []))
        assert status == 400 and refused["reason"] == "bad_batch", refused
    assert record(client, game_id)["actions"] == actions


def test_a_retried_batch_is_answered_again_and_stored_once(client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 8)
    first = batch(0, actions[:5], start={"code": CODE})
    status, created = sync(client, game_id, first)
    assert status == 200
    again = sync(client, game_id, first)  # the answer was lost: the same start and batch again
    assert again == (200, created)
    second = batch(5, actions[5:], start_time=5)
    status, view = sync(client, game_id, second)
    assert status == 200 and view["version"] == 8
    assert sync(client, game_id, second) == (200, view)
    assert record(client, game_id)["actions"] == actions


def test_a_stale_batch_is_refused_with_the_game_as_it_is(client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 6)
    sync(client, game_id, batch(0, actions[:4], start={"code": CODE}))
    # another device played on from version 2 with other actions
    status, refused = sync(client, game_id, batch(2, actions[4:6], start_time=2))
    assert status == 409 and refused["reason"] == "stale" and refused["view"]["version"] == 4
    status, refused = sync(client, game_id, batch(9, actions[4:6]))
    assert status == 409 and refused["reason"] == "stale"
    assert record(client, game_id)["actions"] == actions[:4]


def test_an_illegal_action_refuses_the_whole_batch(client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 4)
    sync(client, game_id, batch(0, actions[:2], start={"code": CODE}))
    status, refused = sync(client, game_id, batch(2, [actions[2], "1>1", actions[3]], start_time=2))
    assert status == 422, refused
    assert refused["reason"] == "same_column" and refused["params"]["index"] == 1
    assert refused["message"] == "A group must move to another column"
    assert refused["view"]["version"] == 2
    assert record(client, game_id)["actions"] == actions[:2]
    # nothing of it was kept: the same version takes a good batch
    status, view = sync(client, game_id, batch(2, actions[2:], start_time=2))
    assert status == 200 and view["version"] == 4


def test_an_illegal_first_batch_creates_nothing(client: TestClient) -> None:
    game_id = page_id()
    status, refused = sync(client, game_id, batch(0, ["deal", "undo", "undo"], start={"code": CODE}))
    assert status == 422 and refused["reason"] == "nothing_to_undo" and refused["params"]["index"] == 2
    assert refused["view"]["version"] == 0 and refused["view"]["id"] == game_id
    assert client.get(f"/api/games/{game_id}").status_code == 404
    assert client.get("/api/games/current").status_code == 404


def test_an_undo_in_a_batch_makes_the_game_helped(client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 3)
    status, view = sync(client, game_id, batch(0, actions, start={"code": CODE}))
    assert view["perfect"] is True
    status, view = sync(client, game_id, batch(3, ["undo"], start_time=3))
    assert status == 200 and view["perfect"] is False and view["can_redo"] is True
    helped_from_the_start = page_id()
    status, view = sync(client, helped_from_the_start, batch(0, [actions[0], "undo"], start={"code": CODE}))
    assert status == 200 and view["perfect"] is False


def test_a_batch_that_wins_finishes_the_game_and_counts_in_the_statistics(client: TestClient) -> None:
    game_id = page_id()
    status, view = sync(client, game_id, batch(0, LINE[:30], start={"code": CODE}))
    assert status == 200 and view["status"] == "active"
    winning = batch(30, LINE[30:], start_time=30)
    status, view = sync(client, game_id, winning)
    assert status == 200 and view["won"] is True and view["status"] == "won"
    assert sync(client, game_id, winning) == (200, view)  # a retry of the winning batch
    status, refused = sync(client, game_id, batch(len(LINE), ["undo"]))
    assert status == 409 and refused["reason"] == "finished" and refused["view"]["won"]
    stats = client.get("/api/stats/spiderette-1-classic").json()
    assert (stats["wins"], stats["perfect_wins"], stats["assisted_wins"]) == (1, 1, 0)
    assert record(client, game_id)["actions"] == LINE
    history = client.get("/api/history").json()["games"]
    assert [(g["id"], g["result"]) for g in history] == [(game_id, "won")]


def test_an_unknown_game_without_a_start_is_not_found(client: TestClient) -> None:
    assert sync(client, page_id(), batch(0, played(CODE, 1)))[0] == 404
    # a start for a game the server never had actions of, at a later version
    assert sync(client, page_id(), batch(3, played(CODE, 1), start={"code": CODE}))[0] == 404


def test_another_players_game_is_neither_shown_nor_touched(app, client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 4)
    sync(client, game_id, batch(0, actions[:2], start={"code": CODE}))
    other = TestClient(app)
    status, refused = sync(other, game_id, batch(2, actions[2:], start_time=2))
    assert status == 404 and "view" not in refused
    status, refused = sync(other, game_id, batch(0, actions, start={"code": CODE}))
    assert status == 404 and refused["reason"] == "not_found" and "view" not in refused
    assert other.get("/api/games/current").status_code == 404
    assert record(client, game_id)["actions"] == actions[:2]
    # the server's own game ids are as unguessable, and as untouchable
    theirs = client.post("/api/games", json={"code": OTHER}).json()
    assert sync(other, theirs["id"], batch(0, played(OTHER, 1), start={"code": OTHER}))[0] == 404
    assert client.get(f"/api/games/{theirs['id']}").json()["version"] == 0


def test_a_daily_game_takes_no_batch(app, client: TestClient) -> None:
    today = days.today()
    store_deals(app.state.context.store, today)
    daily = client.post("/api/daily/spiderette-1-classic").json()
    status, refused = sync(client, daily["id"], batch(0, ["deal"]))
    assert status == 409 and refused["reason"] == "daily" and refused["view"]["daily"]
    assert record(client, daily["id"])["actions"] == []


def test_a_server_game_takes_batches_too(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": OTHER}).json()
    actions = played(OTHER, 5)
    status, synced = sync(client, view["id"], batch(0, actions))
    assert status == 200 and synced["version"] == 5 and synced["assisted"] is False
    assert record(client, view["id"])["actions"] == actions


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({}, "bad_request"),
        ({"version": 0, "actions": [], "times": []}, "bad_batch"),
        ({"version": 0, "actions": ["deal"], "times": []}, "bad_batch"),
        ({"version": 0, "actions": ["deal", "undo"], "times": [1]}, "bad_batch"),
        ({"version": 0, "actions": ["deal", "undo"], "times": [2, 1]}, "bad_time"),
        ({"version": 0, "actions": ["deal"], "times": [-1]}, "bad_request"),
        ({"version": 0, "actions": ["deal"], "times": ["1"]}, "bad_request"),
        ({"version": 0, "actions": ["deal"], "times": [1e300]}, "bad_request"),
        ({"version": -1, "actions": ["deal"], "times": [1]}, "bad_request"),
        ({"version": 0, "actions": ["sideways"], "times": [1]}, "bad_action"),
        ({"version": 0, "actions": ["redo"], "times": [1]}, "bad_batch"),
        ({"version": 0, "actions": ["deal"] * 501, "times": [1] * 501}, "bad_request"),
        ({"version": 0, "actions": ["deal"], "times": [1], "extra": 1}, "bad_request"),
        ({"version": 0, "actions": ["deal"], "times": [1], "start": {"code": "nope"}}, "bad_code"),
        ({"version": 0, "actions": ["deal"], "times": [1], "start": {"code": CODE, "profile": "x"}}, "bad_request"),
        ({"version": 0, "actions": ["deal"], "times": [1], "start": {"code": CODE, "proof": "a b"}}, "bad_request"),
    ],
)
def test_a_malformed_batch_is_a_4xx_that_changes_nothing(client: TestClient, body: dict, reason: str) -> None:
    game_id = page_id()
    status, refused = sync(client, game_id, body)
    assert status == 400 and refused["reason"] == reason, refused
    assert refused["message"]
    assert client.get(f"/api/games/{game_id}").status_code == 404


def test_not_json_and_nan_are_refused(client: TestClient) -> None:
    game_id = page_id()
    for content in (b"not json", b'{"version": 0, "actions": ["deal"], "times": [NaN]}', b"[]"):
        r = client.post(f"/api/games/{game_id}/sync", content=content, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["reason"] == "bad_request", r.text


def test_a_bad_new_game_id_is_refused(client: TestClient) -> None:
    for game_id in ("short", "x" * 17, "a" * 15 + "!"):
        status, refused = sync(client, game_id, batch(0, ["deal"], start={"code": CODE}))
        assert status in (400, 404), refused
        assert refused["reason"] in ("bad_game_id", "not_found")
    status, refused = sync(client, "x" * 17, batch(0, ["deal"], start={"code": CODE}))
    assert (status, refused["reason"]) == (400, "bad_game_id")


# ----- winnable deals kept on the device ------------------------------------------------------


class FullSolver(HeldJobs):
    """A solver queue whose workers and wait list are full: a deal cannot be found on demand."""

    async def submit(self, *args: Any, **kwargs: Any) -> str:
        raise Busy(Refusal.FULL, 5)


@pytest.fixture
def pooled(tmp_path: Path):
    """The app with its shipped pool of winnable deals (seeded at start) and a full solver queue."""
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False, jobs=FullSolver())) as c:
        yield c


LEVEL = {"game": "spiderette", "suits": 1, "rules": "classic"}


def test_a_winnable_deal_with_its_proof_starts_a_graded_proven_game(pooled: TestClient) -> None:
    r = pooled.post("/api/deals/winnable", json=LEVEL | {"grade": "medium"})
    assert r.status_code == 200, r.text
    deal = r.json()
    assert set(deal) == {"code", "grade", "proof"} and deal["grade"] == "medium"
    assert Game.from_code(deal["code"]).variant.key == "spiderette-1-classic"
    game_id = page_id()
    start = {"code": deal["code"].lower(), "proof": deal["proof"]}  # the code in either case
    status, view = sync(pooled, game_id, batch(0, played(deal["code"], 2), start=start))
    assert status == 200 and view["grade"] == "medium" and view["proven_winnable"] is True
    assert pooled.get(f"/api/games/{game_id}").json()["grade"] == "medium"
    # the same deal is never handed out twice
    others = [pooled.post("/api/deals/winnable", json=LEVEL).json()["code"] for _ in range(3)]
    assert deal["code"] not in others


def test_a_wrong_proof_only_means_no_grade(app, pooled: TestClient) -> None:
    deal = pooled.post("/api/deals/winnable", json=LEVEL).json()
    forged = deal["proof"][:-2] + ("AA" if not deal["proof"].endswith("AA") else "BB")
    for proof in (forged, None):
        status, view = sync(pooled, page_id(), batch(0, ["deal"], start={"code": deal["code"], "proof": proof}))
        assert status == 200 and view["grade"] is None and "proven_winnable" not in view
    # another deal's code with this proof, and this proof from another player
    other = pooled.post("/api/deals/winnable", json=LEVEL).json()
    status, view = sync(pooled, page_id(), batch(0, ["deal"], start={"code": other["code"], "proof": deal["proof"]}))
    assert view["grade"] is None
    stranger = TestClient(pooled.app)
    status, view = sync(stranger, page_id(), batch(0, ["deal"], start={"code": deal["code"], "proof": deal["proof"]}))
    assert status == 200 and view["grade"] is None


def test_none_ready_is_a_404_and_the_rate_is_bounded(tmp_path: Path) -> None:
    app = create_app(
        str(tmp_path / "db.sqlite3"), background=False, jobs=FullSolver(), rate_limits=RateLimits({"winnable": 3})
    )
    with TestClient(app) as client:
        while app.state.context.store.take_winnable("spider-4-classic"):
            pass
        body = {"game": "spider", "suits": 4}
        r = client.post("/api/deals/winnable", json=body)
        assert r.status_code == 404 and r.json()["reason"] == "none_ready", r.text
        assert [client.post("/api/deals/winnable", json=LEVEL).status_code for _ in range(3)] == [200, 200, 429]
        assert client.post("/api/deals/winnable", json={"suits": 3}).status_code == 400


def test_a_batch_of_500_actions_is_stored_in_one_piece(client: TestClient) -> None:
    game_id, actions = page_id(), ["deal", "undo"] * 250
    status, view = sync(client, game_id, batch(0, actions, start={"code": CODE}))
    assert status == 200 and view["version"] == 500, view
    kept = record(client, game_id)
    assert kept["actions"] == actions and kept["times"] == [float(i) for i in range(500)]


def test_the_clock_never_goes_back_below_what_the_server_has(client: TestClient) -> None:
    game_id, actions = page_id(), played(CODE, 4)
    sync(client, game_id, {"version": 0, "actions": actions[:2], "times": [5.0, 30.5], "start": {"code": CODE}})
    # another tab's clock, behind this one's: kept at the time recorded, never earlier
    status, view = sync(client, game_id, {"version": 2, "actions": actions[2:], "times": [10.0, 31.25]})
    assert status == 200 and view["elapsed"] == 31.25
    assert record(client, game_id)["times"] == [5.0, 30.5, 30.5, 31.25]


def test_actions_in_any_case_are_kept_as_the_record_keeps_them(client: TestClient) -> None:
    game_id = page_id()
    body = {"version": 0, "actions": ["DEAL", "Undo"], "times": [1, 2], "start": {"code": CODE.lower()}}
    status, view = sync(client, game_id, body)
    assert status == 200 and record(client, game_id)["actions"] == ["deal", "undo"]
    assert sync(client, game_id, body) == (200, view)  # and its retry is known as one
