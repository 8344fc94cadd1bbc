"""Languages: chosen from the browser's language, switchable in the settings, applied at once."""

from __future__ import annotations

import pytest
from browserkit import WIN_DECK, start_deck
from playwright.sync_api import Browser, Page, expect

from spider.i18n import browser_catalog

pytestmark = pytest.mark.browser


def ru(text: str, n: int | None = None) -> str:
    found = browser_catalog("ru")["messages"][text]
    if isinstance(found, list):
        assert n is not None
        index = 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
        return found[index].format(n=n)
    return found


def test_switch_to_russian_in_the_settings(page: Page) -> None:
    start_deck(page, WIN_DECK)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("dialog", name="Settings").get_by_label("Language").select_option("ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    settings = page.get_by_role("dialog", name=ru("Settings"))
    expect(settings).to_be_visible()
    settings.get_by_role("button", name=ru("Close")).click()
    expect(page.get_by_role("button", name=ru("New game"), exact=True)).to_be_visible()
    expect(page.get_by_role("list", name=ru("Column {n}").format(n=3))).to_be_visible()
    stock = page.locator("#stock")
    expect(stock).to_have_attribute(
        "aria-label",
        ru("Deal a row from the stock ({cards}, {deals})").format(
            cards=ru("{n} card", 24), deals=ru("{n} deal left", 4)
        ),
    )
    # the server's texts follow: a refusal comes back in Russian
    eight = page.get_by_role("list", name=ru("Column {n}").format(n=7)).get_by_role(
        "button", name=ru("{rank} of spades").format(rank="8"), exact=True
    )
    eight.dblclick()
    expect(page.locator("#reminder")).to_have_text(ru("There is no column where that group can go"))
    # and so does the help page
    page.get_by_role("button", name=ru("Help")).click()
    expect(page.get_by_role("dialog").get_by_role("heading", level=2)).to_have_text(
        page.request.get("/api/help").json()["title"]
    )
    daily = page.get_by_role("dialog").get_by_role("heading", level=3, name=ru("Daily deals"), exact=True)
    expect(daily).to_be_visible()  # the help's last part: the daily deals, in Russian too
    expect(page.get_by_role("dialog").get_by_text("UTC")).to_have_count(1)


def test_first_visit_in_the_browsers_language(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="ru-RU", reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("body.ready")).to_have_count(1)
        page.get_by_role("button", name=ru("New game")).click()
        dialog = page.get_by_role("dialog", name=ru("New game"))
        expect(dialog.get_by_role("button", name=ru("Play"))).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", "ru")
    finally:
        context.close()
