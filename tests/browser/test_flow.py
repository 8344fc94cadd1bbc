"""Whole games: a win with its result screen and statistics, CONTINUE after a reload, and an
abandoned deal counted as a loss."""

from __future__ import annotations

import re

import pytest
from browserkit import WIN_DECK, WIN_LINE, card, drag, face_up_names, new_game, start_deck, status_value, strip
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def test_win_shows_the_result_and_updated_stats(browser: Browser, base_url: str) -> None:
    # full motion here (the other tests run with reduced motion): the flight and the cascade
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        start_deck(page, WIN_DECK, WIN_LINE[:-2])
        expect(status_value(page, "Sets")).to_have_text("3/4")
        expect(page.get_by_role("img", name="Completed sequences: 3 of 4")).to_be_visible()
        drag(page, card(page, 2, "2 of spades"), card(page, 1, "3 of spades"))
        expect(status_value(page, "Moves")).to_have_text("28")
        card(page, 6, "ace of spades").dblclick()
        result = page.get_by_role("dialog", name="You won!")
        expect(result).to_be_visible()
        expect(result.locator("dt", has_text="Moves").locator("xpath=following-sibling::dd").first).to_have_text("29")
        expect(result.locator("dt", has_text="Score").locator("xpath=following-sibling::dd").first).to_have_text("871")
        expect(result.locator("dt", has_text="Sequences").locator("xpath=following-sibling::dd")).to_have_text("4/4")
        expect(result.get_by_role("heading", name="Your statistics: Spiderette, 1 suit")).to_be_visible()
        expect(result).not_to_contain_text("assisted")  # a game played by the player counts
        stats = result.locator("#result-stats")
        expect(stats.locator("div", has_text="Wins").locator("dd")).to_have_text("1")
        expect(stats.locator("div", has_text="Best score").locator("dd")).to_have_text("871")
        expect(stats.locator("div", has_text="Fewest moves").locator("dd")).to_have_text("29")
        expect(page.locator("#live")).to_contain_text("You won!")
        # no game left to continue
        assert page.request.get("/api/player").json()["current"] is None
        result.get_by_role("button", name="New game").click()
        expect(page.get_by_role("dialog", name="New game")).to_be_visible()
        assert not errors, errors
    finally:
        context.close()


def test_reload_and_continue_keeps_the_undo_history(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    eight = card(page, 5, "8 of spades")
    eight.dblclick(position=strip(eight))
    expect(status_value(page, "Moves")).to_have_text("5")
    expect(status_value(page, "Time")).not_to_have_text("00:00")  # the clock has run a second
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)  # the game goes on in place
    expect(status_value(page, "Moves")).to_have_text("5")
    assert status_value(page, "Time").inner_text() != "00:00"
    assert face_up_names(page, 1)[-1] == "5 of spades"
    undo = page.get_by_role("button", name="Undo")
    for n in (4, 3, 2, 1, 0):
        undo.click()
        expect(status_value(page, "Moves")).to_have_text(str(n))
    expect(undo).to_be_disabled()
    expect(page.locator("#tableau button.card.up")).to_have_count(7)


def test_abandoning_a_started_deal_counts_a_loss(page: Page) -> None:
    page.goto("/")
    new_game(page, "Spiderette", "2 suits")
    level = "spiderette-2-classic"
    assert page.request.get(f"/api/stats/{level}").json()["losses"] == 0
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(status_value(page, "Moves")).to_have_text("1")
    page.get_by_role("button", name="New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    stats = dialog.locator("#new-stats")
    expect(stats.locator("div", has_text="Losses").locator("dd")).to_have_text("0")
    dialog.get_by_role("button", name="Play").click()
    page.get_by_role("alertdialog", name="Start a new game?").get_by_role("button", name="Start the new game").click()
    expect(dialog).to_be_hidden()
    assert page.request.get(f"/api/stats/{level}").json()["losses"] == 1
    # the dialog shows it too; a new deal without an action does not count
    page.get_by_role("button", name="New game").click()
    expect(stats.locator("div", has_text="Losses").locator("dd")).to_have_text("1")
    expect(stats.locator("div", has_text="Played").locator("dd")).to_have_text("1")
    dialog.get_by_role("button", name="Play").click()
    expect(dialog).to_be_hidden()
    assert page.request.get(f"/api/stats/{level}").json()["losses"] == 1
