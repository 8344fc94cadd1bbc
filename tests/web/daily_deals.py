"""Daily deals for the web tests without the solver: each level's deal is a shipped winnable deal
(spider/jobs/winnable.json) written out as a deck, stored as that day's deal, and the app's one
clock (``spider.clock.now``, which ``days.now`` reads) is a moment the test sets. A test module imports the fixtures
``clock_fixture`` and ``daily_app_fixture`` to use ``clock`` and ``daily_app``."""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider import clock
from spider.daily import LEVELS, days
from spider.daily.deck import day_key
from spider.engine import Game, card_text
from spider.jobs.top_up import SEED_FILE
from spider.store import DailyDeal, DealSeal, GameRow, Store, token_hash
from spider.web.app import create_app

SEEDS = json.loads(SEED_FILE.read_text(encoding="utf-8"))
DAY = 86400.0
SECRET = "the web tests' daily secret"


def known_deal(day: str, level: str, which: int = 0) -> DailyDeal:
    """A shipped deal as ``day``'s deal, sealed with a salt of its own and the day's key (its deck is
    no shuffle of that key: what needs a deal that verifies makes one, tests/web/test_daily_fairness.py)."""
    seed = SEEDS[level][which]
    deck = [card_text(card) for card in Game.from_code(seed["code"]).deck or ()]
    salt = hashlib.sha256(f"{day}|{level}|{which}".encode()).hexdigest()
    seal = DealSeal(salt=salt, day_key=day_key(SECRET, day), attempt=0)
    return DailyDeal(day=day, level=level, deck=deck, line=list(seed["line"]), difficulty="easy", seal=seal)


@dataclass
class Clock:
    """The app's clock: starts at the real moment; the store writes the moments the app passes."""

    moment: float = field(default_factory=time.time)

    def now(self) -> float:
        return self.moment

    @property
    def today(self) -> str:
        return days.day_of(self.moment)

    def next_day(self, count: int = 1) -> None:
        self.moment += count * DAY


@pytest.fixture(name="clock")
def clock_fixture(monkeypatch: pytest.MonkeyPatch) -> Clock:
    frozen = Clock()
    monkeypatch.setattr(clock, "now", frozen.now)
    return frozen


def store_deals(store: Store, day: str, which: int = 0) -> dict[str, DailyDeal]:
    """Every level's deal of ``day``, stored."""
    made = clock.now()  # the app's clock: players first seen after it are new on its boards
    return {level: store.add_daily_deal(known_deal(day, level, which), made) for level in LEVELS}


@pytest.fixture(name="daily_app")
def daily_app_fixture(tmp_path: Path, clock: Clock) -> FastAPI:
    """An app (no schedule) with every level's deal of the clock's today stored."""
    app = create_app(str(tmp_path / "db.sqlite3"), background=False)
    store = app.state.context.store
    store_deals(store, clock.today)
    return app


def play(client: TestClient, level: str) -> dict[str, Any]:
    r = client.post(f"/api/daily/{level}")
    assert r.status_code == 201, r.text
    return r.json()


def act(client: TestClient, view: dict[str, Any], action: str) -> dict[str, Any]:
    r = client.post(f"/api/games/{view['id']}/actions", json={"version": view["version"], "action": action})
    assert r.status_code == 200, r.text
    return r.json()


def win(client: TestClient, view: dict[str, Any], line: list[str], clock: Clock | None = None) -> dict[str, Any]:
    """Play ``line``; with ``clock``, a second apart (a person's pace: a win played faster, by a
    program, is under review, docs/RULES.md, Fair play)."""
    for action in line:
        if clock is not None:
            clock.moment += 1.0
        view = act(client, view, action)
    assert view["status"] == "won"
    return view


def established(store: Store, player: str) -> None:
    """Make ``player`` one who ranks on today's boards (docs/RULES.md, Fair play): first seen two days
    before the app's clock, with a game finished then."""
    then = clock.now() - 2 * DAY
    store.add_player(player, then)
    row = GameRow(
        id=secrets.token_urlsafe(12),
        player=player,
        level="spider-1-classic",
        profile="standard",
        code="SP1-S1C-AAAAAAD",
        deck=None,
        status="lost",
        moves=1,
        created=then,
        finished=then + 60,
    )
    store.create_game(row)


def established_client(client: TestClient, store: Store) -> TestClient:
    """The test client as an established player's browser (its cookie holds the player's token)."""
    token = secrets.token_urlsafe(24)
    established(store, token_hash(token))  # the store keeps the token hashed
    client.cookies.set("spider_player", token)
    return client
