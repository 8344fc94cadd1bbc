"""The cards and the table as a player sees them: court cards show their picture, every face has
an index in two corners, and the card back and table colour chosen in the settings are the
player's (kept by the server, so they come back after a reload)."""

from __future__ import annotations

import re

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
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.locator("body.back-red.felt-wine")).to_have_count(1)
    settings = page.request.get("/api/player").json()["settings"]
    assert (settings["card_back"], settings["table"]) == ("red", "wine")


def test_court_cards_show_their_picture_and_faces_two_indexes(page: Page) -> None:
    start_deck(page, WIN_DECK)  # columns 1–4 end in a king of spades
    king = page.get_by_role("list", name="Column 1", exact=True).get_by_role("button", name="king of spades")
    art = king.locator("svg.court-art use")
    # its own file: the bundle's, named by its hash (static/art/court-KS.svg in development mode)
    expect(art).to_have_attribute("href", re.compile(r"^static/(art/court-KS|dist/court-KS-[\w-]+)\.svg#art$"))
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


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (768, 1024), (1920, 1080)])
def test_the_body_of_a_face_keeps_clear_of_both_indexes(page: Page, size: tuple[int, int]) -> None:
    """At every card size the pips (or the picture, or the one large pip or face of a small card)
    stay apart from the corner indexes (a compact card has only the top one), and everything stays
    inside the card."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start_deck(page, WIN_DECK, ["deal"])  # a king, queens and smaller spades at the ends of the columns
    faces = page.locator(".column .slot-li:last-child .card.up")
    expect(faces.first).to_be_visible()
    report = faces.evaluate_all("""(cards) => cards.map((card) => {
      const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      const shown = [...card.querySelectorAll('.body, .big')].filter((e) => getComputedStyle(e).display !== 'none');
      const bottom = card.querySelector('.index.bottom');
      return { name: card.getAttribute('aria-label'), card: box(card), body: shown.map(box),
               top: box(card.querySelector('.index.top')),
               bottom: getComputedStyle(bottom).display === 'none' ? null : box(bottom),
               court: card.querySelector('.face.court') !== null };
    })""")
    assert len(report) == 7

    def apart(a: list[float], b: list[float]) -> bool:
        return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]

    def inside(a: list[float], c: list[float]) -> bool:
        return a[0] >= c[0] - 0.5 and a[1] >= c[1] - 0.5 and a[2] <= c[2] + 0.5 and a[3] <= c[3] + 0.5

    for face in report:
        assert len(face["body"]) == 1, face  # the body or the large pip, never both
        body = face["body"][0]
        assert apart(body, face["top"]), face
        # a court card's picture runs under its bottom index, which sits on a patch of card
        if face["bottom"] is not None and not face["court"]:
            assert apart(body, face["bottom"]), face
        for part in (body, face["top"], face["bottom"]):
            assert part is None or inside(part, face["card"]), face
