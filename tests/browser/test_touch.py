"""A phone: 360 px wide, touch input (taps, double taps, and a finger drag through CDP)."""

from __future__ import annotations

import pytest
from browserkit import WIN_DECK, box_of, card, face_up_names, press_point, sized_page, start_deck, status_value
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_phone_taps_double_taps_and_finger_drag(browser: Browser, base_url: str) -> None:
    with sized_page(browser, base_url, (360, 740), "en-US", touch=True) as page:
        start_deck(page, WIN_DECK, ["deal"] * 4)
        # a touch screen sends a tapped card at once (tap-to-move, test_rough_edges.py): this player
        # chose to pick cards up with a tap instead
        page.request.put("/api/player/settings", data={"single_tap": False})
        page.reload()
        expect(page.locator("body.ready")).to_have_count(1)
        # every column fits in 360 px, and the visible strip of a face-up card is at least 24 px
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        tops = card(page, 1, "king of spades"), card(page, 1, "queen of spades")
        boxes = [box_of(b) for b in tops]  # the table may be drawn again as the phone's window settles
        assert boxes[1]["y"] - boxes[0]["y"] >= 24
        # a finger drags column 5's run onto column 1
        cdp = page.context.new_cdp_session(page)
        x, y = press_point(card(page, 5, "8 of spades"))
        target = card(page, 1, "9 of spades").bounding_box()
        assert target
        tx, ty = target["x"] + target["width"] / 2, target["y"] + 20
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 9):
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": "touchMove", "touchPoints": [{"x": x + (tx - x) * i / 8, "y": y + (ty - y) * i / 8}]},
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(status_value(page, "Moves")).to_have_text("5")
        assert face_up_names(page, 1)[-1] == "5 of spades"
        # a double tap sends the 4 to the best column
        four = card(page, 5, "4 of spades")
        four.tap()
        four.tap()
        expect(status_value(page, "Moves")).to_have_text("6")
        assert face_up_names(page, 1)[-1] == "4 of spades"
        # tap a card, then tap a column
        card(page, 5, "3 of spades").tap()
        expect(card(page, 5, "3 of spades")).to_have_attribute("aria-pressed", "true")
        card(page, 1, "4 of spades").tap()
        expect(status_value(page, "Moves")).to_have_text("7")
        # the toolbar is within thumb reach at the bottom
        undo = page.get_by_role("button", name="Undo").bounding_box()
        assert undo and undo["y"] > 740 - 80
