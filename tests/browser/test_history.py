"""The statistics screen in Chromium: the figures of every level played, the chart, the list of past
games, the step-through replay, export as JSON and CSV, and reset with a confirmation."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from browserkit import WIN_DECK, WIN_LINE, fetched, log_fetches, play_through_api, start_deck
from playwright.sync_api import Page, expect
from test_access import serious_violations

pytestmark = pytest.mark.browser

LEVEL = "Spiderette, 1 suit (Easy)"
PLAY_EVERY_MS = 800  # between a playing replay's steps (history/replay-model.js)


def played_two_and_playing_one(page: Page, spider_loss: bool = False) -> dict:
    """A loss and a win of Spiderette with 1 suit (and a loss of Spider), then a game being
    played; the win's view."""
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    play_through_api(page, WIN_DECK, ["deal"])  # lost once the next game starts
    if spider_loss:
        spider = page.request.post("/api/games", data={"code": "SP1-S1C-AAAAAAD"}).json()
        dealt = page.request.post(f"/api/games/{spider['id']}/actions", data={"action": "deal", "version": 0})
        assert dealt.status == 200
    won = play_through_api(page, WIN_DECK, WIN_LINE)
    assert won["won"]
    start_deck(page, WIN_DECK, ["deal", "deal"])
    return won


def open_statistics(page: Page, games: int = 2):  # type: ignore[no-untyped-def]
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog.get_by_role("row")).to_have_count(1 + games)  # the header and the games
    return dialog


def test_the_statistics_screen_shows_levels_chart_and_past_games(page: Page) -> None:
    played_two_and_playing_one(page, spider_loss=True)
    dialog = open_statistics(page, games=3)
    figures = dialog.get_by_role("region", name=LEVEL)
    expect(figures.locator("div", has_text="Played").locator("dd")).to_have_text("2")
    expect(figures.locator("div", has_text="Win rate").locator("dd")).to_have_text("50 %")
    spider = dialog.get_by_role("region", name="Spider, 1 suit (Easy)")
    expect(spider.locator("div", has_text="Losses").locator("dd")).to_have_text("1")
    expect(dialog.get_by_role("img", name=re.compile(r"over 3 games: 1 won"))).to_be_visible()
    rows = dialog.get_by_role("row")
    newest, oldest = rows.nth(1), rows.nth(3)
    expect(newest.get_by_role("cell").nth(3)).to_have_text("Won")
    expect(newest.get_by_role("cell").nth(4)).to_have_text(str(len(WIN_LINE)))
    expect(newest.get_by_role("cell").nth(1)).to_have_text(LEVEL)
    expect(rows.nth(2).get_by_role("cell").nth(1)).to_have_text("Spider, 1 suit (Easy)")
    expect(oldest.get_by_role("cell").nth(3)).to_have_text("Lost")
    expect(oldest.get_by_role("cell").nth(4)).to_have_text("1")
    assert serious_violations(page) == []
    # the level filter keeps that level's games (and charts them); the screen closes back to the game
    dialog.get_by_label("Level", exact=True).select_option(label=LEVEL)
    expect(dialog.get_by_role("row")).to_have_count(3)
    expect(dialog.get_by_role("img", name=re.compile(r"over 2 games: 1 won"))).to_be_visible()
    dialog.get_by_label("Level", exact=True).select_option(label="Spider, 1 suit (Easy)")
    expect(dialog.get_by_role("row")).to_have_count(2)
    dialog.get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_a_finished_game_replays_step_by_step_from_the_server(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will below
    log_fetches(page)
    played_two_and_playing_one(page)
    dialog = open_statistics(page)
    dialog.get_by_role("row").nth(1).get_by_role("button", name=re.compile("^Replay the game of")).click()
    dialog = page.get_by_role("dialog", name=re.compile(f"^Replay: {re.escape(LEVEL)}, "))
    expect(dialog.get_by_role("heading", level=2)).to_be_focused()
    said = dialog.get_by_role("status")
    expect(said).to_have_text(f"Step 0 of {len(WIN_LINE)}: The deal.")
    board = dialog.locator(".replay-board")
    game_id = page.request.get("/api/history").json()["games"][0]["id"]
    first = page.request.get(f"/api/games/{game_id}/replay/0").json()
    expect(board).to_have_attribute("aria-label", first["description"])
    expect(board.locator(".card.down")).to_have_count(sum(c["down"] for c in first["columns"]))
    expect(board.locator(".card.up")).to_have_count(sum(len(c["up"]) for c in first["columns"]))

    dialog.get_by_role("button", name="Next step").click()
    expect(said).to_have_text(f"Step 1 of {len(WIN_LINE)}: Dealt 7 cards.")
    slider = dialog.get_by_role("slider", name="Step")
    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(said).to_contain_text(f"Step 2 of {len(WIN_LINE)}: Dealt 7 cards.")
    step = page.request.get(f"/api/games/{game_id}/replay/2").json()
    expect(board).to_have_attribute("aria-label", step["description"])
    dialog.get_by_role("button", name="Last step").click()
    expect(said).to_contain_text(f"Step {len(WIN_LINE)} of {len(WIN_LINE)}: ")
    expect(said).to_contain_text("You won!")
    expect(board.locator(".card")).to_have_count(0)  # every sequence left the table
    dialog.get_by_role("button", name="Previous step").click()
    expect(said).to_contain_text(f"Step {len(WIN_LINE) - 1} of")
    assert serious_violations(page) == []
    # Play steps on by itself until Pause
    dialog.get_by_role("button", name="First step").click()
    expect(said).to_contain_text("Step 0 of")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # the page's time stands still, but for...
    dialog.get_by_role("button", name="Play").click()
    page.clock.run_for(2 * PLAY_EVERY_MS)  # ...two steps' worth
    expect(said).to_contain_text("Step 2 of")  # the step wanted is the step shown: none is on its way
    dialog.get_by_role("button", name="Pause").click()
    paused_at, asked = said.text_content(), len(fetched(page))
    page.clock.run_for(5000)  # six steps' time: a replay still playing shows the next step, or asks for it
    assert said.text_content() == paused_at
    assert [call for call in fetched(page)[asked:] if "/replay/" in call] == []
    page.clock.resume()
    expect(dialog.get_by_role("button", name="Play")).to_be_visible()

    dialog.get_by_role("button", name="Back to statistics").click()
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog.get_by_role("heading", name="Statistics")).to_be_focused()
    expect(dialog.get_by_role("row")).to_have_count(3)


