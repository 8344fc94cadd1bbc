"""The installed app (its service worker active) opens with no network: the page's shell from the
worker's cache, drawn from what the last page kept on the device; the shell holds no player's data,
and nothing of the API but the texts and the catalog is ever kept."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import WIN_DECK, WIN_LINE, face_up_names, wait_until
from conftest import _Server
from playwright.sync_api import Browser, BrowserContext, Page, expect

from spider.daily import days
from spider.i18n import browser_catalog
from spider.store import DailyDeal

pytestmark = pytest.mark.browser

# every cache's every request: {cache: [url, …]}
KEPT_JS = """async () => {
  const kept = {};
  for (const name of await caches.keys()) kept[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  return JSON.stringify(kept);
}"""
# the page as the worker keeps it (the registration's scope is the page's address)
SHELL_JS = """async () => {
  const scope = (await navigator.serviceWorker.ready).scope;
  const kept = await caches.match(scope);
  return kept ? kept.text() : null;
}"""

# how many actions the device keeps of its game in play (IndexedDB "spider", store "games"), once the
# page has made the database
DEVICE_ACTIONS_JS = """async () => {
  if (!(await indexedDB.databases()).some((d) => d.name === 'spider')) return null;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('spider');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    const games = await new Promise((resolve) => {
      const all = db.transaction('games').objectStore('games').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    const active = games.filter((g) => g.status === 'active');
    return active.length === 1 ? active[0].actions.length : null;
  } finally {
    db.close();
  }
}"""


def ru(text: str) -> str:
    found = browser_catalog("ru")["messages"][text]
    assert isinstance(found, str)
    return found


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    """The address of an app of the test's own (a worker and its caches are its origin's), with
    today's daily deal of one level."""
    server = _Server(str(tmp_path / "db.sqlite3"), background=False)
    deal = DailyDeal(days.today(), "spiderette-1-classic", WIN_DECK, WIN_LINE, "easy")
    server.app.state.context.store.add_daily_deal(deal, time.time())
    yield server.start() + "/"
    server.stop()


@pytest.fixture
def context(browser: Browser, base: str) -> Iterator[BrowserContext]:
    context = browser.new_context(
        base_url=base, viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    yield context
    context.close()


def first_card(page: Page) -> None:
    expect(page.get_by_role("list", name="Column 1").get_by_role("button").first).to_be_visible()


def installed(context: BrowserContext) -> Page:
    """A page of the installed app: a first visit, its worker active with the shell kept, then the
    page again, now the worker's."""
    page = context.new_page()
    page.goto("/")
    first_card(page)
    wait_until(page, lambda: page.evaluate(SHELL_JS) is not None, "the worker kept the page's shell")
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(page.locator("body.ready")).to_be_attached()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    return page


def switch_to_russian(page: Page) -> None:
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("dialog", name="Settings").get_by_label("Language").select_option("ru")
    settings = page.get_by_role("dialog", name=ru("Settings"))
    expect(settings).to_be_visible()
    settings.get_by_role("button", name=ru("Close")).click()


def test_the_installed_app_opens_with_no_network_in_the_players_language(context: BrowserContext) -> None:
    page = installed(context)
    switch_to_russian(page)
    context.set_offline(True)
    for _ in range(2):
        response = page.reload()
        assert response is not None and response.from_service_worker
        expect(page.locator("body.ready")).to_be_attached()
        # the page's texts are the ones kept: no answer from the server needed
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.get_by_role("button", name=ru("New game"), exact=True)).to_be_visible()
    context.set_offline(False)


def table_of(page: Page) -> tuple[list[list[str]], str | None]:
    """Each column's face-up cards, and the stock's words."""
    columns = page.locator("#tableau .column").count()
    return [face_up_names(page, n) for n in range(1, columns + 1)], page.locator("#stock").get_attribute("aria-label")


def test_the_installed_app_opens_with_no_network_on_the_game_played_before(context: BrowserContext) -> None:
    page = installed(context)
    stock = page.locator("#stock")
    before = stock.get_attribute("aria-label")
    stock.click()
    expect(stock).not_to_have_attribute("aria-label", before or "")
    wait_until(page, lambda: page.evaluate(DEVICE_ACTIONS_JS) == 1, "the device keeps the deal")
    played = table_of(page)
    context.set_offline(True)
    for _ in range(2):
        response = page.reload()
        assert response is not None and response.from_service_worker
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("#tableau .card").first).to_be_visible()
        assert table_of(page) == played
        expect(page.get_by_role("alert")).to_have_count(0)  # no word of a server: the game is the device's
    context.set_offline(False)


