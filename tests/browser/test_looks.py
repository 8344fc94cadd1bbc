"""The cards and the table as a player sees them: court cards show their picture, every face has
an index in two corners, and the card back and table colour chosen in the settings are the
player's (kept by the server, so they come back after a reload)."""

from __future__ import annotations

import pytest
from browserkit import WIN_DECK, start_deck
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def _open_settings(page: Page):  # type: ignore[no-untyped-def]
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    return page.get_by_role("dialog", name="Settings")


def _look(page: Page) -> dict:
    return page.evaluate("""() => {
      const body = getComputedStyle(document.body);
      const down = document.querySelector('.card.down');
      return { felt: body.getPropertyValue('--felt').trim(),
               back: down ? getComputedStyle(down).backgroundImage : '' };
    }""")


def test_the_card_back_and_table_colour_are_the_players_choice(page: Page) -> None:
    start_deck(page, WIN_DECK)
    before = _look(page)
    assert "linear-gradient" in before["back"] and before["felt"] == "#0f5a32"
    settings = _open_settings(page)
    backs = settings.get_by_role("group", name="Card back")
    catalog = page.request.get("/api/catalog").json()
    assert backs.get_by_role("radio").evaluate_all("rs => rs.map(r => r.value)") == [
        c["id"] for c in catalog["card_backs"]
    ]
    expect(backs.get_by_role("radio", name="Blue lattice")).to_be_checked()
    backs.get_by_role("radio", name="Red diamonds").check()
    settings.get_by_role("group", name="Table colour").get_by_role("radio", name="Burgundy felt").check()
    expect(page.locator("body.back-red.felt-wine")).to_have_count(1)
    after = _look(page)
    assert "conic-gradient" in after["back"] and after["felt"] == "#6a1f2e"
    # kept by the server: after a reload the table is drawn the same way
    page.wait_for_load_state("networkidle")  # the settings' PUT has been answered
    page.reload()
    page.get_by_role("button", name="Continue").click()
    expect(page.locator("body.back-red.felt-wine")).to_have_count(1)
    settings = page.request.get("/api/player").json()["settings"]
    assert (settings["card_back"], settings["table"]) == ("red", "wine")


def test_court_cards_show_their_picture_and_faces_two_indexes(page: Page) -> None:
    start_deck(page, WIN_DECK)  # columns 1–4 end in a king of spades
    king = page.get_by_role("list", name="Column 1", exact=True).get_by_role("button", name="king of spades")
    art = king.locator("svg.court-art use")
    expect(art).to_have_attribute("href", "/static/art/court-KS.svg#art")
    # the picture has arrived and is drawn: the <use> has the picture's size, not zero
    box = art.evaluate("""(u) => new Promise((resolve) => {
      const started = performance.now();
      const poll = () => {
        const b = u.getBBox();
        if (b.width > 100 || performance.now() - started > 5000) resolve([b.width, b.height]);
        else setTimeout(poll, 50);
      };
      poll();
    })""")
    assert box[0] > 100 and box[1] > 200, box
    # the index top-left and the same index bottom-right, turned half a turn
    corners = king.evaluate("""(card) => {
      const c = card.getBoundingClientRect();
      return [...card.querySelectorAll('.index')].map((i) => {
        const r = i.getBoundingClientRect();
        return { text: i.textContent, left: r.left - c.left, top: r.top - c.top,
                 right: c.right - r.right, bottom: c.bottom - r.bottom, turn: getComputedStyle(i).transform };
      });
    }""")
    top, bottom = corners
    assert top["text"] == bottom["text"] == "K"
    assert top["left"] < 8 and top["top"] < 8
    assert bottom["right"] < 8 and bottom["bottom"] < 8
    assert top["turn"] == "none" and bottom["turn"].startswith("matrix(-1")
