"""Graded winnable deals in the browser (docs/RULES.md, Grades): New game offers the grades, starts a
deal of the one chosen, and the table, the history and the statistics say its grade; at a phone's
size and a wide screen's."""

from __future__ import annotations

import json

import pytest
from browserkit import open_new_game
from playwright.sync_api import Page, expect

from spider.jobs.top_up import SEED_FILE

pytestmark = pytest.mark.browser

SEEDS = json.loads(SEED_FILE.read_text(encoding="utf-8"))
PHONE, WIDE = {"width": 390, "height": 844}, {"width": 1920, "height": 1080}


@pytest.mark.parametrize(
    ("size", "game", "suits", "grade"),
    [(PHONE, "Spiderette", "2 suits", "Expert"), (WIDE, "Spider", "4 suits", "Hard")],
    ids=["phone", "wide"],
)
def test_new_game_offers_the_grades_and_starts_a_graded_deal(
    page: Page, size: dict[str, int], game: str, suits: str, grade: str
) -> None:
    page.set_viewport_size(size)
    page.goto("/")
    dialog = open_new_game(page)
    deal = dialog.get_by_role("group", name="Deal")
    names = ["Any deal", "Winnable: Easy", "Winnable: Medium", "Winnable: Hard", "Winnable: Expert"]
    for name in names:
        expect(deal.get_by_role("radio", name=name, exact=True)).to_be_visible()
    expect(deal.get_by_role("radio", name="Any deal")).to_be_checked()  # as before grades: any deal
    dialog.get_by_role("radio", name=game, exact=True).check()
    dialog.get_by_role("radio", name=suits).check()
    deal.get_by_role("radio", name=f"Winnable: {grade}").check()
    with page.expect_request("**/api/games") as request, page.expect_response("**/api/games") as answer:
        dialog.get_by_role("button", name="Play").click()
    assert json.loads(request.value.post_data or "{}").get("grade") == grade.lower()
    view = answer.value.json()
    expect(dialog).to_be_hidden()
    assert view["proven_winnable"] is True and view["grade"] == grade.lower()
    shipped = {d["code"]: d["line"] for d in SEEDS[f"{view['game']}-{view['suits']}-{view['rules']}"]}
    assert view["code"] in shipped  # a deal of the shipped pool
    badge = page.locator("#topbar").get_by_text(f"Winnable: {grade}", exact=True)
    expect(badge).to_be_visible()  # the table says its grade
    expect(page.locator("#reminder")).to_have_text("The solver has proved that this deal can be won.")
    box = badge.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"]  # on the screen, whatever its width

    # a move, then a new deal: the graded game is lost, and the history and statistics say so
    first = shipped[view["code"]][0]
    moved = page.request.post(f"/api/games/{view['id']}/actions", data={"version": 0, "action": first})
    assert moved.status == 200, moved.text()
    dialog = open_new_game(page)
    expect(dialog.get_by_role("radio", name=f"Winnable: {grade}")).to_be_checked()  # remembered
    dialog.get_by_role("textbox", name="Game code (optional)").fill("SP1-S1C-AAAAAAD")
    expect(dialog.get_by_role("radio", name=f"Winnable: {grade}")).to_be_disabled()  # a code is one exact deal
    with page.expect_request("**/api/games") as request:
        dialog.get_by_role("button", name="Play").click()
    assert "grade" not in json.loads(request.value.post_data or "{}")
    expect(dialog).to_be_hidden()
    expect(badge).to_be_hidden()  # a game code's deal is not graded
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    # the history's row of the graded game says its grade, and lost (a phone shows each row as a card,
    # which is no table row to a screen reader: found by its text there)
    rows = stats.locator(".history-games tbody tr")
    row = rows.filter(has=page.get_by_text(grade, exact=True))
    expect(row).to_have_count(1)
    expect(row.get_by_text("Lost", exact=True)).to_be_visible()
    figures = stats.locator(".history-levels")
    expect(figures.get_by_text(f"Winnable: {grade}", exact=True)).to_be_visible()
    expect(figures.get_by_text("0 % (0 of 1)", exact=True)).to_be_visible()  # the win rate of its grade