def test_export_as_json_and_csv(page: Page) -> None:
    won = played_two_and_playing_one(page)
    dialog = open_statistics(page)
    with page.expect_download() as got:
        dialog.get_by_role("button", name="Export JSON").click()
    assert got.value.suggested_filename == "spider-statistics.json"
    exported = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert [g["result"] for g in exported["games"]] == ["won", "lost"]
    assert exported["games"][0]["id"] == won["id"] and exported["games"][0]["moves"] == len(WIN_LINE)
    assert exported["levels"]["spiderette-1-classic"]["played"] == 2
    with page.expect_download() as got:
        dialog.get_by_role("button", name="Export CSV").click()
    assert got.value.suggested_filename == "spider-games.csv"
    rows = list(csv.DictReader(io.StringIO(Path(got.value.path()).read_text(encoding="utf-8"))))
    assert [(r["result"], r["moves"], r["level"]) for r in rows] == [
        ("won", str(len(WIN_LINE)), "spiderette-1-classic"),
        ("lost", "1", "spiderette-1-classic"),
    ]
    assert rows[0]["finished"].endswith("Z") and rows[0]["assisted"] == "no"


def test_reset_asks_first_and_keeps_the_game_being_played(page: Page) -> None:
    played_two_and_playing_one(page)
    current = page.request.get("/api/games/current").json()["id"]
    dialog = open_statistics(page)
    dialog.get_by_role("button", name="Reset statistics…").click()
    confirm = page.get_by_role("alertdialog", name="Reset statistics?")
    expect(confirm).to_contain_text("This forgets 2 finished games")
    expect(confirm.get_by_role("button", name="Cancel")).to_be_focused()
    page.keyboard.press("Escape")
    expect(confirm).to_have_count(0)
    assert page.request.get("/api/history").json()["total"] == 2  # nothing forgotten
    expect(dialog.get_by_role("button", name="Reset statistics…")).to_be_focused()

    dialog.get_by_role("button", name="Reset statistics…").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Reset", exact=True).click()
    expect(dialog.get_by_text("No finished games yet.")).to_be_visible()
    expect(dialog.get_by_role("row")).to_have_count(0)
    assert page.request.get("/api/stats").json() == {"levels": {}}
    assert page.request.get("/api/games/current").json()["id"] == current
    dialog.get_by_role("button", name="Close").click()
    expect(page.get_by_role("button", name=re.compile("^Deal a row"))).to_be_enabled()


def test_the_screen_speaks_the_players_language(page: Page) -> None:
    played_two_and_playing_one(page)
    page.request.put("/api/player/settings", data={"lang": "fi"})
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    page.get_by_role("button", name="Valikko").click()
    page.get_by_role("button", name="Tilastot").click()
    dialog = page.get_by_role("dialog", name="Tilastot")
    expect(dialog.get_by_role("row")).to_have_count(3)
    expect(dialog.get_by_role("row").nth(1).get_by_role("cell").nth(3)).to_have_text("Voitto")
    assert serious_violations(page) == []
