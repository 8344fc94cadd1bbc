"""The screens around a game, as a player meets them: the first visit and a reload (the table, no
dialog in the way, the clock kept), the new-game dialog on a phone in English and Russian (no cut
control), the statistics for a new player and after a few games, the replay after a resize, and
the word on an assisted win."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browserkit import (
    WIN_DECK,
    WIN_LINE,
    card,
    open_new_game,
    play_through_api,
    start_deck,
    status_value,
    wait_until,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

from spider.i18n import browser_catalog
from tests.patience import GENEROUS_MS

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}


def seconds_shown(page: Page) -> int:
    minutes, seconds = status_value(page, "Time").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def wait_for_clock(page: Page, at_least: int) -> None:
    expect(status_value(page, "Time")).not_to_have_text(re.compile(rf"^00:0[0-{at_least - 1}]$"))


@pytest.fixture
def russian(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    context = browser.new_context(base_url=base_url, viewport=PHONE, locale="ru-RU", reduced_motion="reduce")
    context.set_default_timeout(GENEROUS_MS)
    yield context
    context.close()


def test_a_first_visit_deals_a_game_and_statistics_are_a_menu_away(page: Page) -> None:
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)  # no modal over blank felt
    expect(page.get_by_role("list", name="Column 1").get_by_role("button").first).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Deal a row from the stock"))).to_be_enabled()
    view = page.request.get("/api/games/current").json()
    assert (view["game"], view["suits"], view["version"]) == ("spider", 1, 0)  # the default level, untouched
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    # a new player: what will be here, not an empty chart
    expect(stats.get_by_text("No finished games yet.")).to_be_visible()
    expect(stats.get_by_text(re.compile("^Win or lose a game and it shows here"))).to_be_visible()
    expect(stats.get_by_role("img")).to_have_count(0)
    stats.get_by_role("button", name="Close").click()
    # the new-game dialog comes when asked for, and can be left
    dialog = open_new_game(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.request.get("/api/games/current").json()["id"] == view["id"]


def test_the_clock_is_kept_over_a_reload(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will below
    start_deck(page, WIN_DECK, ["deal"])
    wait_for_clock(page, 2)
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    assert seconds_shown(page) >= 2
    # a dialog open at the reload: the clock stopped as it opened, and that time is kept
    wait_for_clock(page, 3)
    page.get_by_role("button", name="Help").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    stopped = seconds_shown(page)  # the clock shows the time it stopped at as the dialog opens
    page.clock.run_for(5000)  # five seconds of the page's time, its clock's ticks included
    assert seconds_shown(page) == stopped  # no time runs while a dialog covers the table
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert seconds_shown(page) >= stopped


def test_the_clock_is_kept_when_its_last_save_never_reached_the_server(page: Page) -> None:
    view = start_deck(page, WIN_DECK, ["deal"])
    page.route("**/clock", lambda route: route.abort())  # the page dies before its last save lands
    wait_for_clock(page, 3)
    counted = seconds_shown(page)
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    page.unroute("**/clock")
    assert page.request.get("/api/games/current").json()["id"] == view["id"]
    assert seconds_shown(page) >= counted  # not back to the time of the last action
    # and the server is told what this browser counted
    wait_until(
        page,
        lambda: page.request.get("/api/games/current").json()["elapsed"] >= counted,
        "the server was never told the time this browser counted",
    )


def cut_controls(page: Page, dialog: str) -> list[str]:
    """The controls of the open dialog whose content is wider than they are: a scroll width over the
    client width, or (a select, whose text never scrolls) an option's text wider than its room."""
    return page.locator(dialog).evaluate(
        """d => {
          const cut = [];
          for (const c of d.querySelectorAll('fieldset, .field, .buttons, label, input, select, button, p')) {
            if (!c.offsetParent) continue;
            if (c.scrollWidth > c.clientWidth + 1) cut.push(`${c.tagName}#${c.id}: ${c.textContent.slice(0, 40)}`);
            const box = c.getBoundingClientRect(), frame = d.getBoundingClientRect();
            if (box.right > frame.right + 1 || box.left < frame.left - 1) cut.push(`${c.tagName}#${c.id} sticks out`);
          }
          const ctx = document.createElement('canvas').getContext('2d');
          for (const s of d.querySelectorAll('select')) {
            const cs = getComputedStyle(s);
            ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            const text = ctx.measureText(s.options[s.selectedIndex].textContent).width;
            const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
            if (text > room) cut.push(`select#${s.id}: "${s.options[s.selectedIndex].textContent}" cut`);
          }
          return cut;
        }"""
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_control_of_the_new_game_dialog_is_cut_on_a_phone(browser: Browser, base_url: str, lang: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, locale=lang, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto("/")
        name = "New game" if lang == "en" else browser_catalog("ru")["messages"]["New game"]
        open_new_game(page, name)
        for profile in ("standard", "timed", "moves"):
            page.locator("#new-profile").select_option(profile)
            assert cut_controls(page, "#dlg-new") == [], profile
        # the chosen scoring's details are written under the select, in full
        details = page.locator("#new-profile-details")
        catalog = page.request.get("/api/catalog", headers={"Accept-Language": lang}).json()
        expect(details).to_have_text(catalog["profiles"][2]["label"])
        assert details.evaluate("e => e.scrollWidth <= e.clientWidth")
    finally:
        context.close()


def test_the_russian_status_line_keeps_to_one_line_on_a_phone(russian: BrowserContext) -> None:
    page = russian.new_page()
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    tops = page.locator("#status .stat").evaluate_all("ss => ss.map(s => Math.round(s.getBoundingClientRect().top))")
    assert len(tops) == 4 and len(set(tops)) == 1, tops


def test_the_statistics_chart_shows_every_game_and_the_replay_fits_after_a_resize(page: Page) -> None:
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    play_through_api(page, WIN_DECK, ["deal"])  # lost once the next game starts
    play_through_api(page, WIN_DECK, WIN_LINE)
    assisted = page.request.post(
        "/api/games", data={"deck": WIN_DECK, "game": "spiderette", "suits": 1, "actions": ["deal"]}
    ).json()
    assert assisted["assisted"]  # imported with its actions: lost, counted apart, shown all the same
    page.request.post("/api/games", data={"code": "SP1-S1C-AAAAAAD"})
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")
    chart = stats.get_by_role("img", name=re.compile(r"over 2 games: 1 won"))
    expect(chart).to_be_visible()
    assert chart.locator("circle.won").count() >= 1 and chart.locator("circle.lost").count() >= 1
    marks = chart.locator("circle:not([r='3.5'])")  # the games, not the legend's keys
    expect(marks).to_have_count(3)  # every game: a win, a loss and the assisted loss
    expect(chart.locator("circle.assisted")).to_have_count(1)  # its mark
    expect(stats.locator(".history-legend").get_by_text("assisted", exact=True)).to_be_visible()  # and its key
    expect(chart.get_by_text("50 %", exact=True).last).to_be_visible()  # the rate now, beside the newest
    # the levels' figures take the width they have
    level = stats.locator(".history-levels .stats-box").first
    assert level.bounding_box()["width"] > 0.9 * stats.locator(".history-levels").bounding_box()["width"]  # type: ignore[index]
    # the replay, opened wide, then the window turned into a phone's
    stats.get_by_role("row").nth(2).get_by_role("button", name=re.compile("^Replay the game of")).click()
    replay = page.get_by_role("dialog", name=re.compile("^Replay: "))
    expect(replay.get_by_role("status")).to_contain_text("Step 0 of 29")
    replay.get_by_role("button", name="Last step").click()
    expect(replay.get_by_role("status")).to_contain_text("Step 29 of 29")
    page.set_viewport_size(PHONE)
    board = replay.locator(".replay-board")

    def fits() -> bool:
        return bool(
            board.evaluate(
                """b => {
                  const frame = b.getBoundingClientRect();
                  const cols = [...b.querySelectorAll('.replay-column')];
                  return cols.length > 0 && b.scrollWidth <= b.clientWidth
                    && cols.every(c => { const r = c.getBoundingClientRect();
                                         return r.left >= frame.left - 1 && r.right <= frame.right + 1; });
                }"""
            )
        )

    wait_until(page, fits, "the replay never fitted the window")
    page.set_viewport_size({"width": 1280, "height": 800})
    wait_until(page, fits, "the replay no longer fitted the wider window")


def test_an_assisted_win_says_why_it_does_not_count(page: Page) -> None:
    view = start_deck(page, WIN_DECK, WIN_LINE[:-1])
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Can this game still be won?").click()
    solver = page.get_by_role("dialog", name="Can this game still be won?")
    # said before the player asks
    expect(solver).to_contain_text("Asking makes this game assisted: it will no longer count in your statistics.")
    solver.get_by_role("button", name="Ask the solver").click()
    expect(solver.get_by_role("status")).to_have_text("Yes: this game can still be won.")
    solver.get_by_role("button", name="Close").click()
    before = page.request.get("/api/stats/spiderette-1-classic").json()
    card(page, 6, "ace of spades").dblclick()
    result = page.get_by_role("dialog", name="You won!")
    expect(result).to_be_visible()
    # and after: the win screen says why the figures did not change
    expect(result).to_contain_text("This game was assisted, so it doesn't count in your statistics.")
    after = page.request.get("/api/stats/spiderette-1-classic").json()
    assert (after["wins"], after["assisted_wins"]) == (before["wins"], before["assisted_wins"] + 1)
    assert page.request.get(f"/api/games/{view['id']}/record").ok
