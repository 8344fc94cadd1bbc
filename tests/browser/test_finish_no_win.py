"""Finish where no win is possible, as a player meets it, found by roles and labels: a hand-built
1-suit Spiderette deal is played through the API to a position with nothing hidden from which the
engine's solver proves the game lost. Finish (its button, then F) asks the server, says so in the
reminder and the live region, plays nothing, and leaves the game as playable as it was: Finish is
offered again, and Undo takes back the last deal (Finish then goes, as a card is hidden again).
The solver's third answer, "unknown", comes of Finish's time bound set to nothing (the app runs in
this process): the page says so and plays nothing, and with the bound back Finish wins the game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browserkit import (
    check_line,
    deal_order,
    play_actions,
    send_batches,
    spades,
    start_deck,
    status_value,
    wait_until,
)
from playwright.sync_api import Page, expect

from spider.engine import Game
from spider.jobs import players
from spider.jobs.top_up import SEED_FILE
from spider.solver.search import solve
from tests.patience import GENEROUS
from tests.web.test_finish import open_point

pytestmark = pytest.mark.browser

FINISH = "Finish: play the rest of the game for me"
NO_WIN = "No win is possible from here: undo or start again"

# Columns 2–7 come apart onto column 1 one card at a time (each column's cards climb towards its
# top card): K…A there is a set that leaves the table, column 6's K Q J start column 1 again, and
# column 7's 10…5 go on them. Every card is then face up, one card stays in each of columns 2–7,
# and the four deals cover the table: the tops are A A A 3 3 3 4 (no 2 for an ace, no 5 for the
# 4), and once a 3 goes onto the 4 nothing moves at all. The stock is empty: the game is lost.
LOST_TABLEAU = [
    spades("K"),
    spades("2 Q"),
    spades("2 10 J"),
    spades("2 7 8 9"),
    spades("4 3 4 5 6"),
    spades("4 J Q K A 2"),
    spades("K 5 6 7 8 9 10"),
]
LOST_DEALS = [spades("5 6 7 8 9 10 J"), spades("Q K 5 6 7 8 9"), spades("10 J Q 3 3 3 4"), spades("A A A")]
LOST_DECK = deal_order(LOST_TABLEAU, LOST_DEALS)
UNKNOWN = "The solver found no win from here in the time allowed"
# A shipped 4-suit Spiderette deal whose position with nothing hidden takes the solver more than
# its first round of searching (a fixed count of positions) to win: with no time at all it stops
# there, on any machine
UNDECIDED = "SD1-S4-AAAAQAG"
LOST_LINE = ["2>1"] + ["3>1"] * 2 + ["4>1"] * 3 + ["5>1"] * 4 + ["6>1"] * 5 + ["7>1"] * 6 + ["deal"] * 4


def _record(page: Page, view: dict[str, Any]) -> tuple[int, list[str]]:
    """The game's version and recorded actions, as the server has them."""
    current = page.request.get(f"/api/games/{view['id']}").json()
    record = page.request.get(f"/api/games/{view['id']}/record").json()
    return current["version"], record["actions"]


def _listen(page: Page) -> None:
    """Keep what the live region says, each time it says something (the page empties it first, so
    that the same sentence twice is read twice)."""
    page.get_by_role("status").evaluate(
        """live => {
          window.heard = [];
          new MutationObserver(() => live.textContent && window.heard.push(live.textContent))
            .observe(live, { childList: true, characterData: true, subtree: true });
        }"""
    )


def _heard(page: Page) -> list[str]:
    return page.evaluate("window.heard")


def _asks_finish(page: Page):  # type: ignore[no-untyped-def]
    return page.expect_response(lambda r: r.url.endswith("/finish") and r.request.method == "POST")


def test_the_deal_is_lost_with_nothing_hidden() -> None:
    game = check_line(LOST_DECK, LOST_LINE)
    assert (game.face_down, game.stock_count, game.won, game.removed) == (0, 0, False, 1)
    answer = solve(game, time_limit=GENEROUS)
    assert answer.result == "lost" and answer.nodes > 0  # proved by search: a 3 can still move


