"""The player's display name and transfer codes in the settings dialog, as a player (and a screen
reader) finds them: by roles and labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browserkit import WIN_DECK, WIN_LINE, play_through_api, start_deck, status_value
from playwright.sync_api import Locator, Page, expect
from test_access import serious_violations

pytestmark = pytest.mark.browser


def open_settings(page: Page) -> Locator:
    expect(page.locator("body.ready")).to_have_count(1)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    return dialog


def test_a_chosen_name_is_kept_and_a_bad_one_refused_with_its_rule(page: Page) -> None:
    page.goto("/")
    settings = open_settings(page)
    field = settings.get_by_role("textbox", name="Display name")
    expect(field).to_have_attribute(
        "placeholder", re.compile(r"^Player \d{4}$")
    )  # the anonymous name until one is chosen
    anonymous = field.get_attribute("placeholder")
    expect(settings.get_by_text(f"until you choose one you are {anonymous}")).to_be_visible()

    field.fill("ab")
    settings.get_by_role("button", name="Save name").click()
    expect(settings.get_by_role("alert").filter(has_text="3 to 20 characters")).to_be_visible()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    assert serious_violations(page) == []  # the field with its error
    field.fill("Ada!")
    field.press("Enter")  # Enter saves the name (and leaves the dialog open)
    expect(settings.get_by_role("alert").filter(has_text="only letters, digits, spaces")).to_be_visible()
    expect(settings).to_be_visible()

    field.fill("Ada Lovelace")
    settings.get_by_role("button", name="Save name").click()
    expect(settings.get_by_role("status").filter(has_text="Your display name is now Ada Lovelace.")).to_be_visible()
    expect(field).not_to_have_attribute("aria-invalid", "true")
    assert page.request.get("/api/player").json()["name"] == {"display": "Ada Lovelace", "chosen": True}

    page.reload()
    settings = open_settings(page)
    expect(settings.get_by_role("textbox", name="Display name")).to_have_value("Ada Lovelace")


def test_a_transfer_code_links_a_second_browser_to_the_first_player(page: Page, browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/")
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    assert play_through_api(page, WIN_DECK, WIN_LINE)["won"]  # a won game in the first player's statistics
    view = start_deck(page, WIN_DECK, ["deal"] * 4)  # and a game in progress
    page.reload()
    expect(status_value(page, "Moves")).to_have_text("4")
    settings = open_settings(page)
    settings.get_by_role("textbox", name="Display name").fill("First")
    settings.get_by_role("button", name="Save name").click()
    expect(settings.get_by_role("status").filter(has_text="First")).to_be_visible()
    settings.get_by_role("button", name="Get a transfer code").click()
    shown = settings.get_by_role("status").filter(has_text="Your code:")
    expect(shown).to_contain_text("It works once, for 10 minutes.")
    code = shown.locator("strong").inner_text()
    assert len(code) == 9 and code[4] == "-"
    assert serious_violations(page) == []  # the code shown

    second = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800}, locale="en-US")
    try:
        other = second.new_page()
        other.goto("/")
        theirs = open_settings(other)
        link = theirs.get_by_role("textbox", name="Code from another device")
        link.fill("0000-0000")
        theirs.get_by_role("button", name="Use this code").click()
        expect(theirs.get_by_role("alert").filter(has_text="unknown, used or expired")).to_be_visible()
        expect(link).to_be_focused()
        link.fill(code.lower().replace("-", ""))  # typed in lower case, without the dash
        with other.expect_navigation():
            theirs.get_by_role("button", name="Use this code").click()
        expect(other.locator("body.ready")).to_have_count(1)
        expect(status_value(other, "Moves")).to_have_text("4")  # the first browser's game, on this table
        assert other.request.get("/api/stats/spiderette-1-classic").json()["wins"] == 1
        player = other.request.get("/api/player").json()
        assert player["name"] == {"display": "First", "chosen": True}
        assert player["current"]["id"] == view["id"]  # the first browser's game, here now
        theirs = open_settings(other)
        expect(theirs.get_by_role("textbox", name="Display name")).to_have_value("First")
    finally:
        second.close()
    # the code worked once: the first browser cannot use it on itself again
    settings = open_settings(page) if not page.get_by_role("dialog", name="Settings").is_visible() else settings
    settings.get_by_role("textbox", name="Code from another device").fill(code)
    settings.get_by_role("button", name="Use this code").click()
    expect(settings.get_by_role("alert").filter(has_text="unknown, used or expired")).to_be_visible()


def test_the_players_fields_fit_a_phone(browser, base_url: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(
        base_url=base_url, viewport={"width": 360, "height": 640}, locale="en-US", reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        page.goto("/")
        settings = open_settings(page)
        settings.get_by_role("textbox", name="Display name").fill("x")
        settings.get_by_role("button", name="Save name").click()
        expect(settings.get_by_role("alert").filter(has_text="3 to 20")).to_be_visible()
        settings.get_by_role("button", name="Get a transfer code").click()
        expect(settings.get_by_role("status").filter(has_text="Your code:")).to_be_visible()
        settings.get_by_role("group", name="Use on another device").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "names-360x640.png"))
        Path("/tmp/players-names-360x640.png").write_bytes((tmp_path / "names-360x640.png").read_bytes())
        # nothing wider than the dialog, and no two of the fields' parts on top of each other
        report = settings.evaluate("""(dialog) => {
          const inner = dialog.getBoundingClientRect();
          const parts = [...dialog.querySelectorAll('.player-field > *, .transfer-code, .transfer legend')]
            .filter((e) => e.getClientRects().length && e.textContent !== '' || e.tagName === 'INPUT');
          const boxes = parts.map((e) => { const r = e.getBoundingClientRect();
            return { what: e.id || e.tagName + ':' + e.textContent.slice(0, 20),
                     l: r.left, t: r.top, r: r.right, b: r.bottom }; });
          return { width: inner.width, scroll: dialog.scrollWidth, client: dialog.clientWidth, boxes,
                   left: inner.left, right: inner.right };
        }""")
        assert report["scroll"] <= report["client"], report  # no sideways scrolling
        boxes = report["boxes"]
        for box in boxes:
            assert box["l"] >= report["left"] - 0.5 and box["r"] <= report["right"] + 0.5, box
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = (
                    a["r"] <= b["l"] + 0.5 or b["r"] <= a["l"] + 0.5 or a["b"] <= b["t"] + 0.5 or b["b"] <= a["t"] + 0.5
                )
                assert apart, (a, b)
    finally:
        context.close()
