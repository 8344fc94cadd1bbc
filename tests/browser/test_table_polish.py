"""The table at full size and the win's reward: cards that grow with a wide window, a phone's
readable index, no focus ring without the keyboard, the hint's message leaving with its move and
behind dialogs, and a win dialog that names the new bests over a decorative celebration."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browserkit import (
    TALL_DECK,
    TALL_LINE,
    WIN_DECK,
    WIN_LINE,
    card,
    column,
    play_through_api,
    start_deck,
    status_value,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.patience import GENEROUS_MS

pytestmark = pytest.mark.browser

CODE = "SP1-S1C-AAAAAAD"


@pytest.fixture
def sized(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height, motion = request.param
    context: BrowserContext = browser.new_context(
        base_url=base_url, viewport={"width": width, "height": height}, locale="en-US", reduced_motion=motion
    )
    context.set_default_timeout(GENEROUS_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def open_tall_game(page: Page) -> None:
    """Spider whose column 1 holds 5 face-down cards and K…2 face up (court cards included)."""
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    play_through_api(page, TALL_DECK, TALL_LINE, game="spider")
    page.reload()  # the game goes on in place: no dialog
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(column(page, 1).get_by_role("button")).to_have_count(17)


@pytest.mark.parametrize("sized", [(1920, 1080, "reduce")], indirect=True)
def test_cards_span_a_wide_window_and_the_longest_column_fits(sized: Page) -> None:
    page = sized
    open_tall_game(page)
    king = card(page, 1, "king of spades")
    box = king.bounding_box()
    assert box is not None and box["width"] >= 150, box
    # the ten columns span the table's width
    first, last = column(page, 1).bounding_box(), column(page, 10).bounding_box()
    assert first is not None and last is not None
    assert last["x"] + last["width"] - first["x"] >= 1920 * 0.9
    # the longest column's last card ends on screen, and each face-up card shows its index
    two = card(page, 1, "2 of spades").bounding_box()
    assert two is not None and two["y"] + two["height"] <= 1080
    tops = column(page, 1).locator("button.card.up").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().top)")
    index = king.locator(".index.top").bounding_box()
    assert index is not None
    assert min(b - a for a, b in zip(tops, tops[1:], strict=False)) >= index["height"]
    # the top bar's text grew with the cards
    assert page.locator("#status").evaluate("s => parseFloat(getComputedStyle(s).fontSize)") >= 18


@pytest.mark.parametrize("sized", [(390, 844, "reduce")], indirect=True)
def test_a_phones_corner_index_is_thumb_sized_and_court_cards_show_a_face(sized: Page) -> None:
    page = sized
    open_tall_game(page)
    king = card(page, 1, "king of spades")
    size = king.locator(".index.top .rank").evaluate("r => parseFloat(getComputedStyle(r).fontSize)")
    assert size >= 14, size
    face = king.locator("svg.court-face")
    expect(face).to_be_visible()
    face_box, card_box = face.bounding_box(), king.bounding_box()
    assert face_box is not None and card_box is not None
    # beside the index, over the card's height
    assert face_box["width"] >= card_box["width"] * 0.35 and face_box["height"] >= card_box["height"] * 0.8
    # the columns use the height: the longest one reaches past the middle of the window
    two = card(page, 1, "2 of spades").bounding_box()
    assert two is not None and two["y"] + two["height"] > 844 / 2


def test_a_deal_link_opened_without_the_keyboard_shows_no_focus_ring(page: Page) -> None:
    page.goto(f"/?code={CODE}")
    expect(page.locator("#code")).to_have_text(CODE)
    expect(page.get_by_role("dialog")).to_have_count(0)
    focused = page.evaluate("() => document.activeElement && document.activeElement.closest('#tableau') !== null")
    assert focused, "the table has the focus"
    assert page.locator(":focus-visible").count() == 0
    # the keyboard brings the ring back
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tableau :focus-visible")).to_have_count(1)


def test_the_hint_message_leaves_with_its_move_and_hides_behind_a_dialog(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    reminder = page.locator("#reminder")
    page.get_by_role("button", name="Hint", exact=False).first.click()
    expect(reminder).to_be_visible()
    # a dialog covers the table: the message waits hidden
    page.get_by_role("button", name="Help").click()
    help_dialog = page.get_by_role("dialog", name=re.compile("Help|How to play"))
    expect(help_dialog).to_be_visible()
    expect(reminder).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.get_by_role("button", name="Hint", exact=False).first.click()
    expect(reminder).to_be_visible()
    # any action played takes it away
    page.get_by_role("button", name="Undo").click()
    expect(status_value(page, "Moves")).to_have_text("3")
    expect(reminder).to_be_hidden()


def win_in_the_browser(page: Page) -> Page:
    """Win WIN_DECK (its last move played on the page); the result dialog."""
    start_deck(page, WIN_DECK, WIN_LINE[:-1])
    card(page, 6, "ace of spades").dblclick()
    result = page.get_by_role("dialog", name="You won!")
    expect(result).to_be_visible()
    return page


def test_the_win_names_the_new_bests_and_the_streak_over_a_celebration(page: Page) -> None:
    page.clock.install()  # the page's timers and animation frames, run at will below
    # a first win, and a second in a row: its streak is a new best
    play_through_api(page, WIN_DECK, WIN_LINE)
    win_in_the_browser(page)
    result = page.get_by_role("dialog", name="You won!")
    news = result.locator("#result-news")
    expect(news.get_by_role("listitem")).to_contain_text(["Longest streak: 2"])
    expect(news).to_contain_text("Current streak: 2")
    expect(news).not_to_contain_text("Fewest moves!")  # the same moves as the first win
    assert result.get_attribute("aria-describedby") == "result-news"  # read with the dialog
    # won with the mouse: the focus is in the dialog, with no ring
    expect(result.get_by_role("button", name="New game")).to_be_focused()
    assert page.locator(":focus-visible").count() == 0
    # the celebration: decorative, out of the pointer's way, a still picture under reduced motion
    canvas = page.locator("canvas.celebration")
    expect(canvas).to_have_count(1)
    assert canvas.get_attribute("aria-hidden") == "true"
    assert canvas.get_attribute("data-still") == "true"
    assert canvas.evaluate("c => getComputedStyle(c).pointerEvents") == "none"
    painted = "c => c.toDataURL()"
    first = canvas.evaluate(painted)
    page.clock.run_for(2000)  # two seconds of the page's animation frames
    assert canvas.evaluate(painted) == first, "the still celebration moved"
    result.get_by_role("button", name="Close").click()
    expect(result).to_be_hidden()
    expect(canvas).to_have_count(0)


@pytest.mark.parametrize("sized", [(1280, 800, "no-preference")], indirect=True)
def test_a_first_win_names_its_bests_while_cards_bounce(sized: Page) -> None:
    page = win_in_the_browser(sized)
    result = page.get_by_role("dialog", name="You won!")
    expect(result.locator("#result-news").get_by_role("listitem")).to_have_text(
        ["Best time!", "Fewest moves!", "Best score!"]
    )
    canvas = page.locator("canvas.celebration")
    expect(canvas).to_have_count(1)
    assert canvas.get_attribute("aria-hidden") == "true" and canvas.get_attribute("data-still") is None
    # the dialog can be dismissed at once, the animation running behind it
    result.get_by_role("button", name="Close").click()
    expect(result).to_be_hidden()
    expect(canvas).to_have_count(0)
