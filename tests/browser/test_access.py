"""Accessibility scans (axe-core) and the promise that no face-down card ever reaches the page."""

from __future__ import annotations

import re

import pytest
from browserkit import column, full_state_of, new_game, send_batches
from playwright.sync_api import Page, expect

from spider.engine import card_name

pytestmark = pytest.mark.browser


def serious_violations(page: Page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            targets = [n.get("target") for n in v.get("nodes", [])][:3]
            found.append(f"{v['id']} ({v['impact']}): {v['help']} at {targets}")
    return found


def test_axe_new_game_dialog_table_and_help(page: Page) -> None:
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    expect(page.locator("#new-stats dl")).to_be_visible()
    assert serious_violations(page) == []
    new_game(page, "Spider", "4 suits")
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(page.get_by_role("status")).to_have_text("Dealt 10 cards.")
    page.get_by_role("list", name="Column 1").get_by_role("button").last.click()  # a selection shows
    assert serious_violations(page) == []
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("button", name="Settings")).to_be_visible()
    assert serious_violations(page) == []
    page.get_by_role("button", name="Help").click()
    help_dialog = page.get_by_role("dialog")
    expect(help_dialog.get_by_role("heading", level=3).first).to_be_visible()
    assert serious_violations(page) == []
    help_dialog.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("dialog", name="Settings")).to_be_visible()
    assert serious_violations(page) == []


def _page_text_everywhere(page: Page) -> str:
    """The whole DOM with every attribute, plus cookies readable by scripts and storage."""
    return page.evaluate("""() => {
        const parts = [document.documentElement.outerHTML, document.cookie,
                       JSON.stringify(Object.assign({}, localStorage)),
                       JSON.stringify(Object.assign({}, sessionStorage))];
        for (const el of document.querySelectorAll('*')) {
            for (const a of el.attributes) parts.push(a.name + '=' + a.value);
            if (el.shadowRoot) parts.push(el.shadowRoot.innerHTML);
        }
        return parts.join('\\n');
    }""")


def _assert_no_face_down_card(page: Page) -> int:
    send_batches(page)  # the page plays a practice game itself: the server's copy catches up first
    game_id = page.request.get("/api/games/current").json()["id"]
    state = full_state_of(page, game_id)
    visible = {c for col in state["columns"] for c in col["up"]}
    hidden = {c for col in state["columns"] for c in col["down"]} | set(state["stock"])
    assert hidden and not hidden & visible  # one deck with four suits: every card is unique
    text = _page_text_everywhere(page)
    found = []
    for c in hidden:
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(c)}(?![A-Za-z0-9])", text):
            found.append(c)
        if re.search(rf"\b{re.escape(card_name(c))}\b", text, re.IGNORECASE):
            found.append(card_name(c))
    assert found == [], f"face-down cards named in the page: {found}"
    # and the page shows every face-up card (so the check above is looking at the right page)
    for c in visible:
        assert card_name(c) in text
    return len(hidden)


def test_no_face_down_card_identity_in_the_page(page: Page) -> None:
    page.goto("/")
    new_game(page, "Spiderette", "4 suits")
    expect(column(page, 7).get_by_role("button")).to_have_count(7)
    assert _assert_no_face_down_card(page) == 45
    stock = page.get_by_role("button", name=re.compile("^Deal a row"))
    stock.click()
    expect(page.get_by_role("status")).to_have_text("Dealt 7 cards.")
    assert _assert_no_face_down_card(page) == 38
    # an undo turns the dealt cards back into the stock: still nothing to see of them
    page.keyboard.press("Control+z")
    expect(page.get_by_role("status")).to_contain_text("Undid the last action.")
    assert _assert_no_face_down_card(page) == 45
    page.keyboard.press("t")  # the table description, announced
    expect(page.get_by_role("status")).to_contain_text("Column 7: 6 face-down")
    assert _assert_no_face_down_card(page) == 45
