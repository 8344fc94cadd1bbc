"""Provably fair daily deals through HTTP: today's answer carries each deal's fingerprint and
nothing that would reveal it; once the day is over the same answer publishes the deck, the salt,
the day's key and the try, and they verify; a deal made before seals says it cannot be verified."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider.daily import days
from spider.daily.deck import day_key
from spider.daily.fairness import fingerprint, verify
from spider.daily.making import find_winnable_try
from spider.daily.secret import daily_secret
from spider.store import DailyDeal, DealSeal, Store
from spider.web.app import create_app
from tests.web.daily_deals import Clock, clock_fixture  # noqa: F401

LEVEL = "spiderette-1-classic"  # the solver proves one in a fraction of a second
SALT = "5a" * 32


def made_deal(store: Store, day: str, level: str = LEVEL, salt: str = SALT) -> DailyDeal:
    """The deal the site would make of ``level`` on ``day``, with its secret: a shuffle of the day's key, proved."""
    secret = daily_secret(store)
    found = find_winnable_try(secret, day, level, 30.0, 10.0)
    assert found is not None
    attempt, deck, line = found
    seal = DealSeal(salt=salt, day_key=day_key(secret, day), attempt=attempt)
    return store.add_daily_deal(DailyDeal(day, level, deck, line, "easy", seal), time.time())


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> FastAPI:
    return create_app(str(tmp_path / "db.sqlite3"), background=False)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def entry_of(answer: dict, level: str = LEVEL) -> dict:  # type: ignore[type-arg]
    return next(d for d in answer["deals"] if d["level"] == level)


def test_today_shows_the_fingerprint_and_nothing_that_reveals_the_deal(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    deal = made_deal(app.state.context.store, clock.today)
    assert deal.seal is not None
    for path in ("/api/daily", f"/api/daily/{clock.today}"):
        r = client.get(path)
        entry = entry_of(r.json())
        assert entry["fingerprint"] == fingerprint(SALT, clock.today, LEVEL, deal.deck)
        assert {"deck", "line", "seal"}.isdisjoint(entry)
        shown = r.text + str(r.headers)
        for secret in (SALT, deal.seal.day_key, " ".join(deal.deck), '"' + '","'.join(deal.deck[:8]) + '"'):
            assert secret not in shown, (path, secret)
    others = [d for d in client.get("/api/daily").json()["deals"] if d["level"] != LEVEL]
    assert all(d["fingerprint"] is None and d["difficulty"] is None for d in others)  # not made yet


def test_once_the_day_is_over_the_seal_is_published_and_verifies(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    day = clock.today
    deal = made_deal(app.state.context.store, day)
    fingerprinted = entry_of(client.get("/api/daily").json())["fingerprint"]
    clock.next_day()
    entry = entry_of(client.get(f"/api/daily/{day}").json())
    assert entry["fingerprint"] == fingerprinted
    assert entry["seal"] == {"salt": SALT, "day_key": deal.seal.day_key, "attempt": deal.seal.attempt}  # type: ignore[union-attr]
    assert entry["deck"]["deck"] == deal.deck and entry["line"] == deal.line
    assert all(check.ok for check in verify(day, entry))
    assert "seal" not in entry_of(client.get("/api/daily").json())  # the new day's deal: nothing yet


def test_a_deal_made_before_seals_says_it_cannot_be_verified(app: FastAPI, client: TestClient, clock: Clock) -> None:
    yesterday = days.shift(clock.today, -1)
    found = find_winnable_try("an old secret", yesterday, LEVEL, 30.0, 10.0)
    assert found is not None
    app.state.context.store.add_daily_deal(DailyDeal(yesterday, LEVEL, found[1], found[2], "easy"), 0.0)
    unsealed = entry_of(client.get(f"/api/daily/{yesterday}").json())
    assert unsealed["fingerprint"] is None and unsealed["seal"] is None and unsealed["deck"]["deck"] == found[1]
    assert [check.what for check in verify(yesterday, unsealed)] == ["the deal is sealed"]
