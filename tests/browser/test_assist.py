"""The player's helpers (docs/RULES.md, Hints and the solver) in the browser: the Hint button and
H key, "Can this game still be won?", the winnable deals' grades and the demo, used through roles and
labels."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browserkit import (
    EMPTY_DECK,
    column,
    fetched,
    log_fetches,
    open_new_game,
    start_deck,
    status_value,
    strip,
    wait_until,
)
from playwright.sync_api import Page, Route, expect
from test_access import serious_violations

from spider.engine import Game
from spider.solver import deep_hint, record_hint

pytestmark = pytest.mark.browser

EASY = "SP1-S1C-AAAAAAD"  # Spider, 1 suit: the solver wins it in a fraction of a second
HINT = re.compile(r"^Hint: Move (\d+) cards? from column (\d+) to column (\d+)\.")


def start_code(page: Page, code: str = EASY) -> None:
    page.goto("/")
    dialog = open_new_game(page)
    dialog.get_by_role("textbox", name="Game code (optional)").fill(code)
    dialog.get_by_role("button", name="Play").click()
    expect(dialog).to_be_hidden()


def current(page: Page) -> dict[str, Any]:
    return page.request.get("/api/games/current").json()


def hinted_move(page: Page) -> tuple[int, int, int]:
    """Waits for the hint's announcement; checks the highlight; answers (count, from, to)."""
    live = page.get_by_role("status")
    expect(live).to_have_text(HINT)
    m = HINT.match(live.inner_text())
    assert m
    count, src, dst = (int(g) for g in m.groups())
    cards = column(page, src).locator("button.card.up")
    highlighted = column(page, src).locator("button.hint-card")
    expect(highlighted).to_have_count(count)
    expect(cards.last).to_have_class(re.compile(r"\bhint-card\b"))
    expect(column(page, dst)).to_have_class(re.compile(r"\bhint-target\b"))
    # and the server takes it as a legal move of the current view
    view = current(page)
    group = next(g for g in view["groups"] if g["column"] == src and g["count"] == count)
    assert dst in group["targets"]
    return count, src, dst


def test_hint_button_and_h_key_show_a_legal_move_that_can_be_followed(page: Page) -> None:
    start_code(page)
    page.get_by_role("button", name="Hint", exact=False).first.click()
    count, src, dst = hinted_move(page)
    expect(page.locator("#reminder")).to_have_text(
        f"Move {count} card{'s' if count > 1 else ''} from column {src} to column {dst}"
    )
    # the highlight survives the table being laid out again for a new window size
    drawn = column(page, src).locator("button.hint-card").first.element_handle()
    page.set_viewport_size({"width": 900, "height": 700})
    # the relayout (after the resizing settles) draws the table anew: the old cards leave the page
    page.wait_for_function("card => !card.isConnected", arg=drawn)
    expect(column(page, src).locator("button.hint-card")).to_have_count(count)
    expect(column(page, dst)).to_have_class(re.compile(r"\bhint-target\b"))
    # follow it the non-drag way: pick the cards up, then click the target column
    cards = column(page, src).locator("button.card.up")
    first = cards.nth(cards.count() - count)
    first.click(position=strip(first))  # its strip: the cards on it cover the rest
    column(page, dst).get_by_role("button").last.click()
    expect(status_value(page, "Moves")).to_have_text("1")
    expect(page.locator(".hint-card, .hint-target")).to_have_count(0)  # the next action clears it
    # the H key asks again from the table
    page.get_by_role("list", name=f"Column {dst}").get_by_role("button").last.focus()
    page.keyboard.press("h")
    count, src, dst = hinted_move(page)
    cards = column(page, src).locator("button.card.up")
    first = cards.nth(cards.count() - count)
    first.click(position=strip(first))  # its strip: the cards on it cover the rest
    column(page, dst).get_by_role("button").last.click()
    expect(status_value(page, "Moves")).to_have_text("2")


def test_no_useful_move_and_deal_hints(page: Page) -> None:
    start_code(page)
    answers = iter(
        [
            {"action": "deal", "message": "Deal a new row from the stock"},
            {"action": None, "message": "No useful move: deal, undo or start again"},
        ]
    )
    page.route("**/hint", lambda route: route.fulfill(json=next(answers)))
    page.get_by_role("button", name="Hint", exact=False).first.click()
    expect(page.get_by_role("status")).to_have_text("Hint: Deal a new row from the stock.")
    expect(page.get_by_role("button", name=re.compile("^Deal a row"))).to_have_class(re.compile(r"\bhint-stock\b"))
    page.keyboard.press("h")
    expect(page.get_by_role("status")).to_have_text("Hint: No useful move: deal, undo or start again.")
    expect(page.locator(".hint-card, .hint-target, .hint-stock")).to_have_count(0)


