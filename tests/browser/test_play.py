"""Playing through the browser, found by roles and labels as a screen reader would."""

from __future__ import annotations

import re

import pytest
from browserkit import (
    EMPTY_DECK,
    WIN_DECK,
    card,
    column,
    drag,
    face_up_names,
    new_game,
    send_batches,
    start_deck,
    status_value,
    strip,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LIVE = "#live"


def test_start_each_game_and_suit_count(page: Page) -> None:
    page.goto("/")
    for game, columns, face_down in (("Spider", 10, 44), ("Spiderette", 7, 21)):
        for suits in ("1 suit", "2 suits", "4 suits"):
            new_game(page, game, suits)
            expect(page.get_by_role("list", name=re.compile(r"^Column \d+$"))).to_have_count(columns)
            expect(page.get_by_role("button", name="face-down card", exact=True)).to_have_count(face_down)
            expect(page.locator("#tableau button.card.up")).to_have_count(columns)
            code = page.locator("#code").inner_text()
            prefix = "SP1" if game == "Spider" else "SD1"
            assert code.startswith(f"{prefix}-S{suits[0]}"), code
            expect(page.get_by_role("button", name=re.compile("^Deal a row from the stock"))).to_be_visible()
            expect(status_value(page, "Moves")).to_have_text("0")
            expect(status_value(page, "Score")).to_have_text("500")
    # relaxed rules for Spider with 2 suits, and the moves profile hides the score
    page.get_by_role("button", name="New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_label("Scoring").select_option("moves")
    new_game(page, "Spider", "2 suits", "Relaxed")
    assert page.locator("#code").inner_text().startswith("SP1-S2R-")
    expect(page.locator("#status .stat", has_text="Score")).to_have_count(0)
    expect(status_value(page, "Sets")).to_have_text("0/8")


def test_drag_a_group_and_a_card(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    # column 5 reads 8 7 6 5 of spades: drag the whole run onto the 9 of column 1
    drag(page, card(page, 5, "8 of spades"), card(page, 1, "9 of spades"))
    expect(status_value(page, "Moves")).to_have_text("5")
    assert face_up_names(page, 1)[-5:] == ["9 of spades", "8 of spades", "7 of spades", "6 of spades", "5 of spades"]
    expect(page.locator(LIVE)).to_contain_text("Moved 8 of spades and 3 cards on it onto 9 of spades.")
    expect(page.locator(LIVE)).to_contain_text("Revealed 4 of spades in column 5.")
    # a single card
    drag(page, card(page, 5, "4 of spades"), card(page, 1, "5 of spades"))
    expect(status_value(page, "Moves")).to_have_text("6")
    assert face_up_names(page, 5) == ["3 of spades"]
    assert face_up_names(page, 1)[-1] == "4 of spades"
    # a drop back onto its own column changes nothing
    drag(page, card(page, 5, "3 of spades"), column(page, 5))
    expect(status_value(page, "Moves")).to_have_text("6")


def test_double_click_sends_to_best_and_click_then_click(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4 + ["5>1"])
    card(page, 5, "4 of spades").dblclick()
    expect(status_value(page, "Moves")).to_have_text("6")
    assert face_up_names(page, 1)[-1] == "4 of spades"
    # click a card (it is selected, aria-pressed), then click the column to move it there
    three = card(page, 5, "3 of spades")
    three.click()
    expect(three).to_have_attribute("aria-pressed", "true")
    card(page, 1, "4 of spades").click()
    expect(status_value(page, "Moves")).to_have_text("7")
    assert face_up_names(page, 1)[-1] == "3 of spades"


def test_refused_move_shows_a_reminder(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    ten = card(page, 4, "10 of spades")
    ten.click(position=strip(ten))
    card(page, 6, "5 of spades").click()
    reminder = page.locator("#reminder")
    expect(reminder).to_be_visible()
    expect(reminder).to_have_text("A card goes onto a card one rank higher")
    expect(page.locator(LIVE)).to_have_text("A card goes onto a card one rank higher")
    expect(status_value(page, "Moves")).to_have_text("4")
    # dragging onto a wrong column is refused too; the cards return
    drag(page, card(page, 6, "8 of spades"), card(page, 7, "5 of spades"))
    expect(reminder).to_have_text("A card goes onto a card one rank higher")
    assert face_up_names(page, 6) == ["8 of spades", "7 of spades", "6 of spades", "5 of spades"]


def test_deal_and_deal_refused_with_an_empty_column(page: Page) -> None:
    start_deck(page, EMPTY_DECK)
    stock = page.get_by_role("button", name=re.compile("^Deal a row from the stock"))
    expect(stock).to_have_accessible_name(re.compile("24 cards, 4 deals left"))
    stock.click()
    expect(stock).to_have_accessible_name(re.compile("17 cards, 3 deals left"))
    expect(page.locator(LIVE)).to_have_text("Dealt 7 cards.")
    expect(page.locator("#tableau button.card.up")).to_have_count(14)
    # the D key deals as well
    page.keyboard.press("d")
    expect(stock).to_have_accessible_name(re.compile("10 cards, 2 deals left"))
    # empty column 1 (its queen goes onto column 2's king), then the deal is refused
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Undo").click()
    expect(stock).to_have_accessible_name(re.compile("24 cards, 4 deals left"))
    card(page, 1, "queen of spades").dblclick()
    expect(page.get_by_role("button", name="Empty column 1")).to_be_visible()
    stock.click()
    expect(page.locator("#reminder")).to_have_text("You can't deal while a column is empty")
    expect(stock).to_have_accessible_name(re.compile("24 cards, 4 deals left"))


def test_undo_with_the_button_and_ctrl_z(page: Page) -> None:
    start_deck(page, WIN_DECK)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    stock = page.get_by_role("button", name=re.compile("^Deal a row"))
    for n in range(1, 5):
        stock.click()
        expect(status_value(page, "Moves")).to_have_text(str(n))
    eight = card(page, 5, "8 of spades")
    eight.dblclick(position=strip(eight))  # the run 8 7 6 5 onto the 9 of column 1
    expect(status_value(page, "Moves")).to_have_text("5")
    expect(undo).to_be_enabled()
    undo.click()
    expect(status_value(page, "Moves")).to_have_text("4")
    expect(page.locator(LIVE)).to_contain_text("Undid the last action.")
    assert face_up_names(page, 5) == ["8 of spades", "7 of spades", "6 of spades", "5 of spades"]
    page.keyboard.press("Control+z")
    expect(status_value(page, "Moves")).to_have_text("3")
    expect(page.locator("#tableau button.card.up")).to_have_count(28)
    expect(status_value(page, "Score")).to_have_text("497")
    for n in (2, 1, 0):
        page.keyboard.press("Control+z")
        expect(status_value(page, "Moves")).to_have_text(str(n))
    expect(undo).to_be_disabled()
    expect(page.locator("#tableau button.card.up")).to_have_count(7)


def test_keyboard_play(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    # focus the table (one tab stop), go to column 5's 8 of spades, pick up, go to column 1, place
    first = page.locator("#tableau button[tabindex='0']")
    first.focus()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(page.locator(":focus")).to_have_attribute("data-col", "5")
    while page.evaluate("document.activeElement.getAttribute('aria-label')") != "8 of spades":
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page.locator(LIVE)).to_have_text("Picked up 8 of spades and 3 cards on it.")
    expect(card(page, 5, "8 of spades")).to_have_attribute("aria-pressed", "true")
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    expect(status_value(page, "Moves")).to_have_text("5")
    assert face_up_names(page, 1)[-1] == "5 of spades"
    # Esc cancels a pick-up
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(page.locator("#tableau [aria-pressed='true']")).to_have_count(0)
    # T announces the table description
    page.keyboard.press("t")
    expect(page.locator(LIVE)).to_contain_text("Stock: 0 cards, 0 deals left; no sequence removed.")


def test_single_tap_setting_and_pause(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will below
    start_deck(page, WIN_DECK, ["deal"] * 4)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_label("A single tap sends the cards to the best column").check()
    settings.get_by_label("Four-colour suits: diamonds blue, clubs green").check()
    settings.get_by_role("button", name="Close").click()
    expect(page.locator("body")).to_have_class(re.compile("four-colours"))
    eight = card(page, 5, "8 of spades")
    eight.click(position=strip(eight))
    expect(status_value(page, "Moves")).to_have_text("5")
    assert face_up_names(page, 1)[-1] == "5 of spades"
    # the setting is saved on the server
    assert page.request.get("/api/player").json()["settings"]["single_tap"] is True
    # pause hides the table and stops the timer
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    expect(page.locator("#table-content")).to_be_hidden()
    time_text = status_value(page, "Time").inner_text()
    page.clock.run_for(5000)  # five seconds of the page's time, its clock's ticks included
    assert status_value(page, "Time").inner_text() == time_text
    page.get_by_role("button", name="Resume").click()
    expect(column(page, 1)).to_be_visible()


def test_auto_placement_and_placement_help(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    # while dragging, the columns that accept the run are highlighted (placement help is on)
    eight = card(page, 5, "8 of spades")
    box = eight.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 8)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 30, box["y"] + 60, steps=4)
    accepting = page.locator("#tableau .column.accepts")
    expect(accepting).to_have_count(3)
    assert accepting.evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))") == [
        "Column 1",
        "Column 2",
        "Column 3",
    ]
    page.mouse.up()
    expect(accepting).to_have_count(0)
    # with auto-placement on, a drop where the run cannot go sends it to the best column
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Auto-placement: cards dropped where they cannot go move to the best column").check()
    settings.get_by_role("button", name="Close").click()
    drag(page, card(page, 5, "8 of spades"), card(page, 6, "5 of spades"))
    expect(status_value(page, "Moves")).to_have_text("5")
    assert face_up_names(page, 1)[-1] == "5 of spades"
    assert face_up_names(page, 6)[-1] == "5 of spades"


def test_restart_and_copy_the_code(page: Page) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    new_game(page, "Spider", "2 suits")
    code = page.locator("#code").inner_text()
    page.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(status_value(page, "Moves")).to_have_text("1")
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Restart this deal").click()
    expect(status_value(page, "Moves")).to_have_text("0")
    expect(page.locator("#code")).to_have_text(code)
    page.get_by_role("button", name="Copy the game code").click()
    expect(page.locator("#reminder")).to_have_text(f"Game code {code} copied.")
    assert page.evaluate("navigator.clipboard.readText()") == code
    # the same code typed into the new-game dialog deals the same cards
    before = page.locator("#tableau button.card.up").evaluate_all("bs => bs.map(b => b.dataset.card)")
    page.get_by_role("button", name="New game").click()
    page.get_by_label("Game code (optional)").fill(code.lower())
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#code")).to_have_text(code)
    assert page.locator("#tableau button.card.up").evaluate_all("bs => bs.map(b => b.dataset.card)") == before
    # a malformed code is refused in the dialog
    page.get_by_role("button", name="New game").click()
    page.get_by_label("Game code (optional)").fill("SP1-XX")
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("dialog", name="New game").get_by_label("Game code (optional)")).to_have_attribute(
        "aria-invalid", "true"
    )
    expect(page.get_by_role("alertdialog")).to_have_count(0)  # a bad code is said before any question


def test_a_second_tab_adopts_the_newer_table(context) -> None:  # type: ignore[no-untyped-def]
    first = context.new_page()
    start_deck(first, EMPTY_DECK)
    second = context.new_page()
    second.goto("/")
    expect(second.locator("body.ready")).to_have_count(1)
    first.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(status_value(first, "Moves")).to_have_text("1")
    send_batches(first)
    # the second tab still shows the old table and plays on it; its batch is stale: it shows the
    # newer table, and says that its own move was not kept
    expect(status_value(second, "Moves")).to_have_text("0")
    card(second, 1, "queen of spades").click()
    card(second, 2, "king of spades").click()
    expect(status_value(second, "Moves")).to_have_text("1")
    send_batches(second)
    reminder = second.locator("#reminder")
    expect(reminder).to_contain_text("played on in another window")
    expect(reminder).to_contain_text("1 action played here was not kept")
    expect(second.locator("#tableau button.card.up")).to_have_count(14)  # the deal's, not the move's
    second.get_by_role("button", name=re.compile("^Deal a row")).click()
    expect(status_value(second, "Moves")).to_have_text("2")
