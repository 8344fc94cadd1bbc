"""Fair play on the daily boards (docs/RULES.md, Fair play) through HTTP: the server's clock is the
board's, every action is a move, losses rank by progress, new identities and inhuman pace are
listed apart, and an operator reviews the latter with ``spider results``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider.daily import LEVELS
from tests.test_cli_process import assert_one_line_error, spider
from tests.web.daily_deals import (  # noqa: F401
    DAY,
    Clock,
    clock_fixture,
    daily_app_fixture,
    established_client,
    known_deal,
    play,
)

LEVEL = "spiderette-1-classic"  # the shortest winning lines (56 actions: enough to judge a pace)


@pytest.fixture
def store(daily_app: FastAPI) -> Any:
    return daily_app.state.context.store


def browser(daily_app: FastAPI, established: bool = True) -> TestClient:
    client = TestClient(daily_app)
    return established_client(client, daily_app.state.context.store) if established else client


def send(client: TestClient, view: dict[str, Any], action: str, **elapsed: float) -> dict[str, Any]:
    body: dict[str, Any] = {"version": view["version"], "action": action, **elapsed}
    r = client.post(f"/api/games/{view['id']}/actions", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def paced(
    client: TestClient, view: dict[str, Any], actions: list[str], clock: Clock, gap: float, **elapsed: float
) -> dict[str, Any]:
    for action in actions:
        clock.moment += gap
        view = send(client, view, action, **elapsed)
    return view


def board(client: TestClient, clock: Clock) -> dict[str, Any]:
    r = client.get(f"/api/daily/{clock.today}/{LEVEL}/leaderboard")
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("elapsed", [{"elapsed": 0}, {}], ids=["zero", "none"])
def test_the_time_ranked_is_the_servers_whatever_the_client_sends(
    daily_app: FastAPI, clock: Clock, elapsed: dict[str, float]
) -> None:
    line = known_deal(clock.today, LEVEL).line
    with browser(daily_app) as one:
        view = paced(one, play(one, LEVEL), line, clock, 1.5, **elapsed)
        assert view["status"] == "won"
        [entry] = board(one, clock)["entries"]
    assert (entry["rank"], entry["standing"]) == (1, "ranked")
    assert entry["seconds"] == pytest.approx(1.5 * (len(line) - 1))  # the first action to the winning one


def test_dealing_and_undoing_shows_as_moves_on_the_board(daily_app: FastAPI, clock: Clock) -> None:
    with browser(daily_app) as one:
        view = paced(one, play(one, LEVEL), ["deal", "undo"] * 3, clock, 2.0)
        assert view["moves"] == 0  # the game's own count: every deal undone
        assert one.post("/api/games", json={"game": "spider"}).status_code == 201  # quits: lost
        result = one.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]["result"]
        [entry] = board(one, clock)["entries"]
    assert (result["state"], result["moves"], result["seconds"]) == ("lost", 6, 10.0)
    assert (entry["result"], entry["moves"], entry["seconds"]) == ("lost", 6, 10.0)


def test_losses_rank_by_sets_then_cards_turned_then_fewer_moves(daily_app: FastAPI, clock: Clock) -> None:
    line = known_deal(clock.today, LEVEL).line
    with browser(daily_app) as quitter, browser(daily_app) as fighter, browser(daily_app) as winner:
        paced(quitter, play(quitter, LEVEL), ["deal"], clock, 1.0)
        paced(fighter, play(fighter, LEVEL), line[:25], clock, 1.0)
        paced(winner, play(winner, LEVEL), line, clock, 1.0)
        for loser in (quitter, fighter):
            assert loser.post("/api/games", json={"game": "spider"}).status_code == 201
        entries = board(quitter, clock)["entries"]
    assert [(e["rank"], e["result"], e["moves"]) for e in entries] == [
        (1, "won", len(line)),
        (2, "lost", 25),
        (3, "lost", 1),
    ]
    assert entries[1]["face_down"] < entries[2]["face_down"] == 21 and entries[0]["sets"] == 4


def test_a_player_first_seen_after_the_days_deals_is_listed_apart_as_new(daily_app: FastAPI, clock: Clock) -> None:
    line = known_deal(clock.today, LEVEL).line
    clock.moment += 60  # after the deals were made
    with browser(daily_app, established=False) as newcomer, browser(daily_app) as regular:
        paced(newcomer, play(newcomer, LEVEL), line, clock, 1.0)
        paced(regular, play(regular, LEVEL), line[:3], clock, 1.0)
        regular.post("/api/games", json={"game": "spider"})
        shown = board(newcomer, clock)
        result = newcomer.get("/api/daily").json()["deals"][LEVELS.index(LEVEL)]["result"]
    assert [(e["rank"], e["result"]) for e in shown["entries"]] == [(1, "lost")]  # the newcomer's win is not ahead
    [apart] = shown["apart"]
    assert (apart["standing"], apart["rank"], apart["result"], apart["you"]) == ("new", None, "won", True)
    assert apart["moves"] == len(line)  # the result it would have had
    assert (result["standing"], result["rank"]) == ("new", None)
    assert shown["you"]["standing"] == "new" and shown["you"]["around"] == []


def test_the_next_day_the_newcomer_ranks(daily_app: FastAPI, clock: Clock, store: Any) -> None:
    from tests.web.daily_deals import store_deals

    line = known_deal(clock.today, LEVEL).line
    with browser(daily_app, established=False) as newcomer:
        paced(newcomer, play(newcomer, "spider-1-classic"), ["deal"], clock, 1.0)  # a first game, lost
        newcomer.post("/api/games", json={"game": "spider"})
        clock.next_day()
        store_deals(store, clock.today)
        paced(newcomer, play(newcomer, LEVEL), line, clock, 1.0)
        [entry] = board(newcomer, clock)["entries"]
    assert (entry["rank"], entry["standing"], entry["you"]) == (1, "ranked", True)


# The operator's command runs as a process on the app's database file: where this run puts every app
# on PostgreSQL instead, the process can't follow it (the play layer's tests cover both stores)
@pytest.mark.sqlite_only
@pytest.mark.quick_command
def test_a_line_played_at_a_programs_pace_is_under_review_until_an_operator_clears_it(
    daily_app: FastAPI, clock: Clock, tmp_path: Path
) -> None:
    line = known_deal(clock.today, LEVEL).line
    with browser(daily_app) as bot, browser(daily_app) as person:
        paced(bot, play(bot, LEVEL), line, clock, 0.05, elapsed=0)
        paced(person, play(person, LEVEL), line, clock, 0.8)
        shown = board(bot, clock)
        assert [(e["rank"], e["you"]) for e in shown["entries"]] == [(1, False)]
        [apart] = shown["apart"]
        assert (apart["standing"], apart["you"], apart["rank"]) == ("review", True, None)
        public = apart["player"]

        database = str(tmp_path / "db.sqlite3")
        listed = spider("results", "review", "--database", database)
        assert listed.returncode == 0, listed.stderr
        [row] = listed.stdout.splitlines()
        assert row.startswith(f"{public}  {clock.today}  {LEVEL}  won  moves {len(line)}") and "0.050" in row
        wrong = spider("results", "clear", public, clock.today, "spider-1-classic", "--database", database)
        assert_one_line_error(wrong)
        cleared = spider("results", "clear", public.upper(), clock.today, LEVEL, "--database", database)
        assert cleared.returncode == 0 and "ranked" in cleared.stdout, cleared.stderr
        assert spider("results", "review", "--database", database).stdout == "no results under review\n"
        shown = board(bot, clock)
    assert [(e["rank"], e["you"], e["standing"]) for e in shown["entries"]] == [
        (1, True, "ranked"),
        (2, False, "ranked"),
    ]
    assert shown["apart"] == []


# The operator's command runs as a process on the app's database file: where this run puts every app
# on PostgreSQL instead, the process can't follow it (the play layer's tests cover both stores)
@pytest.mark.sqlite_only
@pytest.mark.quick_command
def test_a_confirmed_review_stays_apart(daily_app: FastAPI, clock: Clock, tmp_path: Path) -> None:
    line = known_deal(clock.today, LEVEL).line
    with browser(daily_app) as bot:
        paced(bot, play(bot, LEVEL), line, clock, 0.05)
        public = board(bot, clock)["apart"][0]["player"]
        confirmed = spider("results", "confirm", public, clock.today, LEVEL, "--database", str(tmp_path / "db.sqlite3"))
        assert confirmed.returncode == 0 and "stays apart" in confirmed.stdout, confirmed.stderr
        shown = board(bot, clock)
    assert shown["entries"] == [] and [e["standing"] for e in shown["apart"]] == ["withheld"]


def test_the_top_bar_tag_stops_counting_once_won_and_after_midnight(daily_app: FastAPI, clock: Clock) -> None:
    line = known_deal(clock.today, LEVEL).line
    with browser(daily_app) as one:
        view = play(one, LEVEL)
        assert view["daily"]["counting"] is True
        won = paced(one, view, line, clock, 1.0)
        assert won["daily"] | {} == {"date": clock.today, "level": LEVEL, "counted": True, "counting": False}
        other = play(one, "spider-1-classic")
        assert other["daily"]["counting"] is True
        clock.next_day()  # the game is still on the table, its day over
        assert one.get(f"/api/games/{other['id']}").json()["daily"]["counting"] is False


def test_the_calendar_leaves_the_days_before_a_new_player_blank(daily_app: FastAPI, clock: Clock) -> None:
    month = clock.today[:7]
    with browser(daily_app, established=False) as newcomer, browser(daily_app) as regular:
        play(newcomer, LEVEL)  # first seen today
        fresh = {d["date"]: d["state"] for d in newcomer.get(f"/api/daily/calendar/{month}").json()["days"]}
        older = {d["date"]: d["state"] for d in regular.get(f"/api/daily/calendar/{month}").json()["days"]}
    before = [day for day in fresh if day < clock.today]
    assert all(fresh[day] == "before" for day in before)
    assert fresh[clock.today] == "today"
    two_days_ago = [day for day in before if day < clock.today and older[day] != "before"]
    assert all(older[day] == "missed" for day in two_days_ago)  # the regular one was there


def test_a_browser_linked_by_a_transfer_code_keeps_the_players_age(daily_app: FastAPI, clock: Clock) -> None:
    line = known_deal(clock.today, LEVEL).line
    clock.moment += 60  # the new browser's first visit comes after the day's deals
    with browser(daily_app) as old, browser(daily_app, established=False) as new:
        code = old.post("/api/player/transfer").json()["code"]
        assert new.post("/api/player/link", json={"code": code}).status_code == 200
        paced(new, play(new, LEVEL), line, clock, 1.0)
        [entry] = board(new, clock)["entries"]
    assert (entry["rank"], entry["standing"], entry["you"]) == (1, "ranked", True)