def test_with_no_game_on_the_device_and_no_network_the_page_deals_one(context: BrowserContext) -> None:
    page = installed(context)
    page.goto("/static/manifest.webmanifest")  # a page of the site that holds no game open
    page.evaluate("""() => new Promise((resolve, reject) => {
      const deleting = indexedDB.deleteDatabase('spider');
      deleting.onsuccess = resolve;
      deleting.onerror = () => reject(deleting.error);
    })""")
    context.set_offline(True)
    response = page.goto("/")
    assert response is not None and response.from_service_worker
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Deal a row from the stock (50 cards, 5 deals left)")
    first_card(page)
    expect(page.get_by_role("alert")).to_have_count(0)
    wait_until(page, lambda: page.evaluate(DEVICE_ACTIONS_JS) == 0, "the device keeps the new game")
    context.set_offline(False)


def test_with_nothing_kept_and_no_network_the_page_says_so(context: BrowserContext) -> None:
    page = installed(context)
    page.evaluate("() => localStorage.clear()")  # a browser that kept no copy of a page's data yet
    context.set_offline(True)
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(page.get_by_role("alert")).to_contain_text("The server cannot be reached. Check your connection")
    context.set_offline(False)
    page.get_by_role("button", name="Try again").click()
    first_card(page)  # the server's game, once it answers
    expect(page.get_by_role("alert")).to_be_hidden()


def test_the_kept_page_holds_no_boot_block_nor_a_players_data(context: BrowserContext) -> None:
    page = installed(context)
    shell = page.evaluate(SHELL_JS)
    game = page.evaluate("async () => (await (await fetch('api/games/current')).json())")
    player = next(c["value"] for c in context.cookies() if c["name"] == "spider_player")
    assert 'type="module"' in shell and "</html>" in shell  # the page itself
    assert "spider-boot" not in shell
    for secret in (player, game["id"], game["code"]):
        assert secret not in shell


def test_nothing_of_the_api_but_the_texts_and_the_catalog_is_kept(context: BrowserContext, base: str) -> None:
    page = installed(context)
    # a daily deal played, a language chosen, the player asked for: the worker sees them all
    page.get_by_role("navigation", name="Game controls").get_by_role("button", name="Daily deals").click()
    daily = page.get_by_role("dialog", name="Daily deals")
    daily.get_by_role("listitem").filter(
        has=page.get_by_role("heading", name="Spiderette, 1 suit", exact=True)
    ).get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_text("counts for the leaderboard")).to_be_visible()
    page.locator("#stock").click()
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Deal a row from the stock (17 cards, 3 deals left)")
    switch_to_russian(page)
    page.reload()
    expect(page.locator("body.ready")).to_be_attached()
    wait_until(
        page,
        lambda: f"{base}api/i18n/ru" in json.loads(page.evaluate(KEPT_JS)).get("spider-data", []),
        "the Russian texts kept",
    )
    kept = json.loads(page.evaluate(KEPT_JS))
    for cache, urls in kept.items():
        for url in urls:
            assert (
                url.startswith(f"{base}static/dist/")
                or url in (base, f"{base}api/catalog")
                or url.startswith(f"{base}api/i18n/")
            ), (cache, url)


def test_the_browser_routes_the_shell_through_the_worker_and_the_api_past_it(context: BrowserContext) -> None:
    """The static routing API's rules as the browser took them (a rule it refused would leave none):
    the hashed files from the cache, the page and the kept data through the worker, the rest to the
    network without starting it."""
    page = context.new_page()
    versions: dict[str, dict[str, Any]] = {}
    cdp = context.new_cdp_session(page)
    cdp.on("ServiceWorker.workerVersionUpdated", lambda e: versions.update({v["versionId"]: v for v in e["versions"]}))
    cdp.send("ServiceWorker.enable")
    page.goto("/")
    first_card(page)
    wait_until(page, lambda: any(v.get("routerRules") for v in versions.values()), "the worker's routes")
    rules = json.loads(next(v["routerRules"] for v in versions.values() if v.get("routerRules")))
    routes = [(r["condition"]["urlPattern"]["pathname"], r["condition"].get("request"), r["source"]) for r in rules]
    assert routes == [
        ("/static/dist/*", None, ["cache"]),
        ("/", {"mode": "navigate"}, ["fetch-event"]),
        ("/api/i18n/*", {"method": "GET"}, ["fetch-event"]),
        ("/api/catalog", {"method": "GET"}, ["fetch-event"]),
        ("*", None, ["network"]),
    ]