def test_deeper_hint_from_the_menu_and_shift_h_is_the_strong_players(page: Page) -> None:
    """The menu's Deeper hint (and Shift+H) says it is thinking, then shows and announces the
    strong player's move, worked out by a solver worker; on this deal it differs from the quick one."""
    start_code(page, "SP1-S4C-AAAAAAD")
    record = page.request.get(f"/api/games/{current(page)['id']}/record").json()
    strong = deep_hint(Game.from_record(record))
    assert strong and strong != record_hint(Game.from_record(record))
    held: list[Route] = []

    def hold(route: Route) -> None:  # held until the thinking message is checked
        held.append(route)

    page.route("**/hint?deep=true", hold)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Deeper hint").click()
    expect(page.locator("#reminder")).to_have_text("Thinking about a deeper hint…")
    expect(page.get_by_role("status")).to_have_text("Thinking about a deeper hint…")
    # the page says so as it sends the request: the route's handler may run a moment later
    wait_until(page, lambda: held, "the deeper hint's request never came")
    assert len(held) == 1
    held[0].continue_()
    count, src, dst = hinted_move(page)
    assert f"{src}>{dst}:{count}" == strong
    page.unroute("**/hint?deep=true", hold)
    page.keyboard.press("Escape")
    expect(page.locator(".hint-card, .hint-target")).to_have_count(0)
    page.keyboard.press("Shift+H")
    assert hinted_move(page) == (count, src, dst)  # the same position, the same answer
    expect(status_value(page, "Moves")).to_have_text("0")  # asking changes nothing
    # refused (the player's solve still runs): the server's reason is shown and said, no hint marked
    busy = {"reason": "solver_running", "message": "Your last question to the solver is still being answered"}
    page.route("**/hint?deep=true", lambda route: route.fulfill(status=429, json=busy | {"params": {}}))
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+H")
    expect(page.locator("#reminder")).to_have_text(busy["message"])
    expect(page.get_by_role("status")).to_have_text(busy["message"])
    expect(page.locator(".hint-card, .hint-target")).to_have_count(0)


def open_solver(page: Page) -> Any:
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Can this game still be won?").click()
    dialog = page.get_by_role("dialog", name="Can this game still be won?")
    expect(dialog).to_be_visible()
    return dialog


def test_solver_dialog_warns_then_answers_won(page: Page) -> None:
    start_code(page)
    dialog = open_solver(page)
    expect(dialog).to_contain_text("face-down cards")  # it says first that it peeks
    ask = dialog.get_by_role("button", name="Ask the solver")
    expect(ask).to_be_focused()
    assert serious_violations(page) == []
    ask.click()
    expect(dialog.get_by_role("status")).to_have_text("Yes: this game can still be won.")
    expect(dialog).to_contain_text("The solver looked at the face-down cards to answer.")
    assert serious_violations(page) == []
    close = dialog.get_by_role("button", name="Close")
    expect(close).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Menu")).to_be_focused()
    expect(status_value(page, "Moves")).to_have_text("0")  # asking changes nothing


def test_solver_can_be_cancelled_while_it_thinks(page: Page) -> None:
    """Asking starts a job (202); the dialog polls it (held here at "running") and shows its
    progress; closing the dialog sends DELETE for that job, and no poll follows."""
    page.clock.install()  # the page's timers, run at will below
    log_fetches(page)
    start_code(page)
    polls: list[str] = []
    cancels: list[str] = []

    def solves(route: Route) -> None:
        if route.request.method == "DELETE":
            cancels.append(route.request.url)
            route.continue_()  # the real server cancels the real job
        else:  # the job seems to think for ever
            polls.append(route.request.url)
            job = route.request.url.rsplit("/", 1)[1]
            route.fulfill(json={"id": job, "state": "running", "elapsed": 2.0})

    page.route("**/api/solves/*", solves)
    dialog = open_solver(page)
    with page.expect_response("**/solve") as started:
        dialog.get_by_role("button", name="Ask the solver").click()
    assert started.value.status == 202
    job = started.value.json()["id"]
    expect(dialog.get_by_role("progressbar")).to_be_visible()
    expect(dialog.get_by_role("status")).to_contain_text("The solver is thinking")
    wait_until(page, lambda: polls, "the dialog never polled its job")
    assert polls[0].endswith(f"/api/solves/{job}")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    wait_until(page, lambda: cancels, "closing the dialog sent no DELETE")
    assert cancels == [polls[0]]  # the job the dialog waited for, once
    page.clock.run_for(5000)  # longer than the dialog waits between its polls
    # nobody waits for that answer any more (a poll already on its way as it closed comes before)
    calls = fetched(page)
    after = calls[calls.index(f"DELETE /api/solves/{job}") :]
    assert [call for call in after if call.startswith("GET /api/solves/")] == []
    # the table is usable at once, and a new question starts afresh
    page.keyboard.press("Escape")
    dialog = open_solver(page)
    expect(dialog.get_by_role("button", name="Ask the solver")).to_be_visible()
    expect(dialog.get_by_role("status")).to_have_text("")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_any_winnable_grade_is_sent_and_said(page: Page) -> None:
    page.goto("/")
    dialog = open_new_game(page)
    dialog.get_by_role("radio", name="Spiderette", exact=True).check()
    dialog.get_by_role("radio", name="1 suit").check()
    dialog.get_by_role("radio", name="Winnable: Medium").check()
    with page.expect_request("**/api/games") as request, page.expect_response("**/api/games") as answer:
        dialog.get_by_role("button", name="Play").click()
    assert json.loads(request.value.post_data or "{}").get("grade") == "medium"
    view = answer.value.json()
    assert view["game"] == "spiderette" and view["suits"] == 1
    expect(dialog).to_be_hidden()
    reminder = page.locator("#reminder")
    if view["grade"] == "medium":
        expect(reminder).to_have_text("The solver has proved that this deal can be won.")
    else:  # the browser tests share one app, whose pool another test may have emptied of this grade
        expect(reminder).to_contain_text("No deal of grade “Medium” was ready")
    # remembered in this browser; "Any deal" sends no grade
    page.get_by_role("button", name="New game").click()
    expect(dialog.get_by_role("radio", name="Winnable: Medium")).to_be_checked()
    dialog.get_by_role("radio", name="Any deal").check()
    with page.expect_request("**/api/games") as request:
        dialog.get_by_role("button", name="Play").click()
    assert "grade" not in json.loads(request.value.post_data or "{}")
    expect(dialog).to_be_hidden()


