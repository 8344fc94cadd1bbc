"""Around a game: coming back resumes (reload then Enter keeps the game, no loss), a new deal asks
first when it costs a game in progress, redo (keys and the menu), deal links and sharing them, and
a practice game that plays on when the server cannot be reached."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from browserkit import WIN_DECK, card, face_up_names, send_batches, start_deck, status_value, strip, unsent
from conftest import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

LEVEL = "spiderette-1-classic"
CODE = "SD1-S1-AAAAABD"


def losses(page: Page, level: str = LEVEL) -> int:
    return int(page.request.get(f"/api/stats/{level}").json()["losses"])


def move_eight(page: Page) -> None:
    """After four deals of WIN_DECK: the 8 of spades of column 5 onto the 9 of column 1."""
    eight = card(page, 5, "8 of spades")
    eight.dblclick(position=strip(eight))


def test_a_reload_keeps_the_game_in_place_and_adds_no_loss(page: Page) -> None:
    view = start_deck(page, WIN_DECK, ["deal"] * 4)
    move_eight(page)
    expect(status_value(page, "Moves")).to_have_text("5")
    for _ in range(2):
        page.reload()
        expect(page.locator("body.ready")).to_have_count(1)
        expect(status_value(page, "Moves")).to_have_text("5")
        expect(page.get_by_role("dialog")).to_have_count(0)  # the table, not a dialog over it
        assert page.request.get("/api/games/current").json()["id"] == view["id"]
        assert losses(page) == 0


def test_a_new_deal_asks_first_and_says_it_counts_as_a_loss(page: Page) -> None:
    view = start_deck(page, WIN_DECK, ["deal"])
    before = losses(page)
    page.get_by_role("button", name="New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_role("button", name="Play").click()
    confirm = page.get_by_role("alertdialog", name="Start a new game?")
    expect(confirm).to_contain_text("The game in progress will count as a loss.")
    expect(confirm.get_by_role("button", name="Keep playing")).to_be_focused()
    page.keyboard.press("Enter")  # the safe answer
    expect(confirm).to_have_count(0)
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    assert page.request.get("/api/games/current").json()["id"] == view["id"]
    assert losses(page) == before
    page.get_by_role("button", name="New game").click()
    dialog.get_by_role("button", name="Play").click()
    confirm.get_by_role("button", name="Start the new game").click()
    expect(dialog).to_be_hidden()
    expect(status_value(page, "Moves")).to_have_text("0")
    assert losses(page) == before + 1


def test_redo_with_both_keys_and_the_menu_until_a_new_action(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    move_eight(page)
    expect(status_value(page, "Moves")).to_have_text("5")
    moved = face_up_names(page, 1)
    page.keyboard.press("Control+z")
    expect(status_value(page, "Moves")).to_have_text("4")
    page.keyboard.press("Control+y")
    expect(status_value(page, "Moves")).to_have_text("5")
    assert face_up_names(page, 1) == moved
    expect(page.locator("#live")).to_contain_text("8 of spades")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    expect(status_value(page, "Moves")).to_have_text("3")
    page.keyboard.press("Control+Shift+z")  # the deal comes back first
    expect(status_value(page, "Moves")).to_have_text("4")
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Redo").click()
    expect(status_value(page, "Moves")).to_have_text("5")
    assert face_up_names(page, 1) == moved
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()
    page.keyboard.press("Escape")
    # a new action (the 8 of column 6 instead of column 5's) ends redo
    page.keyboard.press("Control+z")
    expect(status_value(page, "Moves")).to_have_text("4")
    eight = card(page, 6, "8 of spades")
    eight.dblclick(position=strip(eight))
    expect(status_value(page, "Moves")).to_have_text("5")
    page.keyboard.press("Control+y")
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()
    expect(status_value(page, "Moves")).to_have_text("5")


def test_a_deal_link_opens_its_deal_and_asks_when_a_game_is_in_progress(page: Page) -> None:
    page.goto(f"/?code={CODE.lower()}")
    expect(page.locator("#code")).to_have_text(CODE)
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert "code=" not in page.url  # a reload does not open it again
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(status_value(page, "Moves")).to_have_text("1")
    other = "SD1-S1-AAAAABE"
    before = losses(page)
    page.goto(f"/?code={other}")
    confirm = page.get_by_role("alertdialog", name=f"Open the deal {other}?")
    expect(confirm).to_contain_text("The game in progress will count as a loss.")
    confirm.get_by_role("button", name="Keep playing").click()
    expect(page.locator("#code")).to_have_text(CODE)  # the game in progress goes on
    expect(status_value(page, "Moves")).to_have_text("1")
    assert losses(page) == before
    page.goto(f"/?code={other}")
    confirm.get_by_role("button", name="Start the new game").click()
    expect(page.locator("#code")).to_have_text(other)
    assert losses(page) == before + 1


def test_a_bad_deal_link_says_why_at_the_code_field_without_the_loss_warning(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"])  # a game in progress: a good link would ask first
    before = losses(page)
    page.goto("/?code=SP1-S2C-BAD!!")
    dialog = page.get_by_role("dialog", name="New game")
    code = dialog.get_by_role("textbox", name="Game code (optional)")
    expect(code).to_have_value("SP1-S2C-BAD!!")
    expect(page.get_by_role("alertdialog")).to_have_count(0)  # no question about a game it won't replace
    expect(code).to_have_attribute("aria-invalid", "true")
    reason = page.request.get("/api/codes/SP1-S2C-BAD!!").json()["message"]
    # the reason is the field's own description, and sits right under it (not below the fold)
    described = code.evaluate(
        "c => c.getAttribute('aria-describedby').split(' ').map(i => document.getElementById(i).textContent)"
    )
    assert reason in described, described
    error = dialog.locator("#new-code-error")
    expect(error).to_have_text(reason)
    code_box, error_box = code.bounding_box(), error.bounding_box()
    assert code_box and error_box and 0 <= error_box["y"] - code_box["y"] < 120
    expect(error).to_be_in_viewport()
    # the game in progress is on the table behind the dialog and goes on
    dialog.get_by_role("button", name="Cancel").click()
    expect(status_value(page, "Moves")).to_have_text("1")
    assert losses(page) == before


def test_share_copies_a_link_that_opens_the_same_deal(page: Page) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/?code={CODE}")
    expect(page.locator("#code")).to_have_text(CODE)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Share this deal").click()
    expect(page.locator("#reminder")).to_have_text(f"Link to deal {CODE} copied.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?code=" + CODE, link), link
    cards = face_up_names(page, 7)
    second = page.context.new_page()
    second.goto(link)
    expect(second.locator("#code")).to_have_text(CODE)
    assert face_up_names(second, 7) == cards


def test_a_lost_connection_lets_a_practice_game_play_on_and_sends_it_once_back(page: Page) -> None:
    view = start_deck(page, WIN_DECK, ["deal"] * 4)
    page.route("**/api/**", lambda route: route.abort("connectionrefused"))
    move_eight(page)
    expect(status_value(page, "Moves")).to_have_text("5")  # played on the page: no server needed
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    expect(page.locator("#offline")).to_have_count(0)  # no red banner over the table
    assert unsent(page) == 1
    page.unroute("**/api/**")
    send_batches(page)
    actions = page.request.get(f"/api/games/{view['id']}/record").json()["actions"]
    assert actions[:4] == ["deal"] * 4 and len(actions) == 5


def test_a_page_opened_while_the_server_is_away_says_so_instead_of_a_dead_table(page: Page) -> None:
    # the page without the player's data (as when the store did not answer: spider/web/boot.py),
    # and no answer from the API either
    bare = page.request.get("/").text()  # no Sec-Fetch-Dest: the page alone
    assert 'id="spider-boot">null<' in bare
    page.route(re.compile(r"/$"), lambda route: route.fulfill(body=bare, content_type="text/html"))
    page.route("**/api/**", lambda route: route.abort("connectionrefused"))
    page.goto("/")
    expect(page.get_by_role("alert").filter(has_text="The server cannot be reached.")).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.unroute("**/api/**")
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("#tableau .column").first).to_be_visible()  # a game dealt at once
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_the_app_is_installable(page: Page) -> None:
    page.goto("/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href
    manifest_url = urljoin(page.url, href)
    answer = page.request.get(manifest_url)
    assert answer.ok and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    # addresses relative to the manifest, so the app installs under a sub-path too
    assert manifest["display"] == "standalone" and urljoin(manifest_url, manifest["start_url"]) == page.url
    assert manifest["theme_color"] == page.locator("meta[name=theme-color]").get_attribute("content")
    sizes = set()
    for icon in manifest["icons"]:
        image = page.request.get(urljoin(manifest_url, icon["src"]))
        assert image.ok and image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            body = image.body()
            width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes  # what Chromium asks of an installable app


def test_chromium_finds_the_app_installable(browser: Browser, base_url: str, tmp_path: Path) -> None:
    # an installed app needs a profile on disk: Chromium never offers to install from incognito
    context = browser.browser_type.launch_persistent_context(
        tmp_path, executable_path=CHROMIUM, args=CHROMIUM_ARGS, base_url=base_url
    )
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("body.ready")).to_have_count(1)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
