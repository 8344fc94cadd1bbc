"""A daily deal stays secret while its day lasts: no answer to its player carries its deck (nor a
run of its face-down cards or stock), its record has no deck, its review and replay wait; once
the day is over the deal and a winning line are shown and the game is reviewed like any other."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider.daily.fairness import fingerprint
from spider.engine import Game, variant_of_level
from tests.web.daily_deals import Clock, act, clock_fixture, daily_app_fixture, known_deal, play  # noqa: F401
from tests.web.procwatch import wait_for

LEVEL = "spider-2-classic"
RUN = 8  # cards in a row of the deal's order that no answer may hold


@pytest.fixture
def client(daily_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(daily_app) as c:
        yield c


def compact(cards: list[str]) -> str:
    return json.dumps(cards, separators=(",", ":"))


def secrets_of(deck: list[str]) -> list[str]:
    """What must not appear in an answer: the deck, its face-down cards and its stock as JSON
    lists, and every run of RUN cards of its order but those within the stock's first row (the
    test deals it: its event names those cards)."""
    v = variant_of_level(LEVEL)
    state = Game.from_deck(v, deck).state()
    down = [card for column in state["columns"] for card in column["down"]]
    stock = list(state["stock"])
    dealt = range(len(deck) - len(stock), len(deck) - len(stock) + v.deals[0])
    runs = [
        compact(deck[i : i + RUN])[1:-1]
        for i in range(len(deck) - RUN + 1)
        if not (i in dealt and i + RUN - 1 in dealt)
    ]
    return [compact(deck), compact(down), compact(stock), compact(stock[::-1]), *runs]


def test_no_answer_carries_the_deal_while_its_day_lasts(client: TestClient, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    assert deal.seal is not None
    hidden = [*secrets_of(deal.deck), deal.seal.salt, deal.seal.day_key, '"seal"', '"salt"', '"day_key"']
    answers: list[tuple[str, str]] = []

    def seen(method: str, path: str, **kwargs: object) -> dict:
        r = client.request(method, path, **kwargs)  # type: ignore[arg-type]
        answers.append((f"{method} {path}", r.text + str(r.headers)))
        return {"http": r.status_code} | (r.json() if r.content else {})

    view = seen("POST", f"/api/daily/{LEVEL}")
    game = view["id"]
    assert view["code"] is None and view["daily"]["counted"]
    for action in deal.line[:3] + ["deal"]:  # a deal turns the stock's first row up
        answer = seen("POST", f"/api/games/{game}/actions", json={"version": view["version"], "action": action})
        assert answer["http"] == 200, answer
        view = answer
    seen("POST", f"/api/games/{game}/hint")
    for path in (f"/api/games/{game}", "/api/games/current", "/api/player", "/api/daily", f"/api/daily/{clock.today}"):
        assert seen("GET", path)["http"] == 200, path
    record = seen("GET", f"/api/games/{game}/record")
    assert "deck" not in record and record.get("code") is None and record["actions"]
    practice = seen("POST", f"/api/games/{game}/restart")
    assert practice["daily"]["counted"] is False and practice["code"] is None
    seen("POST", "/api/games", json={"game": "spiderette"})  # the practice attempt is over too
    history = seen("GET", "/api/history")
    daily_games = [g for g in history["games"] if g["daily"]]
    assert {g["daily"] for g in daily_games} == {clock.today} and all(g["code"] is None for g in daily_games)
    for path in (f"/api/games/{game}/replay/1", f"/api/games/{game}/review/line/0"):
        refused = seen("GET", path)
        assert (refused["http"], refused["reason"]) == (409, "daily_secret"), path
    refused = seen("POST", f"/api/games/{game}/review")
    assert (refused["http"], refused["reason"]) == (409, "daily_secret")
    assert refused["view"]["code"] is None
    seen("GET", f"/api/daily/{clock.today}/{LEVEL}/leaderboard")
    seen("GET", f"/api/daily/calendar/{clock.today[:7]}")
    seen("GET", "/api/stats")
    for what, text in answers:
        for secret in hidden:
            assert secret not in text, f"{what} shows the deal: {secret}"


def test_the_deal_and_a_winning_line_are_shown_once_the_day_is_over(client: TestClient, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    day = clock.today
    view = play(client, LEVEL)
    act(client, view, deal.line[0])
    client.post("/api/games", json={"game": "spiderette"})
    assert client.get(f"/api/games/{view['id']}/replay/1").status_code == 409
    clock.next_day()
    shown = client.get(f"/api/daily/{day}").json()["deals"]
    entry = next(d for d in shown if d["level"] == LEVEL)
    assert entry["deck"] == {"game": "spider", "suits": 2, "rules": "classic", "deck": deal.deck}
    assert entry["line"] == deal.line and entry["result"]["state"] == "lost"
    assert deal.seal is not None and entry["seal"] == vars(deal.seal)
    assert entry["fingerprint"] == fingerprint(deal.seal.salt, day, LEVEL, deal.deck)
    record = client.get(f"/api/games/{view['id']}/record").json()
    assert record["deck"] == deal.deck and Game.from_record(record).moves == 1
    replay = client.get(f"/api/games/{view['id']}/replay/1")
    assert replay.status_code == 200 and replay.json()["events"]["action"] == deal.line[0]
    assert client.get(f"/api/games/{view['id']}/review/line/0").status_code == 404  # not reviewed yet: no secret
    today = client.get("/api/daily").json()
    assert today["date"] == clock.today and all("deck" not in d and "seal" not in d for d in today["deals"])


def test_the_solver_answers_a_daily_deal_without_its_line_while_its_day_lasts(client: TestClient) -> None:
    """A winning line, passed on, would let another player win the day's deal unassisted."""
    view = play(client, "spiderette-1-classic")
    started = client.post(f"/api/games/{view['id']}/solve", json={"time_limit": 20})
    assert started.status_code == 202, started.text
    answer = wait_for(lambda: (s := client.get(f"/api/solves/{started.json()['id']}").json())["state"] == "done" and s)
    assert answer["answer"]["result"] == "won" and answer["answer"]["actions"] == []
    assert client.get("/api/daily").json()["deals"][3]["result"]["assisted"] is True
    plain = client.post("/api/games", json={"game": "spiderette", "code": "SD1-S1-AAAAAAB"}).json()
    started = client.post(f"/api/games/{plain['id']}/solve", json={"time_limit": 20})
    answer = wait_for(lambda: (s := client.get(f"/api/solves/{started.json()['id']}").json())["state"] == "done" and s)
    assert answer["answer"]["result"] == "won" and answer["answer"]["actions"]
