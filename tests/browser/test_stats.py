"""The statistics the dialogs show, from games played through the API with the page's player."""

from __future__ import annotations

import pytest
from browserkit import WIN_DECK, WIN_LINE, play_through_api
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_one_win_in_a_hundred_games_shows_a_win_rate_of_one_percent(page: Page) -> None:
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    for _ in range(99):
        play_through_api(page, WIN_DECK, ["deal"])  # started, then abandoned by the next new game: a loss
    won = play_through_api(page, WIN_DECK, WIN_LINE)
    assert won["won"]
    stats = page.request.get("/api/stats/spiderette-1-classic").json()
    assert (stats["played"], stats["wins"], stats["win_rate"]) == (100, 1, 1.0)  # a percentage

    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    page.get_by_role("button", name="New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_role("radio", name="Spiderette", exact=True).check()
    dialog.get_by_role("radio", name="1 suit").check()
    box = dialog.locator("#new-stats")
    expect(box.locator("h3")).to_have_text("Your statistics: Spiderette, 1 suit (Easy)")
    expect(box.locator("div", has_text="Played").locator("dd")).to_have_text("100")
    expect(box.locator("div", has_text="Win rate").locator("dd")).to_have_text("1 %")
