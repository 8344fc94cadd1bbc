"""The game review in Chromium: a game lost by starting a new one offers its review; the review
shows its progress, then says where the game was lost (in a live region) and steps through the
winning line with every card face up. The statistics screen offers it on every past game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserkit import new_game
from conftest import _Server
from playwright.sync_api import Page, expect

from spider.jobs import players
from tests.patience import GENEROUS_MS, generous
from tests.solver.test_review import bad_game

pytestmark = pytest.mark.browser

# Deals at once: lost at its fourth action (docs/FORMATS.md, Game review); positions per probe
# bound the review, so it is the same every run and takes about a second. Its time budget, shared
# out over the probes, is made generous so that positions alone bound them on any machine.
LOST = bad_game("SD1-S2-AAAAAAB", 3, True)
NODES = 5_000
REVIEW_SECONDS = generous(players.REVIEW_SECONDS)


@pytest.fixture
def page(browser, tmp_path: Path) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    server = _Server(str(tmp_path / "db.sqlite3"), review_nodes=NODES, review_seconds=REVIEW_SECONDS)
    url = server.start()
    context = browser.new_context(
        base_url=url, viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    context.set_default_timeout(GENEROUS_MS)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    server.stop()
    assert not errors, f"JavaScript errors on the page: {errors}"


def play_to_a_loss(page: Page) -> None:
    """Play the lost game's actions, continue it on the page, then start a new game: it is lost."""
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)  # a first visit deals a game at once
    view = page.request.post("/api/games", data={"code": LOST["code"]}).json()
    for action in LOST["actions"]:
        view = page.request.post(
            f"/api/games/{view['id']}/actions", data={"action": action, "version": view["version"]}
        ).json()
    page.reload()  # the game goes on in place
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)
    new_game(page, "Spider", "1 suit")


def test_a_lost_game_is_reviewed_and_its_winning_line_stepped_through(page: Page) -> None:
    play_to_a_loss(page)
    bar = page.get_by_role("region", name="Your last game")
    expect(bar.get_by_role("status")).to_have_text(re.compile(r"^Your last game counts as a loss: Spiderette"))
    bar.get_by_role("button", name="Review this game").click()
    dialog = page.get_by_role("dialog", name=re.compile(r"^Game review: Spiderette"))
    expect(dialog.get_by_role("heading", level=2)).to_be_focused()
    said = dialog.get_by_role("region", name="The review in words")
    expect(said).to_have_attribute("aria-live", "polite")
    # what a screen reader hears: the line after undos, the verdict, and the turning point
    expect(said).to_contain_text("The deal could be won from the start.")
    expect(said).to_contain_text("Move 4: a deal from the stock.")
    expect(said).to_contain_text("Before it the deal could still be won; after it, it could not (proved).")
    expect(dialog.get_by_text("Your move there was: Move 4: a deal from the stock.")).to_be_visible()
    expect(bar).to_be_hidden()

    line = dialog.get_by_role("group", name="Replay controls")
    step = dialog.locator(".replay-said")
    expect(step).to_have_text(re.compile(r"^Step 0 of (\d+): The position before your move 4, every card face up\.$"))
    steps = int(re.search(r"of (\d+)", step.inner_text()).group(1))  # type: ignore[union-attr]
    board = dialog.get_by_role("img")
    expect(board.locator(".card.down")).to_have_count(0)  # every card face up: the game is over
    expect(board.locator(".card.up")).not_to_have_count(0)
    line.get_by_role("button", name="Next step").click()
    expect(step).to_have_text(re.compile(rf"^Step 1 of {steps}: "))
    line.get_by_role("button", name="Last step").click()
    expect(step).to_have_text(re.compile(rf"^Step {steps} of {steps}: "))
    expect(board.locator(".card.down")).to_have_count(0)
    dialog.get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)

    # the statistics screen offers it on the past game: stored, it is there at once
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    stats.get_by_role("row").nth(1).get_by_role("button", name=re.compile("^Review the game of")).click()
    review = page.get_by_role("dialog", name=re.compile(r"^Game review: Spiderette"))
    expect(review.get_by_role("region", name="The review in words")).to_contain_text("Move 4: a deal from the stock.")
    review.get_by_role("button", name="Back to statistics").click()
    expect(page.get_by_role("dialog", name="Statistics")).to_be_visible()


def test_a_game_in_play_offers_no_review(page: Page) -> None:
    page.goto("/")
    new_game(page, "Spiderette", "1 suit")
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(page.get_by_role("region", name="Your last game")).to_be_hidden()
    expect(page.get_by_role("button", name="Review this game")).to_have_count(0)