def test_finish_says_no_win_is_possible_and_plays_nothing(page: Page) -> None:
    view = start_deck(page, LOST_DECK, LOST_LINE)
    moves = status_value(page, "Moves")
    expect(moves).to_have_text(str(len(LOST_LINE)))
    before = _record(page, view)
    assert before == (view["version"], LOST_LINE)
    finish = page.get_by_role("button", name=FINISH)
    expect(finish).to_be_enabled()
    reminder, live = page.locator("#reminder"), page.get_by_role("status")

    _listen(page)
    with _asks_finish(page) as asked:
        finish.click()
    assert asked.value.status == 200 and asked.value.json()["result"] == "lost"
    expect(reminder).to_have_text(NO_WIN)
    expect(live).to_have_text(NO_WIN)
    wait_until(page, lambda: _heard(page) == [NO_WIN], "the answer was not read out once")
    expect(finish).to_be_focused()  # given back: it was disabled while the server thought
    expect(finish).to_be_enabled()  # the player may ask again: the position is theirs to change
    expect(finish).not_to_have_attribute("aria-busy", "true")
    expect(page.get_by_role("button", name="Hint: show a good next move")).to_be_enabled()
    expect(moves).to_have_text(str(len(LOST_LINE)))
    assert _record(page, view) == before  # nothing was played

    page.keyboard.press("Escape")  # a Finish that is over has nothing to stop
    expect(reminder).to_be_hidden()  # the reminder goes after its time
    with _asks_finish(page) as asked:
        page.keyboard.press("f")
    assert asked.value.json()["result"] == "lost"
    expect(reminder).to_have_text(NO_WIN)
    expect(reminder).to_be_visible()
    wait_until(page, lambda: _heard(page) == [NO_WIN, NO_WIN], "F's answer was not read out")
    expect(finish).to_be_enabled()
    assert _record(page, view) == before

    page.get_by_role("button", name="Undo").click()  # played on the page, sent in a batch
    expect(moves).to_have_text(str(len(LOST_LINE) - 1))
    send_batches(page)
    expect(finish).to_have_count(0)  # the last deal's three cards are in the stock again
    version, actions = _record(page, view)
    assert version == before[0] + 1 and actions == [*LOST_LINE, "undo"]
    page.keyboard.press("d")  # deal them again: Finish is back, and says the same
    expect(finish).to_be_enabled()
    with _asks_finish(page) as asked:
        finish.click()
    assert asked.value.json()["result"] == "lost"
    expect(reminder).to_have_text(NO_WIN)


def _undecided() -> tuple[str, list[str]]:
    """The undecided deal's code and its line up to the first position with nothing hidden."""
    deals = json.loads(SEED_FILE.read_text(encoding="utf-8"))["spiderette-4-classic"]
    line = next(deal["line"] for deal in deals if deal["code"] == UNDECIDED)
    return UNDECIDED, line[: open_point(UNDECIDED, line)]


def test_finish_without_time_to_search_says_so_and_can_be_asked_again(
    page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, line = _undecided()
    game = Game.from_code(code)
    for action in line:
        game.apply(action)
    assert solve(game, time_limit=0).result == "unknown"
    assert solve(game, time_limit=GENEROUS).result == "won"
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    view = play_actions(page, page.request.post("/api/games", data={"code": code}).json(), line)
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    before = _record(page, view)
    finish = page.get_by_role("button", name=FINISH)
    _listen(page)

    monkeypatch.setattr(players, "FINISH_SECONDS", 0.0)
    # the wait for a worker's answer is Finish's bound and the worker's start allowance: a generous
    # allowance, so that a worker process slow to start does not turn the answer into a 503
    monkeypatch.setattr(players, "WORKER_START_SECONDS", GENEROUS)
    with _asks_finish(page) as asked:
        finish.click()
    assert asked.value.status == 200 and asked.value.json()["result"] == "unknown"
    expect(page.locator("#reminder")).to_have_text(UNKNOWN)
    wait_until(page, lambda: _heard(page) == [UNKNOWN], "the answer was not read out once")
    expect(finish).to_be_enabled()
    expect(finish).to_be_focused()
    assert _record(page, view) == before  # nothing was played

    monkeypatch.undo()  # Finish's own bound: the solver wins at once
    with _asks_finish(page) as asked:
        page.keyboard.press("f")
    assert asked.value.json()["result"] == "won"
    expect(page.get_by_role("dialog", name="You won!")).to_be_visible()
    record = page.request.get(f"/api/games/{view['id']}/record").json()
    assert record["actions"][: len(line)] == line and len(record["actions"]) > len(line)
    assert Game.from_record(record).won  # played move by move through the actions route
