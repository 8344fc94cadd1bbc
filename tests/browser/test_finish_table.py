"""Finish, perfect games, the clock that starts at the first move and the left-handed layout, as a
player meets them: at a phone's size (390×844) and a wide screen's (1920×1080), found by roles and
labels. A shipped winnable deal is played through the API up to the first position with nothing
hidden; the Finish button (or F) then plays the rest on the page, the game is won, perfect and
unassisted, and its record holds every move."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browserkit import play_actions, sized_page
from playwright.sync_api import Browser, Page, expect

from spider.engine import Game
from spider.jobs.top_up import SEED_FILE
from tests.web.test_finish import open_point

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "wide": (1920, 1080)}
# A 1-suit Spider deal the app ships as winnable, and its line, played up to the first position
# with nothing hidden; Finish plays the rest
SEED = json.loads(SEED_FILE.read_text(encoding="utf-8"))["spider-1-classic"][0]


def _play_code(page: Page, code: str, actions: list[str]) -> dict[str, Any]:
    """Start the deal of ``code`` with the page's player and play ``actions`` one request each."""
    return play_actions(page, page.request.post("/api/games", data={"code": code}).json(), actions)


def _fresh(page: Page) -> None:
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_finish_plays_out_the_game_and_the_win_is_perfect(browser: Browser, base_url: str, size: str) -> None:
    code, line = SEED["code"], SEED["line"]
    start = open_point(code, line)
    with sized_page(browser, base_url, SIZES[size], "en-US") as page:
        _fresh(page)
        view = _play_code(page, code, line[: start - 1])
        page.reload()
        expect(page.locator("body.ready")).to_have_count(1)
        finish = page.get_by_role("button", name="Finish: play the rest of the game for me")
        expect(finish).to_have_count(0)  # a card is still hidden: no Finish on offer
        refused = page.request.post(f"/api/games/{view['id']}/finish")
        assert refused.status == 409 and refused.json()["reason"] == "cards_hidden"

        play_actions(page, view, [line[start - 1]])
        page.reload()
        expect(page.locator("body.ready")).to_have_count(1)
        expect(finish).to_be_visible()
        expect(finish).to_have_attribute("aria-keyshortcuts", "F")
        if size == "phone":
            finish.click()
        else:
            page.keyboard.press("f")
        result = page.get_by_role("dialog", name="You won!")
        expect(result).to_be_visible()
        expect(result.get_by_text("A perfect game: no undo, no hint.")).to_be_visible()
        expect(result.get_by_text("This game was assisted")).to_have_count(0)
        stats = result.locator("#result-stats")
        expect(stats.locator("div", has_text="Perfect games").locator("dd")).to_have_text("1")
        expect(stats.locator("div", has_text="Best perfect streak").locator("dd")).to_have_text("1")
        if size == "wide":
            page.screenshot(path=f"/tmp/finish-shots/won-{size}.png")

        record = page.request.get(f"/api/games/{view['id']}/record").json()
        assert record["actions"][:start] == line[:start] and len(record["actions"]) > start
        replayed = Game.from_record(record)
        assert replayed.won  # the moves Finish played, each through the actions route, won it
        current = page.request.get(f"/api/games/{view['id']}").json()
        assert current["status"] == "won" and current["assisted"] is False and current["perfect"] is True


def test_the_help_lists_the_finish_key_and_says_it_is_not_assisted(page: Page) -> None:
    _fresh(page)
    page.get_by_role("button", name="Help").click()
    help_dialog = page.get_by_role("dialog", name="How to play Spider and Spiderette")
    expect(
        help_dialog.get_by_text("F presses Finish, once no card is face down and the stock is empty.")
    ).to_be_visible()
    expect(help_dialog.get_by_text("the game is not assisted, and a perfect game stays perfect")).to_be_visible()


def test_the_clock_waits_for_the_first_move(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will below
    _fresh(page)
    _play_code(page, SEED["code"], [])
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    time = page.locator("#status .time b")
    page.clock.run_for(5000)  # five seconds of the page's time, its clock's ticks included
    assert time.inner_text() == "00:00"  # a deal left open is not timed
    page.keyboard.press("d")  # the first action: a deal
    expect(page.get_by_role("group", name="Game status")).to_contain_text("Moves 1")
    expect(time).not_to_have_text("00:00")  # now it runs


def _x(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_left_handed_mirrors_the_table_and_is_remembered(browser: Browser, base_url: str, size: str) -> None:
    with sized_page(browser, base_url, SIZES[size], "en-US") as page:
        _fresh(page)
        assert _x(page, "#stock") < _x(page, "#sets")  # right-handed: the stock on the left
        new_game = page.get_by_role("button", name="New game")
        menu = page.get_by_role("button", name="Menu")
        right_handed_toolbar = _x(page, "#btn-new") < _x(page, "#btn-menu")
        page.get_by_role("button", name="Menu").click()
        page.get_by_role("button", name="Settings").click()
        settings = page.get_by_role("dialog", name="Settings")
        with page.expect_response(
            lambda r: r.url.endswith("/api/player/settings") and r.request.method == "PUT"
        ) as saved:
            settings.get_by_role("checkbox", name="Left-handed").check()
        assert saved.value.ok
        settings.get_by_role("button", name="Close").click()
        expect(settings).to_be_hidden()
        expect(page.locator("body.left-handed")).to_have_count(1)
        assert _x(page, "#stock") > _x(page, "#sets")  # the stock on the right, the sets on the left
        if size == "phone":  # the toolbar mirrored too: the menu under the left thumb
            assert right_handed_toolbar and new_game.bounding_box()["x"] > menu.bounding_box()["x"]  # type: ignore[index]
        else:  # a wide screen's toolbar stays where it is
            assert _x(page, "#btn-new") < _x(page, "#btn-menu")
        page.screenshot(path=f"/tmp/finish-shots/left-handed-{size}.png")
        page.reload()
        expect(page.locator("body.ready")).to_have_count(1)
        expect(page.locator("body.left-handed")).to_have_count(1)  # remembered with the player's settings
        assert _x(page, "#stock") > _x(page, "#sets")
