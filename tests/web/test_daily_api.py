"""Daily deals through the API: the same deal for everyone, counted and practice attempts, the
leaderboard, the calendar and streaks, and the answers to bad input (docs/API.md, Daily deals)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider.daily import LEVELS
from spider.jobs.players import PlayerJobs
from tests.web.daily_deals import (  # noqa: F401
    Clock,
    act,
    clock_fixture,
    daily_app_fixture,
    established_client,
    known_deal,
    play,
    store_deals,
    win,
)

LEVEL = "spiderette-1-classic"  # the shortest winning lines


@pytest.fixture
def one(daily_app: FastAPI) -> Iterator[TestClient]:
    """An established player's browser: ranked on today's boards (docs/RULES.md, Fair play)."""
    with TestClient(daily_app) as client:
        yield established_client(client, daily_app.state.context.store)


@pytest.fixture
def two(daily_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(daily_app) as client:
        yield established_client(client, daily_app.state.context.store)


def test_two_players_get_the_same_deal_and_a_daily_game_has_no_code(one: TestClient, two: TestClient) -> None:
    first, second = play(one, "spider-2-classic"), play(two, "spider-2-classic")
    assert first["id"] != second["id"]
    assert first["columns"] == second["columns"] and first["stock"] == second["stock"]
    assert first["code"] is None and first["daily"] == second["daily"]
    assert first["daily"]["level"] == "spider-2-classic" and first["daily"]["counted"] is True
    assert (first["game"], first["suits"], first["score"]) == ("spider", 2, 500)  # the standard profile


def test_today_lists_the_six_levels_with_their_difficulty_and_the_time_left(one: TestClient, clock: Clock) -> None:
    today = one.get("/api/daily").json()
    assert today["date"] == clock.today and 1 <= today["next_in"] <= 86400
    assert [d["level"] for d in today["deals"]] == list(LEVELS)
    assert all(d["difficulty"] == "easy" and d["result"] is None for d in today["deals"])
    assert all("deck" not in d and "line" not in d for d in today["deals"])
    assert today["streak"] == {"current": 0, "best": 0}
    assert today["name"]["chosen"] is False and today["name"]["display"].startswith("Player ")


def test_playing_again_resumes_the_counted_attempt(one: TestClient) -> None:
    started = play(one, LEVEL)
    moved = act(one, started, known_deal("", LEVEL).line[0])
    again = play(one, LEVEL)
    assert again["id"] == started["id"] and again["version"] == moved["version"] == 1
    result = one.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]["result"]
    assert result["state"] == "playing" and result["game"] == started["id"]


def test_a_second_finished_attempt_does_not_change_the_counted_result(one: TestClient, clock: Clock) -> None:
    line = known_deal(clock.today, LEVEL).line
    counted = play(one, LEVEL)
    act(one, counted, line[0])
    assert one.post("/api/games", json={"game": "spider"}).status_code == 201  # ends the counted attempt: lost
    practice = play(one, LEVEL)
    assert practice["id"] != counted["id"] and practice["daily"]["counted"] is False
    win(one, practice, line)
    entry = one.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]
    assert entry["result"]["state"] == "lost" and entry["result"]["game"] == counted["id"]
    assert entry["result"]["rank"] == 1 and entry["practice"] == {"played": 1, "won": 1}
    board = one.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard").json()
    assert [(e["result"], e["you"]) for e in board["entries"]] == [("lost", True)]


def test_the_leaderboard_ranks_a_win_before_a_loss_and_shows_your_place(
    one: TestClient, two: TestClient, clock: Clock
) -> None:
    line = known_deal(clock.today, LEVEL).line
    assert one.put("/api/player/name", json={"name": "Ada"}).status_code == 200
    win(one, play(one, LEVEL), line, clock)
    act(two, play(two, LEVEL), line[0])
    two.post("/api/games", json={"game": "spider"})
    board = two.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard").json()
    assert [(e["rank"], e["result"], e["you"]) for e in board["entries"]] == [(1, "won", False), (2, "lost", True)]
    assert board["entries"][0]["moves"] == len(line) and board["apart"] == []
    you = board["you"]
    assert you["rank"] == 2 and you["you"] and [e["rank"] for e in you["around"]] == [1, 2]
    assert board["entries"][0]["name"] == "Ada" and board["entries"][1]["name"].startswith("Player ")
    assert board["entries"][1]["name"] == two.get("/api/daily").json()["name"]["display"]
    assert all(len(e["player"]) == 12 for e in board["entries"])
    assert board["entries"][0]["player"] != board["entries"][1]["player"]
    assert one.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]["result"]["rank"] == 1


def test_an_assisted_attempt_is_shown_apart_and_never_ranked(one: TestClient, clock: Clock) -> None:
    line = known_deal(clock.today, LEVEL).line
    view = play(one, LEVEL)
    job = one.post(f"/api/games/{view['id']}/solve", json={"time_limit": 1})
    assert job.status_code == 202
    one.delete(f"/api/solves/{job.json()['id']}")  # asking is enough: no solver time spent
    win(one, view, line)
    result = one.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]["result"]
    assert result["assisted"] is True and result["state"] == "won" and result["rank"] is None
    board = one.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard").json()
    assert board["entries"] == [] and [e["rank"] for e in board["apart"]] == [None]
    assert board["apart"][0]["assisted"] and board["you"]["rank"] is None


def test_the_deeper_hint_assists_a_daily_game_and_the_hint_does_not(
    one: TestClient, daily_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def strong_players_action(*_args: object) -> str:
        return "deal"  # what the strong player says is not the point: that it was asked is

    monkeypatch.setattr(daily_app.state.context.player_jobs, "deep_hint", strong_players_action)
    view = play(one, LEVEL)
    assert one.post(f"/api/games/{view['id']}/hint").status_code == 200
    assert one.get(f"/api/games/{view['id']}").json()["assisted"] is False
    assert one.post(f"/api/games/{view['id']}/hint?deep=true").json()["action"] == "deal"
    assert one.get(f"/api/games/{view['id']}").json()["assisted"] is True
    assert one.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]["result"]["assisted"] is True
    plain = one.post("/api/games", json={"code": "SD1-S1-AAAAABD"}).json()
    one.post(f"/api/games/{plain['id']}/hint?deep=true")
    assert one.get(f"/api/games/{plain['id']}").json()["assisted"] is False  # the statistics' rule stays


def test_restart_is_a_practice_attempt_of_the_same_daily_deal(one: TestClient) -> None:
    counted = play(one, LEVEL)
    restarted = one.post(f"/api/games/{counted['id']}/restart")
    assert restarted.status_code == 201
    practice = restarted.json()
    assert practice["daily"] == counted["daily"] | {"counted": False, "counting": False}
    assert counted["daily"]["counting"] is True and practice["code"] is None
    assert practice["columns"] == counted["columns"]


def test_bad_input_is_refused_and_changes_nothing(one: TestClient, clock: Clock) -> None:
    tomorrow = Clock(clock.moment)
    tomorrow.next_day()
    refused = {
        ("POST", "/api/daily/spider-3-classic"): (404, "not_found"),
        ("POST", "/api/daily/spider-2-relaxed"): (404, "not_found"),  # a level with no daily deal
        ("GET", "/api/daily/2026-13-01"): (400, "bad_date"),
        ("GET", "/api/daily/yesterday"): (400, "bad_date"),
        ("GET", f"/api/daily/{tomorrow.today}"): (404, "not_yet"),
        ("GET", f"/api/daily/{tomorrow.today}/{LEVEL}/leaderboard"): (404, "not_yet"),
        ("GET", f"/api/daily/{clock.today}/spider-3-classic/leaderboard"): (404, "not_found"),
        ("GET", "/api/daily/2000-01-01"): (404, "not_found"),  # a day without daily deals
        ("GET", "/api/daily/calendar/2026-13"): (400, "bad_date"),
        ("GET", "/api/daily/calendar/26-1"): (400, "bad_date"),
    }
    for (method, path), (status, reason) in refused.items():
        r = one.request(method, path)
        assert (r.status_code, r.json()["reason"]) == (status, reason), path
        assert r.json()["message"]
    assert one.get("/api/games/current").status_code == 404
    assert all(d["result"] is None for d in one.get("/api/daily").json()["deals"])


def test_a_deal_that_cannot_be_made_in_time_is_a_503(
    one: TestClient, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def no_deal(*_args: object) -> bool:
        return False

    monkeypatch.setattr(PlayerJobs, "_made_on_request", no_deal)
    clock.next_day()  # a day whose deals nobody made
    r = one.post(f"/api/daily/{LEVEL}", headers={"Accept-Language": "fi"})
    assert r.status_code == 503 and r.json()["reason"] == "daily_not_ready"
    assert "try again" not in r.json()["message"]  # in the player's language
    assert one.get("/api/games/current").status_code == 404
    assert one.get("/api/daily").json()["deals"][0]["difficulty"] is None


def test_the_calendar_and_the_streaks(one: TestClient, daily_app: FastAPI, clock: Clock) -> None:
    """Days after the store's own today, so that it counts their results as their days last."""
    store = daily_app.state.context.store
    won_days = []
    for _ in range(2):
        clock.next_day()
        store_deals(store, clock.today)
        win(one, play(one, LEVEL), known_deal(clock.today, LEVEL).line)
        won_days.append(clock.today)
    clock.next_day()
    store_deals(store, clock.today)
    act(one, play(one, LEVEL), known_deal(clock.today, LEVEL).line[0])
    one.post("/api/games", json={"game": "spider"})
    played_day = clock.today
    today = one.get("/api/daily").json()
    assert today["streak"] == {"current": 2, "best": 2}  # today is not won: the run up to yesterday
    calendar = one.get(f"/api/daily/calendar/{played_day[:7]}").json()
    states = {d["date"]: d["state"] for d in calendar["days"]}
    assert states[played_day] == "played" and calendar["streak"] == {"current": 2, "best": 2}
    assert all(states[day] == "won" for day in won_days if day[:7] == played_day[:7])
    assert [d["date"] for d in calendar["days"]][0] == played_day[:7] + "-01"
    clock.next_day()
    assert one.get("/api/daily").json()["streak"] == {"current": 0, "best": 2}
    later = one.get(f"/api/daily/calendar/{clock.today[:7]}").json()
    assert {d["date"]: d["state"] for d in later["days"]}[clock.today] == "today"
    next_year = str(int(clock.today[:4]) + 1) + clock.today[4:7]
    assert {d["state"] for d in one.get(f"/api/daily/calendar/{next_year}").json()["days"]} == {"future"}
    assert one.get("/api/daily/calendar/9999-12").json()["days"][-1] == {"date": "9999-12-31", "state": "future"}
    assert one.get("/api/daily/calendar/0000-01").json()["reason"] == "bad_date"


def test_a_result_no_longer_changes_once_its_day_is_over(one: TestClient, daily_app: FastAPI, clock: Clock) -> None:
    """The app's one clock: the day the play layer passes the store moves with ``spider.clock.now``."""
    yesterday = clock.today
    started = play(one, LEVEL)
    act(one, started, known_deal(yesterday, LEVEL).line[0])
    clock.next_day()
    store_deals(daily_app.state.context.store, clock.today)
    assert play(one, LEVEL)["daily"]["date"] == clock.today  # a new game: ends yesterday's, not its result
    old = one.get(f"/api/daily/{yesterday}").json()["deals"][LEVELS.index(LEVEL)]["result"]
    assert old["state"] == "playing" and old["game"] == started["id"]
    assert one.get(f"/api/games/{started['id']}").json()["status"] == "lost"
