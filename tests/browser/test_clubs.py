"""Clubs in the browser, as a screen reader user reaches them: a player makes a club from the menu,
a second browser opens its invite link and joins, and a daily deal's board in the club shows the two
of them only, ranked among themselves; a replaced link then fails with its reason in words."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import WIN_DECK, WIN_LINE
from conftest import _Server
from fastapi.testclient import TestClient
from playwright.sync_api import APIRequestContext, Browser, BrowserContext, Locator, Page, expect
from test_access import serious_violations

from spider.daily import days
from spider.store import DailyDeal, Store, token_hash
from tests.conftest import on_postgresql
from tests.postgres import fresh_database
from tests.web.daily_deals import established, established_client, play, win

pytestmark = pytest.mark.browser

LEVEL = "spiderette-1-classic"  # today's deal of it is WIN_DECK, won by WIN_LINE


@pytest.fixture
def club_site(tmp_path: Path) -> Iterator[tuple[str, Store]]:
    """An app with today's deal of LEVEL, won by a player in no club (first on the site's board): its
    address and its store."""
    with fresh_database(tmp_path, on_postgresql()) as database:
        server = _Server(database, background=False)
        store = server.app.state.context.store
        store.add_daily_deal(DailyDeal(days.today(), LEVEL, WIN_DECK, WIN_LINE, "easy"), time.time())
        outsider = established_client(TestClient(server.app), store)
        assert outsider.put("/api/player/name", json={"name": "Outsider"}).status_code == 200
        win(outsider, play(outsider, LEVEL), WIN_LINE)
        yield server.start(), store
        server.stop()


def established_browser(browser: Browser, url: str, store: Store, **options: Any) -> BrowserContext:
    """A browser whose player ranks on today's boards (not a new identity: docs/RULES.md, Fair play)."""
    context = browser.new_context(base_url=url, locale="en-US", **options)
    token = secrets.token_urlsafe(24)
    established(store, token_hash(token))  # the store keeps the token hashed
    context.add_cookies([{"name": "spider_player", "value": token, "url": url}])
    return context


def name_and_play(request: APIRequestContext, name: str, actions: list[str], lose: bool) -> None:
    """The browser's player takes a name and plays today's deal through the API (the table's own
    play is tested elsewhere): all of ``actions``, then a new game if ``lose``."""
    assert request.put("/api/player/name", data={"name": name}).ok
    view = request.post(f"/api/daily/{LEVEL}").json()
    for action in actions:
        view = request.post(
            f"/api/games/{view['id']}/actions", data={"version": view["version"], "action": action}
        ).json()
    if lose:
        assert request.post("/api/games", data={"game": "spider"}).ok


def open_clubs(page: Page) -> Locator:
    expect(page.locator("body.ready")).to_have_count(1)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Clubs").click()
    dialog = page.get_by_role("dialog", name="Clubs")
    expect(dialog).to_be_visible()
    return dialog


def club_board(dialog: Locator) -> Locator:
    dialog.get_by_role("button", name="Leaderboard: Spiderette, 1 suit").click()
    board = dialog.get_by_role("table", name="Tuesday cards: Spiderette, 1 suit")
    expect(board).to_be_visible()
    return board


def test_a_club_made_in_one_browser_is_joined_by_link_in_another_and_ranks_the_two(
    browser: Browser, club_site: tuple[str, Store]
) -> None:
    club_url, store = club_site
    first = established_browser(browser, club_url, store, viewport={"width": 1280, "height": 800})
    second = established_browser(browser, club_url, store, viewport={"width": 360, "height": 640})
    try:
        page = first.new_page()
        page.goto("/")
        expect(page.locator("body.ready")).to_have_count(1)
        name_and_play(page.request, "Ada", WIN_LINE, lose=False)
        dialog = open_clubs(page)
        expect(dialog.get_by_text("You are in no club yet.")).to_be_visible()
        dialog.get_by_role("textbox", name="Club name").fill("ab")
        dialog.get_by_role("button", name="Make a club").click()
        expect(dialog.get_by_role("alert")).to_contain_text("3 to 20 characters")
        dialog.get_by_role("textbox", name="Club name").fill("Tuesday cards")
        dialog.get_by_role("button", name="Make a club").click()
        expect(dialog.get_by_role("heading", name="Tuesday cards")).to_be_focused()
        link = dialog.get_by_role("textbox", name="Invite link").input_value()
        assert link.startswith(club_url) and "#join=" in link
        assert serious_violations(page) == []

        other = second.new_page()
        other.goto(link)
        joining = other.get_by_role("dialog", name="Clubs")
        expect(joining.get_by_text("You were sent an invite link to a club.")).to_be_visible()
        assert "#join=" not in other.url  # the token left the address bar
        joining.get_by_role("button", name="Join the club").click()
        expect(joining.get_by_role("status")).to_have_text("You joined the club Tuesday cards.")
        expect(joining.get_by_role("heading", name="Tuesday cards")).to_be_visible()
        expect(joining.get_by_role("textbox", name="Invite link")).to_have_count(0)  # the owner's only
        name_and_play(other.request, "Bob", WIN_LINE[:1], lose=True)

        board = club_board(joining)
        rows = board.locator("tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_contain_text("Ada")
        expect(rows.nth(0).get_by_role("rowheader")).to_have_text("1")
        expect(rows.nth(1)).to_contain_text("Bob")
        expect(rows.nth(1).get_by_role("rowheader")).to_have_text("2")
        expect(board).not_to_contain_text("Outsider")  # first on the site's board, in no club
        assert serious_violations(other) == []

        # the owner replaces the link: the old one now fails, said in words
        dialog.get_by_role("button", name="New invite link").click()
        expect(dialog.get_by_role("status")).to_have_text("A new invite link: the old one no longer works.")
        stranger = browser.new_context(base_url=club_url, locale="en-US")
        try:
            late = stranger.new_page()
            late.goto(link)
            late.get_by_role("dialog", name="Clubs").get_by_role("button", name="Join the club").click()
            expect(late.get_by_role("dialog", name="Clubs").get_by_role("alert")).to_contain_text(
                "This invite link does not work"
            )
        finally:
            stranger.close()
    finally:
        first.close()
        second.close()
