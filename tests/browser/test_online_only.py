"""What needs the server says so calmly while the network is away, and works again once it is back:
the table's note, the Hint button and the menu's deeper hint, solver and demo, Daily deals, Clubs,
the display name and the transfer codes, the statistics' replays and export, a winnable new game,
each named and described as a screen reader finds them; the table plays on meanwhile. The network
is cut (context.set_offline) after the page loaded under its service worker, as on a train."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browserkit import status_value, wait_until
from playwright.sync_api import Browser, Locator, Page, expect

from tests.patience import GENEROUS_MS

pytestmark = pytest.mark.browser

KEPT = "Your game goes on and is saved on this device."


# How many games of the device have actions (or a start) the server has not acknowledged.
PENDING_JS = """() => new Promise((resolve) => {
  const opened = indexedDB.open("spider");
  opened.onsuccess = () => {
    const all = opened.result.transaction("games").objectStore("games").getAll();
    all.onsuccess = () => resolve(all.result.filter((g) => !g.created || g.synced < g.actions.length).length);
  };
})"""


def needs(what: str) -> str:
    return f"{what} {KEPT}"


@pytest.fixture
def away(browser: Browser, base_url: str) -> Iterator[Page]:
    """A page under the bundle's service worker (its files kept), its network not yet cut."""
    context = browser.new_context(
        base_url=base_url, viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    context.set_default_timeout(GENEROUS_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => Boolean(r.active))")
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def offline_note(page: Page) -> Locator:
    """The table's note, in the bar above it (and said once in the page's live region)."""
    return page.get_by_role("banner").get_by_text("Offline: your game goes on and is saved on this device.")


def press(control: Locator) -> None:
    """Press with the keyboard: an aria-disabled control keeps its place in the tab order and answers."""
    control.focus()
    control.page.keyboard.press("Enter")


def menu_item(page: Page, name: str) -> Locator:
    if page.get_by_role("button", name="Menu").get_attribute("aria-expanded") != "true":
        page.get_by_role("button", name="Menu").click()
    return page.locator("#menu").get_by_role("button", name=name, exact=True)


def test_what_needs_the_server_says_so_and_works_again_once_it_is_back(away: Page) -> None:
    page = away
    toolbar = page.get_by_role("navigation", name="Game controls")
    hint = toolbar.get_by_role("button", name="Hint: show a good next move")
    daily = toolbar.get_by_role("button", name="Daily deals")
    expect(hint).to_be_enabled()
    expect(offline_note(page)).to_have_count(0)

    page.context.set_offline(True)
    expect(offline_note(page)).to_be_visible()
    expect(page.locator("#live")).to_have_text(re.compile("^Offline: your game goes on"))
    expect(hint).to_be_disabled()  # aria-disabled: still in the tab order, and it says why
    expect(hint).to_have_accessible_description(needs("Hints need a connection."))
    press(hint)
    reminder = page.locator("#reminder")
    expect(reminder).to_have_text(needs("Hints need a connection."))
    expect(daily).to_have_accessible_description(needs("Daily deals need a connection."))
    press(daily)
    expect(reminder).to_have_text(needs("Daily deals need a connection."))
    expect(page.get_by_role("dialog", name="Daily deals")).to_have_count(0)
    for name, why in [
        ("Deeper hint", "Hints need a connection."),
        ("Can this game still be won?", "The solver needs a connection."),
        ("Demo: let the hints play", "The demo plays the server's hints: it needs a connection."),
        ("Clubs", "Clubs need a connection."),
    ]:
        item = menu_item(page, name)
        expect(item).to_be_disabled()
        expect(item).to_have_accessible_description(needs(why))
    press(menu_item(page, "Clubs"))
    expect(reminder).to_have_text(needs("Clubs need a connection."))
    expect(page.get_by_role("dialog", name="Clubs")).to_have_count(0)

    # the table plays on: a deal and its undo, with no network
    stock = page.get_by_role("button", name=re.compile("^Deal a row"))
    label = stock.get_attribute("aria-label")
    stock.click()
    expect(status_value(page, "Moves")).to_have_text("1")
    expect(stock).not_to_have_attribute("aria-label", label or "")
    toolbar.get_by_role("button", name="Undo").click()
    expect(stock).to_have_attribute("aria-label", label or "")

    menu_item(page, "Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    why = needs("Your display name and transfer codes need a connection.")
    expect(settings.get_by_role("status").filter(has_text=why)).to_be_visible()
    for name in ("Save name", "Get a transfer code", "Use this code"):
        expect(settings.get_by_role("button", name=name)).to_be_disabled()
        expect(settings.get_by_role("button", name=name)).to_have_accessible_description(why)
    settings.get_by_role("button", name="Close").click()

    menu_item(page, "Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    why = needs("Replays, reviews, export and reset need a connection.")
    expect(stats.get_by_role("status").filter(has_text=why)).to_be_visible()
    expect(stats.get_by_role("alert")).to_have_text("")  # no red error
    stats.get_by_role("button", name="Close").click()

    toolbar.get_by_role("button", name="New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    expect(
        dialog.get_by_role("group", name="Deal")
        .get_by_role("status")
        .filter(has_text="Winnable deals need a connection")
    ).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()

    page.context.set_offline(False)  # back: everything works again, with no reload
    expect(offline_note(page)).to_have_count(0)
    expect(hint).to_be_enabled()
    expect(hint).not_to_have_accessible_description(re.compile("connection"))
    hint.click()
    expect(reminder).to_have_text(re.compile("^(?!.*connection)."))
    daily.click()
    dialog = page.get_by_role("dialog", name="Daily deals")
    expect(dialog.get_by_role("heading", name=re.compile("^Today, "))).to_be_visible()
    expect(dialog.get_by_role("status").filter(has_text="need a connection")).to_have_count(0)


def test_a_screen_open_when_the_network_goes_says_so_in_place_and_loads_once_it_is_back(away: Page) -> None:
    page = away
    page.get_by_role("navigation", name="Game controls").get_by_role("button", name="Daily deals").click()
    dialog = page.get_by_role("dialog", name="Daily deals")
    expect(dialog.get_by_role("heading", name=re.compile("^Today, "))).to_be_visible()
    page.context.set_offline(True)
    why = needs("Daily deals need a connection.")
    expect(dialog.get_by_role("status").filter(has_text=why)).to_be_visible()
    board = dialog.get_by_role("button", name="Leaderboard").first
    expect(board).to_be_disabled()
    expect(board).to_have_accessible_description(re.compile(re.escape(why)))
    press(board)  # answered by the note, nothing asked
    expect(dialog.get_by_role("region", name=re.compile("^Leaderboard: "))).to_have_count(0)
    page.context.set_offline(False)
    expect(dialog.get_by_role("status").filter(has_text=why)).to_have_count(0)
    expect(board).to_be_enabled()
    board.click()
    expect(dialog.get_by_role("region", name=re.compile("^Leaderboard: "))).to_be_visible()


def test_a_game_finished_with_no_network_is_listed_not_synced_yet_until_it_is(away: Page) -> None:
    page = away
    page.get_by_role("button", name=re.compile("^Deal a row")).click()  # the game in progress has a move
    expect(status_value(page, "Moves")).to_have_text("1")
    page.context.set_offline(True)
    expect(offline_note(page)).to_be_visible()
    page.get_by_role("navigation", name="Game controls").get_by_role("button", name="New game").click()
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Play").click()
    page.get_by_role("alertdialog", name="Start a new game?").get_by_role("button", name="Start the new game").click()
    expect(status_value(page, "Moves")).to_have_text("0")  # dealt on the device
    bar = page.get_by_role("region", name="Your last game")
    review = bar.get_by_role("button", name="Review this game")
    expect(review).to_be_disabled()
    expect(review).to_have_accessible_description(needs("The review needs a connection."))

    menu_item(page, "Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    row = stats.get_by_role("row").filter(has_text="Not synced yet")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Lost")
    expect(stats.get_by_text("And 1 game not synced yet: it counts once synced.")).to_be_visible()
    stats.get_by_role("button", name="Close").click()

    page.context.set_offline(False)  # the batches go; the screen opened again no longer marks the game
    expect(offline_note(page)).to_have_count(0)
    wait_until(page, lambda: page.evaluate(PENDING_JS) == 0, "the device's games synced")
    menu_item(page, "Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    expect(stats.get_by_text("Loading…")).to_have_count(0)  # loaded: the server's figures and the device's games
    expect(stats.get_by_role("status").filter(has_text="need a connection")).to_have_count(0)
    expect(stats.get_by_role("row").filter(has_text="Not synced yet")).to_have_count(0)
    expect(stats.get_by_text(re.compile("not synced yet"))).to_have_count(0)
