"""The game review in Chromium: a game lost by starting a new one offers its review; the review
shows its progress, then says where the game was lost (in a live region) and steps through the
winning line with every card face up. The statistics screen offers it on every past game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import new_game, play_actions
from conftest import _Server
from playwright.sync_api import Page, expect

from spider.jobs import players
from spider.solver.review import player_line
from tests.patience import GENEROUS_MS, generous
from tests.solver.test_review import bad_game
from tests.stepped_jobs import SteppedJobs

pytestmark = pytest.mark.browser

# Deals at once: lost at its fourth action (docs/FORMATS.md, Game review); positions per probe
# bound the review, so it is the same every run and takes about a second. Its time budget, shared
# out over the probes, is made generous so that positions alone bound them on any machine.
LOST = bad_game("SD1-S2-AAAAAAB", 3, True)
TURNING = (
    "The game was lost at move 4 (a deal from the stock): before it the deal could still be won, after it it could not."
)
NODES = 5_000
REVIEW_SECONDS = generous(players.REVIEW_SECONDS)


@pytest.fixture
def page(browser, tmp_path: Path) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    yield from _page(browser, tmp_path, {"width": 1280, "height": 800})


@pytest.fixture
def stepped() -> Iterator[SteppedJobs]:
    jobs = SteppedJobs()
    yield jobs
    jobs.close()


@pytest.fixture
def phone(browser, tmp_path: Path, stepped: SteppedJobs) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    """A phone's page on an app whose review job stops after each probe until the test lets it on."""
    yield from _page(browser, tmp_path, {"width": 390, "height": 844}, jobs=stepped)


def _page(browser, tmp_path: Path, viewport: dict[str, int], **app_args: Any) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    server = _Server(str(tmp_path / "db.sqlite3"), review_nodes=NODES, review_seconds=REVIEW_SECONDS, **app_args)
    url = server.start()
    context = browser.new_context(base_url=url, viewport=viewport, locale="en-US", reduced_motion="reduce")
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
    play_actions(page, view, LOST["actions"])
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
    expect(said.get_by_text(TURNING)).to_be_visible()  # one sentence: the move is not said again
    expect(dialog.get_by_text("Your move there was")).to_have_count(0)
    expect(said).not_to_contain_text("somewhere between")
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
    expect(review.get_by_role("region", name="The review in words")).to_contain_text(TURNING)
    review.get_by_role("button", name="Back to statistics").click()
    expect(page.get_by_role("dialog", name="Statistics")).to_be_visible()


def test_a_game_in_play_offers_no_review(page: Page) -> None:
    page.goto("/")
    new_game(page, "Spiderette", "1 suit")
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(page.get_by_role("region", name="Your last game")).to_be_hidden()
    expect(page.get_by_role("button", name="Review this game")).to_have_count(0)


def test_the_review_shows_its_first_answer_at_once_then_refines_it(phone: Page, stepped: SteppedJobs) -> None:
    """The deal's probe answers first (could it be won?) while the search goes on; the review then
    narrows it to the turning point. The job stops after each probe until the test lets it go on,
    so the first answer is on the page however fast the machine is."""
    play_to_a_loss(phone)
    phone.get_by_role("region", name="Your last game").get_by_role("button", name="Review this game").click()
    dialog = phone.get_by_role("dialog", name=re.compile(r"^Game review: Spiderette"))
    said = dialog.get_by_role("region", name="The review in words")
    moves = len(player_line(LOST)[1])
    expect(said.get_by_text("The deal could be won from the start.")).to_be_visible()
    expect(
        said.get_by_text(f"If the game was lost, it was lost somewhere between move 1 and move {moves}.")
    ).to_be_visible()
    expect(dialog.get_by_role("status")).to_have_text(
        re.compile(r"^Reviewing the game: 1 of about \d+ positions checked…$")
    )
    stop = dialog.get_by_role("button", name="Stop the review")
    expect(stop).to_be_visible()  # still working: this is what is known so far
    expect(said).not_to_contain_text("The game was lost at move")
    (job,) = stepped.jobs
    stepped.go_on(job)
    expect(said.get_by_text(TURNING)).to_be_visible()
    expect(said.get_by_text("The deal could be won from the start.")).to_be_visible()
    expect(said).not_to_contain_text("somewhere between")
    expect(stop).to_be_hidden()
    expect(dialog.get_by_role("group", name="Replay controls")).to_be_visible()
