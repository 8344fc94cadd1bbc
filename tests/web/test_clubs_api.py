"""Clubs through the API: make one, join it by its invite link, leave, replace the invite, the
limits, and a daily deal's board among a club's members (docs/API.md, Clubs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider.play.clubs import MOST_CLUBS
from spider.web.app import create_app
from spider.web.http.rates import RateLimits
from tests.web.daily_deals import (  # noqa: F401
    Clock,
    act,
    clock_fixture,
    daily_app_fixture,
    established_client,
    known_deal,
    play,
    win,
)

LEVEL = "spiderette-1-classic"


def client_of(daily_app: FastAPI) -> Iterator[TestClient]:
    """A browser of a player who ranks on today's boards (not a new identity: docs/RULES.md, Fair play)."""
    with TestClient(daily_app) as client:
        yield established_client(client, daily_app.state.context.store)


one = pytest.fixture(name="one")(client_of)
two = pytest.fixture(name="two")(client_of)
three = pytest.fixture(name="three")(client_of)


def make(client: TestClient, name: str = "Tuesday cards") -> dict:  # type: ignore[type-arg]
    r = client.post("/api/clubs", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()


def join(client: TestClient, invite: str) -> dict:  # type: ignore[type-arg]
    r = client.post("/api/invites/accept", json={"invite": invite})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_club_is_made_joined_by_its_link_and_left(one: TestClient, two: TestClient, clock: Clock) -> None:
    club = make(one)
    clock.moment += 1
    assert club["name"] == "Tuesday cards" and club["owner"] is True and club["members"] == 1
    assert len(club["invite"]) >= 22  # 128 random bits
    joined = join(two, club["invite"])
    assert joined["id"] == club["id"] and joined["members"] == 2
    assert joined["owner"] is False and joined["invite"] is None  # only the owner sees the invite
    assert join(two, club["invite"])["members"] == 2  # joining again changes nothing
    assert [c["id"] for c in two.get("/api/clubs").json()["clubs"]] == [club["id"]]
    page = two.get(f"/api/clubs/{club['id']}").json()
    assert [(m["owner"], m["you"]) for m in page["roster"]] == [(True, False), (False, True)]
    assert two.delete(f"/api/clubs/{club['id']}/membership").status_code == 204
    assert two.get("/api/clubs").json()["clubs"] == []
    assert two.get(f"/api/clubs/{club['id']}").json()["reason"] == "no_club"
    assert two.delete(f"/api/clubs/{club['id']}/membership").status_code == 404


def test_a_replaced_invite_fails_clearly_and_only_the_owner_replaces_it(
    one: TestClient, two: TestClient, three: TestClient
) -> None:
    club = make(one)
    join(two, club["invite"])
    refused = two.post(f"/api/clubs/{club['id']}/invite")
    assert refused.status_code == 403 and refused.json()["reason"] == "not_owner"
    fresh = one.post(f"/api/clubs/{club['id']}/invite").json()["invite"]
    assert fresh != club["invite"]
    old = three.post("/api/invites/accept", json={"invite": club["invite"]})
    assert old.status_code == 400 and old.json()["reason"] == "bad_invite" and "replaced" in old.json()["message"]
    assert three.get("/api/clubs").json()["clubs"] == []
    assert join(three, fresh)["members"] == 3


def test_bad_invites_and_names_are_clear_400s(one: TestClient) -> None:
    for invite in ["", "short", "x" * 65, "not/an invite", "a" * 22]:
        r = one.post("/api/invites/accept", json={"invite": invite})
        assert r.status_code == 400 and r.json()["reason"] == "bad_invite", invite
    for name in ["", "ab", "x" * 21, "\u202ename"]:
        r = one.post("/api/clubs", json={"name": name})
        assert r.status_code == 400 and r.json()["reason"] == "bad_name", name
    assert one.get("/api/clubs").json()["clubs"] == []


def test_a_player_is_in_at_most_ten_clubs(one: TestClient, two: TestClient) -> None:
    for n in range(MOST_CLUBS):
        make(one, f"Club {n}")
    refused = one.post("/api/clubs", json={"name": "One more"})
    assert refused.status_code == 403 and refused.json()["reason"] == "too_many_clubs"
    other = make(two, "Elsewhere")
    refused = one.post("/api/invites/accept", json={"invite": other["invite"]})
    assert refused.status_code == 403 and refused.json()["reason"] == "too_many_clubs"
    assert len(one.get("/api/clubs").json()["clubs"]) == MOST_CLUBS
    one.delete(f"/api/clubs/{one.get('/api/clubs').json()['clubs'][0]['id']}/membership")
    assert join(one, other["invite"])["members"] == 2


def test_only_members_see_a_club_and_its_boards(one: TestClient, two: TestClient, clock: Clock) -> None:
    club = make(one)
    for path in [f"/api/clubs/{club['id']}", f"/api/daily/{clock.today}/{LEVEL}/leaderboard?club={club['id']}"]:
        for asked in [path, path.replace(club["id"], "nosuchclub"), path.replace(club["id"], "bad%20id")]:
            r = two.get(asked)
            assert r.status_code == 404 and r.json()["reason"] == "no_club", asked
            assert "Tuesday" not in r.text
    assert two.post(f"/api/clubs/{club['id']}/invite").json()["reason"] == "no_club"


def test_a_club_board_shows_only_its_members_ranked_among_themselves(
    one: TestClient, two: TestClient, three: TestClient, clock: Clock
) -> None:
    line = known_deal(clock.today, LEVEL).line
    club = make(one)
    join(three, club["invite"])
    assert three.put("/api/player/name", json={"name": "Carol"}).status_code == 200
    win(two, play(two, LEVEL), line, clock)  # not in the club: first on the site's board
    act(three, play(three, LEVEL), line[0])
    assert three.post("/api/games", json={"game": "spider"}).status_code == 201  # the counted attempt lost
    site = three.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard").json()
    assert [(e["rank"], e["you"]) for e in site["entries"]] == [(1, False), (2, True)] and "club" not in site
    board = three.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard?club={club['id']}").json()
    assert board["club"] == club["id"]
    assert [(e["rank"], e["name"], e["you"]) for e in board["entries"]] == [(1, "Carol", True)]
    assert board["you"]["rank"] == 1 and [e["rank"] for e in board["you"]["around"]] == [1]
    owners = one.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard?club={club['id']}").json()
    assert [e["name"] for e in owners["entries"]] == ["Carol"] and owners["you"] is None
    page = one.get(f"/api/clubs/{club['id']}").json()
    carol = next(m for m in page["roster"] if m["name"] == "Carol")
    assert [(r["level"], r["state"]) for r in carol["today"]] == [(LEVEL, "lost")]
    assert carol["streak"] == {"current": 0, "best": 0}


def test_a_club_page_shows_the_members_streaks(one: TestClient, clock: Clock, daily_app: FastAPI) -> None:
    club = make(one)
    win(one, play(one, LEVEL), known_deal(clock.today, LEVEL).line)
    me = one.get(f"/api/clubs/{club['id']}").json()["roster"][0]
    assert me["you"] and me["streak"] == {"current": 1, "best": 1}
    assert [(r["level"], r["state"]) for r in me["today"]] == [(LEVEL, "won")]


def test_invite_tries_are_rate_limited_per_address(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite3"), background=False, rate_limits=RateLimits({"invite": 3}))
    with TestClient(app) as client:
        club = make(client)  # one try
        for _ in range(2):
            assert client.post("/api/invites/accept", json={"invite": "x" * 22}).status_code == 400
        limited = client.post("/api/invites/accept", json={"invite": club["invite"]})
        assert limited.status_code == 429 and limited.json()["reason"] == "rate_limited"
        assert limited.headers["retry-after"]
        assert client.post("/api/clubs", json={"name": "Another"}).status_code == 429
