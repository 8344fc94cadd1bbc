"""A past day's daily deal step by step along its winning line, every card face up, for the replay
viewer; nothing of it while the day lasts (docs/API.md, Daily deals)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider.daily import LEVELS
from tests.web.daily_deals import Clock, clock_fixture, daily_app_fixture, known_deal  # noqa: F401

LEVEL = "spiderette-1-classic"


@pytest.fixture
def client(daily_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(daily_app) as client:
        yield client


def test_while_the_day_lasts_the_line_is_refused_and_nothing_of_it_shown(client: TestClient, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    tomorrow = Clock(clock.moment)
    tomorrow.next_day()
    for day in (clock.today, tomorrow.today):
        for step in (0, 1, len(deal.line)):
            r = client.get(f"/api/daily/{day}/{LEVEL}/line/{step}")
            assert (r.status_code, r.json()["reason"]) == (404, "not_yet"), (day, step)
            assert r.json()["message"] and "columns" not in r.json()
            assert not any(card in r.text for card in set(deal.deck))  # no card of the deal, face up or down


def test_after_the_day_the_line_shows_every_card_and_ends_won(client: TestClient, clock: Clock) -> None:
    day = clock.today
    clock.next_day()
    deal = known_deal(day, LEVEL)
    first = client.get(f"/api/daily/{day}/{LEVEL}/line/0")
    assert first.status_code == 200, first.text
    table = first.json()
    assert (table["date"], table["level"], table["step"], table["steps"]) == (day, LEVEL, 0, len(deal.line))
    assert table["events"] is None and not table["won"] and table["description"]
    assert all(column["down"] == 0 and column["up"] for column in table["columns"])  # every card face up
    dealt = [card for column in table["columns"] for card in column["up"]]
    assert len(dealt) + table["stock"] == len(deal.deck)
    step = client.get(f"/api/daily/{day}/{LEVEL}/line/1", headers={"Accept-Language": "ru"}).json()
    assert step["events"]["action"] == deal.line[0] and step["description"] != table["description"]
    last = client.get(f"/api/daily/{day}/{LEVEL}/line/{len(deal.line)}").json()
    assert last["won"] and last["removed"] == last["sequences"] and last["events"]["action"] == deal.line[-1]
    assert client.get("/api/daily/" + day).json()["deals"][LEVELS.index(LEVEL)]["line"] == deal.line


def test_bad_steps_dates_and_levels_are_refused(client: TestClient, clock: Clock) -> None:
    day = clock.today
    clock.next_day()
    steps = len(known_deal(day, LEVEL).line)
    refused = {
        f"/api/daily/{day}/{LEVEL}/line/{steps + 1}": (404, "not_found"),
        f"/api/daily/{day}/spider-3-classic/line/0": (404, "not_found"),
        "/api/daily/2000-01-01/spider-1-classic/line/0": (404, "not_found"),  # a day without daily deals
        f"/api/daily/{day[:7]}/{LEVEL}/line/0": (400, "bad_date"),
        f"/api/daily/{day}/{LEVEL}/line/-1": (400, "bad_request"),
    }
    for path, (status, reason) in refused.items():
        r = client.get(path)
        assert (r.status_code, r.json()["reason"]) == (status, reason), path
        assert r.json()["message"]