def version(page: Page) -> int:
    return int(current(page)["version"])


def test_demo_plays_until_stopped(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will below
    log_fetches(page)
    start_code(page)
    sent: list[str] = []  # the actions the page sent, and those answered (or failed)
    ended: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/actions") else None)
    page.on("requestfinished", lambda r: ended.append(r.url) if r.url.endswith("/actions") else None)
    page.on("requestfailed", lambda r: ended.append(r.url) if r.url.endswith("/actions") else None)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Demo: let the hints play").click()
    stop = page.get_by_role("button", name="Stop the demo")
    expect(stop).to_be_focused()
    expect(status_value(page, "Moves")).to_have_text(re.compile(r"^([3-9]|\d\d+)$"))
    stop.click()
    expect(stop).to_be_hidden()
    expect(page.locator("#reminder")).to_have_text("Demo stopped.")
    # an action already on its way may land; then nothing more is sent
    wait_until(page, lambda: len(ended) == len(sent), "an action of the demo was never answered")
    stopped, asked = version(page), len(fetched(page))
    page.clock.run_for(5000)  # longer than the demo waits between its moves
    assert [call for call in fetched(page)[asked:] if call.endswith(("/hint", "/actions"))] == []
    assert version(page) == stopped
    # Escape stops it too
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Demo: let the hints play").click()
    expect(stop).to_be_visible()
    expect(status_value(page, "Moves")).not_to_have_text(str(stopped))
    page.keyboard.press("Escape")
    expect(stop).to_be_hidden()


def test_demo_stops_by_itself_when_there_is_no_useful_move(page: Page) -> None:
    start_code(page)
    page.route(
        "**/hint",
        lambda route: route.fulfill(json={"action": None, "message": "No useful move: deal, undo or start again"}),
    )
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Demo: let the hints play").click()
    expect(page.locator("#reminder")).to_have_text("Demo stopped: No useful move: deal, undo or start again")
    expect(page.get_by_role("button", name="Stop the demo")).to_be_hidden()
    expect(status_value(page, "Moves")).to_have_text("0")


def test_demo_stops_when_a_position_comes_back(page: Page) -> None:
    # column 1 is a lone queen: onto column 2's king, back to the empty column 1, and so on
    start_deck(page, EMPTY_DECK)
    moves = iter(["1>2:1", "2>1:1", "1>2:1", "2>1:1"])
    page.route("**/hint", lambda route: route.fulfill(json={"action": next(moves), "message": "Move"}))
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Demo: let the hints play").click()
    expect(page.locator("#reminder")).to_have_text("Demo stopped: the same position came back.")
    expect(status_value(page, "Moves")).to_have_text("2")
    expect(page.get_by_role("button", name="Stop the demo")).to_be_hidden()


def test_a_key_of_the_game_takes_over_from_the_demo(page: Page) -> None:
    start_code(page)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Demo: let the hints play").click()
    expect(status_value(page, "Moves")).not_to_have_text("0")
    page.keyboard.press("Tab")  # moving the focus is not taking over
    expect(page.get_by_role("button", name="Stop the demo")).to_be_visible()
    page.keyboard.press("Control+z")
    expect(page.get_by_role("button", name="Stop the demo")).to_be_hidden()
    expect(page.locator("#reminder")).to_have_text("Demo stopped.")
