"""A practice game played with no network and no server: the page plays every action itself (the
browser engine), keeps them on the device and sends them in batches once it can reach the server
again; the server's records then equal the page's, action for action, and its statistics count the
games. With batches cut at 20 seeded random points (before the request reached the server, or after
the server stored it and before its answer came back), no action is lost and none is stored twice."""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    SPIDERETTE1,
    WIN_DECK,
    WIN_LINE,
    card,
    device_games,
    open_new_game,
    send_batches,
    status_value,
    strip,
    unsent,
    wait_until,
)
from conftest import _Server
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from spider.engine import Game
from spider.engine.describe import card_name

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LEVEL = "spiderette-1-classic"

# the page as the service worker keeps it (the registration's scope is the page's address)
SHELL_JS = """async () => {
  const scope = (await navigator.serviceWorker.ready).scope;
  const kept = await caches.match(scope);
  return kept ? kept.text() : null;
}"""


class Server:
    """The app on a port of its own that can be stopped and started again at the same address (a
    fresh process's app on the same database), as a server that went away and came back."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.app = _Server(database, background=False)
        self.port = self.app.port
        self.url = self.app.start()

    def stop(self) -> None:
        self.app.stop()

    def start(self) -> None:
        import uvicorn

        again = _Server(self.database, background=False)
        config = uvicorn.Config(again.app, host="127.0.0.1", port=self.port, log_level="warning", access_log=False)
        again.server = uvicorn.Server(config)
        again.thread = threading.Thread(target=again.server.run, daemon=True)
        again.port = self.port
        again.start()
        self.app = again


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "db.sqlite3"))
    yield running
    running.stop()


@pytest.fixture
def context(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    context = browser.new_context(
        base_url=server.url + "/", viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    yield context
    context.close()


def line_of_fifty() -> list[str]:
    """The winning line of WIN_DECK (29 actions) made 50: a move taken by way of another column (one
    more), and ten undos each followed by its redo, one of them right after the first completed set.
    Checked by the Python engine: the game is won, with its sets completed."""
    line = list(WIN_LINE)
    # the second "5>1": its card goes to column 6 first, then on to column 1
    line[5:6] = ["5>6:1", "6>1:1"]
    for at in (2, 6, 10, 11, 15, 19, 23, 24, 27, 29):  # each spot counts the pairs put in before it
        line[at:at] = ["undo", "redo"]
    game = Game.from_deck(SPIDERETTE1, WIN_DECK)
    for action in line:
        game.apply(action)
    assert len(line) == 50 and game.won
    return line


def installed(context: BrowserContext) -> Page:
    """A page of the installed app: a first visit, its worker active with the shell kept."""
    page = context.new_page()
    page.goto("/")
    expect(page.locator("body.ready")).to_be_attached()
    wait_until(page, lambda: page.evaluate(SHELL_JS) is not None, "the worker kept the page's shell")
    return page


def start_win_deck(page: Page) -> str:
    """A practice game of WIN_DECK made through the API with the page's player, then the page again:
    it goes on with that game, and holds it on the device."""
    made = page.request.post(
        "/api/games", data={"game": "spiderette", "suits": 1, "rules": "classic", "deck": WIN_DECK}
    )
    assert made.status == 201, made.text()
    game_id = made.json()["id"]
    page.reload()
    expect(page.locator("body.ready")).to_be_attached()
    wait_until(page, lambda: any(g["id"] == game_id for g in device_games(page)), "the device holds the game")
    return str(game_id)


def play(page: Page, game: Game, action: str) -> None:
    """Play `action` through the page as a player would (the stock, Undo, the menu's Redo, a tap on
    the group's first card then one on the target column's top card), and wait for its count of moves."""
    if action == "deal":
        page.get_by_role("button", name=re.compile("^Deal a row")).click()
    elif action == "undo":
        page.get_by_role("button", name="Undo").click()
    elif action == "redo":
        page.get_by_role("button", name="Menu").click()
        page.get_by_role("button", name="Redo").click()
    else:
        src, rest = action.split(">")
        dst, _, count = rest.partition(":")
        state = game.state()
        from_up = state["columns"][int(src) - 1]["up"]
        size = int(count) if count else _run_length(from_up)
        onto = state["columns"][int(dst) - 1]["up"]
        first = card(page, int(src), card_name(from_up[-size]))
        first.click(position=strip(first))  # the strip the next card leaves in sight
        if onto:
            card(page, int(dst), card_name(onto[-1])).click()
        else:
            page.get_by_role("button", name=f"Empty column {dst}").click()
        action = f"{src}>{dst}:{size}"  # as the page plays it, with its count
    game.apply(action)
    expect(status_value(page, "Moves")).to_have_text(str(game.view()["moves"]))


def _run_length(up: list[str]) -> int:
    """The length of the run of one suit at the end of a column (what a move without a count takes)."""
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    n = 1
    while n < len(up) and order.index(up[-n - 1][:-1]) == order.index(up[-n][:-1]) + 1:
        n += 1
    return n


def server_record(page: Page, game_id: str) -> dict[str, Any]:
    answer = page.request.get(f"/api/games/{game_id}/record")
    assert answer.status == 200, answer.text()
    return dict(answer.json())


def test_a_game_played_offline_reaches_the_server_action_for_action(context: BrowserContext, server: Server) -> None:
    page = installed(context)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    first_id = start_win_deck(page)
    context.set_offline(True)
    server.stop()
    line = line_of_fifty()
    game = Game.from_deck(SPIDERETTE1, WIN_DECK)
    for action in line:
        play(page, game, action)
    won = page.get_by_role("dialog", name="You won!")
    expect(won).to_be_visible()
    won.get_by_role("button", name="New game").click()
    # a new game with no network: the page deals it
    dialog = open_new_game(page)
    dialog.get_by_role("radio", name="Spiderette", exact=True).check()
    dialog.get_by_role("radio", name="1 suit").check()
    dialog.get_by_role("button", name="Play").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("alert")).to_have_count(0)  # no red banner: the page plays on its own
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(status_value(page, "Moves")).to_have_text("1")
    table = page.locator("#tableau").inner_text()
    second = [g for g in device_games(page) if g["status"] == "active"]
    assert len(second) == 1 and second[0]["actions"] == ["deal"] and not second[0]["created"]
    for _ in range(2):  # the installed app opens on it again, from the device
        response = page.reload()
        assert response is not None and response.from_service_worker
        expect(page.locator("body.ready")).to_be_attached()
        expect(status_value(page, "Moves")).to_have_text("1")
        assert page.locator("#tableau").inner_text() == table
    # back online: the batches go, and the server's records are the page's
    server.start()
    context.set_offline(False)
    wait_until(page, lambda: unsent(page) == 0, "the page sent what it kept")
    assert server_record(page, first_id)["actions"] == game.record()["actions"]
    second_record = server_record(page, second[0]["id"])
    assert second_record["actions"] == ["deal"] and second_record["code"] == second[0]["code"]
    assert page.request.get("/api/games/current").json()["id"] == second[0]["id"]
    stats = page.request.get(f"/api/stats/{LEVEL}").json()
    assert (stats["played"], stats["wins"]) == (1, 1)
    # a new game online ends the second one, which had an action: both games count
    dialog = open_new_game(page)
    dialog.get_by_role("button", name="Play").click()
    page.get_by_role("alertdialog", name="Start a new game?").get_by_role("button", name="Start the new game").click()
    expect(dialog).to_be_hidden()
    stats = page.request.get(f"/api/stats/{LEVEL}").json()
    assert (stats["played"], stats["wins"], stats["losses"]) == (2, 1, 1)
    assert errors == []


def hidden(page: Page) -> None:
    """What the page does when it is hidden or closed: it sends what it keeps (play/sync.js)."""
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")


def test_batches_cut_at_twenty_random_points_lose_nothing_and_repeat_nothing(context: BrowserContext) -> None:
    page = installed(context)
    game_id = start_win_deck(page)
    chance = random.Random(54)
    # which of the first 30 batch requests are cut, and how: before the server hears of it, or after
    # it stored the batch, its answer lost on the way back
    cuts = {n: chance.choice(["before", "after"]) for n in chance.sample(range(30), 20)}
    fates: list[str] = []

    def batch(route: Route) -> None:
        fate = cuts.get(len(fates), "through")
        fates.append(fate)
        if fate == "before":
            route.abort("internetdisconnected")
        elif fate == "after":
            route.fetch()
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/api/games/*/sync", batch)
    game = Game.from_deck(SPIDERETTE1, WIN_DECK)
    for action in line_of_fifty():
        play(page, game, action)
        hidden(page)
    while len(fates) < 30 and unsent(page):  # what was not acknowledged goes again
        asked = len(fates)
        hidden(page)
        wait_until(page, lambda asked=asked: len(fates) > asked or not unsent(page), "the page sent its batch again")
    page.unroute("**/api/games/*/sync")
    send_batches(page)
    assert len([fate for fate in fates if fate != "through"]) == 20
    assert server_record(page, game_id)["actions"] == game.record()["actions"]  # none lost, none twice
    assert page.request.get(f"/api/stats/{LEVEL}").json()["wins"] == 1
