"""The daily deals' screen in the browser, as a screen reader user reaches it: the toolbar's button,
today's six deals with their difficulty, playing one and coming back to see it being played, a
deal's leaderboard with its order in words, the calendar and a past day's revealed deals; on a
360 px phone and a wide screen, in English and Russian, with nothing wider than the window."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from browserkit import WIN_DECK, WIN_LINE, card, drag, sized_page, status_value
from conftest import _Server
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Locator, Page, expect
from test_access import serious_violations

from spider.daily import LEVELS, days
from spider.daily.fairness import fingerprint
from spider.i18n import browser_catalog
from spider.store import DailyDeal
from tests.conftest import on_postgresql
from tests.postgres import Schemas, fresh_database
from tests.web.daily_deals import act, known_deal, play, win

pytestmark = pytest.mark.browser

LANGUAGES = {"en": "en-US", "ru": "ru-RU"}
LEVEL = "spiderette-1-classic"  # today's deal of it is WIN_DECK, won by WIN_LINE in 29 moves
DIFFICULTY = dict(zip(LEVELS, ["easy", "medium", "hard", "easy", "medium", "hard"], strict=True))


def plural_index(lang: str, n: int) -> int:
    """Which of a plural message's forms fits n (gettext's order: ru one, few, many; en one, other)."""
    if lang == "ru":
        return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else 1


def translator(lang: str) -> Any:
    """t(text, plural, **params): the page's text in `lang`, with `n` choosing a plural's form; a
    placeholder given no value stays as it is (see `like`)."""
    messages = browser_catalog(lang)["messages"]

    def t(text: str, plural: str | None = None, **params: Any) -> str:
        found = messages.get(text, text if plural is None or params["n"] == 1 else plural)
        if isinstance(found, list):
            found = found[plural_index(lang, params["n"])]
        for name, value in params.items():
            found = found.replace("{" + name + "}", str(value))
        return str(found)

    return t


def like(text: str) -> re.Pattern[str]:
    """A text whose placeholders left unfilled match anything."""
    return re.compile(".*".join(re.escape(part) for part in re.split(r"\{\w+\}", text)))


@pytest.fixture(scope="module")
def daily_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An app of this module's own, so that its store can be given today's and yesterday's daily
    deals (as the schedule would make them) and two other players' results on today's LEVEL."""
    schemas = Schemas() if on_postgresql() else None
    database = schemas.new() if schemas else str(tmp_path_factory.mktemp("daily") / "db.sqlite3")
    server = _Server(database, background=False)
    store = server.app.state.context.store
    today = days.today()
    store.add_daily_deal(
        DailyDeal(today, LEVEL, WIN_DECK, WIN_LINE, DIFFICULTY[LEVEL]), time.time()
    )  # the first one stays
    for day in (today, days.shift(today, -1)):
        for level in LEVELS:
            store.add_daily_deal(replace(known_deal(day, level), difficulty=DIFFICULTY[level]), time.time())
    winner, loser = TestClient(server.app), TestClient(server.app)
    win(winner, play(winner, LEVEL), WIN_LINE)
    act(loser, play(loser, LEVEL), WIN_LINE[0])
    assert loser.post("/api/games", json={"game": "spider"}).status_code == 201  # the daily one lost
    yield server.start()
    server.stop()
    if schemas:
        schemas.drop()


@pytest.fixture
def sized(browser: Browser, daily_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Page, Any]]:
    size, lang = request.param
    with sized_page(browser, daily_url, size, LANGUAGES[lang]) as page:
        yield page, translator(lang)


CASES = [((360, 640), "en"), ((1280, 800), "en"), ((360, 640), "ru"), ((1280, 800), "ru")]

# What is wider than the window, or than the dialog's own box (a table that would scroll sideways).
TOO_WIDE_JS = """(dialog) => {
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth) out.push("the page");
  if (dialog.scrollWidth > dialog.clientWidth + 1) out.push("the dialog");
  for (const node of dialog.querySelectorAll("*")) {
    const r = node.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > innerWidth + 0.5)) out.push(node.className || node.tagName);
    if (node.classList.contains("board-wrap") && node.scrollWidth > node.clientWidth + 1) out.push("the leaderboard");
  }
  return out;
}"""


def open_daily(page: Page, t: Any) -> Locator:
    page.get_by_role("navigation", name=t("Game controls")).get_by_role("button", name=t("Daily deals")).click()
    dialog = page.get_by_role("dialog", name=t("Daily deals"))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name=t("Daily deals"), exact=True)).to_be_focused()
    return dialog


def deal_card(dialog: Locator, name: str) -> Locator:
    return dialog.get_by_role("listitem").filter(has=dialog.page.get_by_role("heading", name=name, exact=True))


def level_name(t: Any, game: str, suits: int) -> str:
    return str(t("{game}, {suits}", game=t(game), suits=t("{n} suit", "{n} suits", n=suits)))


def play_daily(page: Page, daily_url: str, name: str) -> Locator:
    """A new player's counted attempt at today's deal called ``name`` (English), from the Daily deals
    screen; the table's label that says it counts."""
    page.goto(daily_url)
    expect(page.locator("body.ready")).to_have_count(1)
    t = translator("en")
    deal_card(open_daily(page, t), name).get_by_role("button", name="Play", exact=True).click()
    counted = page.get_by_text(like(t("Daily deal, {date}: {kind}", kind="counts for the leaderboard")))
    expect(counted).to_be_visible()
    return counted


def assert_fits(page: Page, dialog: Locator) -> None:
    assert dialog.evaluate(TOO_WIDE_JS) == []


@pytest.mark.parametrize("sized", CASES, indirect=True, ids=lambda c: f"{c[0][0]}x{c[0][1]}-{c[1]}")
def test_the_daily_screen_plays_a_deal_and_shows_its_leaderboard_and_calendar(sized: tuple[Page, Any]) -> None:
    page, t = sized
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    dialog = open_daily(page, t)
    cards = dialog.get_by_role("listitem").filter(has=dialog.page.get_by_role("heading", level=4))
    expect(cards).to_have_count(6)
    for level in LEVELS:
        game, suits, _ = level.split("-")
        card = deal_card(dialog, level_name(t, game.capitalize(), int(suits)))
        expect(card).to_contain_text(t(DIFFICULTY[level].capitalize()))
        expect(card).to_contain_text(t("Not played yet"))
    expect(dialog.get_by_text(like(t("Next deals in {time}")))).to_have_text(re.compile(r"\d+:\d\d:\d\d"))
    assert_fits(page, dialog)

    spiderette = level_name(t, "Spiderette", 1)
    deal_card(dialog, spiderette).get_by_role("button", name=t("Play"), exact=True).click()
    expect(dialog).to_be_hidden()
    badge = like(t("Daily deal, {date}: {kind}", kind=t("counts for the leaderboard")))
    expect(page.get_by_text(badge)).to_be_visible()
    expect(page.get_by_role("button", name=t("Copy the game code"))).to_be_hidden()  # a daily deal has no code to share
    page.get_by_role("button", name=like(t("Deal a row from the stock ({cards}, {deals})"))).click()
    expect(status_value(page, t("Moves"))).to_have_text("1")  # dealing a row is a move

    dialog = open_daily(page, t)
    card = deal_card(dialog, spiderette)
    expect(card).to_contain_text(t("Playing"))
    expect(card.get_by_role("button", name=t("Continue"), exact=True)).to_be_visible()
    card.get_by_role("button", name=t("Leaderboard"), exact=True).click()
    board = dialog.get_by_role("region", name=t("Leaderboard: {level}", level=spiderette))
    expect(board.get_by_role("heading", level=3)).to_be_focused()
    expect(board.get_by_text(t("Won before lost, then fewer moves, then less time."))).to_be_visible()
    table = board.get_by_role("table", name=re.compile("^" + re.escape(spiderette)))
    expect(table.get_by_role("row").nth(1)).to_contain_text(t("Won"))  # (after the heading row)
    expect(table.get_by_role("row").last).to_contain_text(t("Lost"))  # the loss after every win
    expect(board.get_by_text(t("Your game is not finished yet: it is ranked once it is."))).to_be_visible()
    assert_fits(page, dialog)

    calendar = dialog.get_by_role("region", name=t("Calendar"))
    today = calendar.get_by_role("button", name=like(t("{date}, today: {state}")))
    expect(today).to_have_attribute("aria-current", "date")
    yesterday = days.shift(days.today(), -1)
    if yesterday[:7] != days.today()[:7]:
        calendar.get_by_role("button", name=t("Previous month")).click()
    past = calendar.locator(f'button[data-day="{yesterday}"]')
    expect(past).to_have_accessible_name(re.compile(re.escape(t("missed")) + "$"))
    if yesterday[:7] == days.today()[:7]:  # the arrow keys move between the days; Enter opens one
        today.focus()
        page.keyboard.press("ArrowLeft")
        expect(past).to_be_focused()
        page.keyboard.press("Enter")
    else:
        past.click()
    expect(dialog.get_by_role("heading", name=like(t("Deals of {date}")))).to_be_focused()
    expect(dialog.get_by_role("button", name=t("Play this deal"))).to_have_count(6)
    assert_fits(page, dialog)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    toolbar = page.get_by_role("navigation", name=t("Game controls"))
    expect(toolbar.get_by_role("button", name=t("Daily deals"))).to_be_focused()  # back where it was


def test_a_won_daily_deal_offers_its_leaderboard_with_the_players_place(page: Page, daily_url: str) -> None:
    play_daily(page, daily_url, "Spiderette, 1 suit")
    view = page.request.get(f"{daily_url}/api/games/current").json()
    assert view["daily"]["level"] == LEVEL and view["daily"]["counted"] is True
    for action in WIN_LINE[:-2]:  # one request each, as the player would
        view = page.request.post(
            f"{daily_url}/api/games/{view['id']}/actions", data={"action": action, "version": view["version"]}
        ).json()
    page.reload()
    expect(status_value(page, "Sets")).to_have_text("3/4")
    drag(page, card(page, 2, "2 of spades"), card(page, 1, "3 of spades"))
    expect(status_value(page, "Moves")).to_have_text("28")
    card(page, 6, "ace of spades").dblclick()
    result = page.get_by_role("dialog", name="You won!")
    expect(result).to_be_visible()
    result.get_by_role("button", name="See the leaderboard").click()
    dialog = page.get_by_role("dialog", name="Daily deals")
    board = dialog.get_by_role("region", name="Leaderboard: Spiderette, 1 suit")
    expect(board.get_by_role("heading", level=3)).to_be_focused()
    mine = board.get_by_role("row").filter(has_text="(you)")
    expect(mine).to_contain_text("Won")
    expect(mine.get_by_role("rowheader")).to_have_text("2")  # the same moves as the first winner, finished later
    expect(deal_card(dialog, "Spiderette, 1 suit")).to_contain_text("Won in 29 moves")


def test_a_new_game_asks_first_when_it_would_end_the_counted_attempt(page: Page, daily_url: str) -> None:
    badge = play_daily(page, daily_url, "Spider, 2 suits")
    t = translator("en")
    page.get_by_role("button", name="New game").click()
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Play").click()
    confirm = page.get_by_role("alertdialog", name="Start a new game?")  # before any move: it would count as lost
    confirm.get_by_role("button", name="Keep playing").click()
    expect(badge).to_be_visible()
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Cancel").click()
    expect(open_daily(page, t).get_by_role("listitem").filter(has_text="Spider, 2 suits")).to_contain_text("Playing")


def test_a_lost_daily_deal_waits_for_the_days_end_to_be_reviewed_or_replayed(page: Page, daily_url: str) -> None:
    """Its review and replay would show every card while other players still play the deal."""
    play_daily(page, daily_url, "Spider, 4 suits")
    t = translator("en")
    page.get_by_role("button", name=like(t("Deal a row from the stock ({cards}, {deals})"))).click()
    expect(status_value(page, t("Moves"))).to_have_text("1")
    page.get_by_role("button", name="New game").click()
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Play").click()
    page.get_by_role("alertdialog", name="Start a new game?").get_by_role("button", name="Start the new game").click()
    expect(page.get_by_text("Your last game counts as a loss")).to_be_visible()
    expect(page.get_by_role("button", name="Review this game")).to_be_hidden()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    row = page.get_by_role("dialog", name="Statistics").get_by_role("row").filter(has_text="Spider, 4 suits")
    expect(row).to_contain_text("When the day is over")
    expect(row.get_by_role("button")).to_have_count(0)


def test_a_past_deals_winning_line_is_watched_step_by_step_face_up(page: Page, daily_url: str) -> None:
    page.goto(daily_url)
    expect(page.locator("body.ready")).to_have_count(1)
    t = translator("en")
    dialog = open_daily(page, t)
    yesterday = days.shift(days.today(), -1)
    calendar = dialog.get_by_role("region", name=t("Calendar"))
    if yesterday[:7] != days.today()[:7]:
        calendar.get_by_role("button", name=t("Previous month")).click()
    calendar.locator(f'button[data-day="{yesterday}"]').click()
    expect(dialog.get_by_role("heading", name=like(t("Deals of {date}")))).to_be_focused()
    card = deal_card(dialog, "Spiderette, 1 suit")
    card.get_by_role("button", name="Watch the winning line").click()
    line = dialog.get_by_role("region", name="Winning line: Spiderette, 1 suit")
    expect(line.get_by_role("heading", level=3)).to_be_focused()
    steps = len(known_deal(yesterday, LEVEL).line)
    said = line.get_by_role("status")
    expect(said).to_have_text(f"Step 0 of {steps}: The deal, every card face up.")
    expect(line.locator(".card.down")).to_have_count(0)  # the day is over: every card face up
    expect(line.locator(".card.up")).to_have_count(28)  # Spiderette deals 1 to 7 cards to its seven columns
    line.get_by_role("button", name="Next step").click()
    expect(said).to_have_text(re.compile(rf"^Step 1 of {steps}: \S"))
    expect(line.get_by_role("slider", name="Step")).to_have_attribute("aria-valuetext", f"Step 1 of {steps}")
    dialog.get_by_role("button", name="Back to today").click()
    expect(line).to_be_hidden()  # today's deals have no line to watch
    expect(dialog.get_by_role("button", name="Watch the winning line")).to_have_count(0)


@pytest.fixture
def unprepared(tmp_path: Path) -> Iterator[_Server]:
    """An app whose schedule has made no daily deal yet."""
    with fresh_database(tmp_path, on_postgresql()) as database:
        server = _Server(database, background=False)
        server.start()
        yield server
        server.stop()


def test_a_deal_shown_as_being_prepared_can_be_played(page: Page, unprepared: _Server) -> None:
    """Play is never disabled: the server serves the deal once it is made, or makes it then (which
    tests/web/test_daily_process.py shows through a real worker)."""
    page.goto(f"http://127.0.0.1:{unprepared.port}")
    expect(page.locator("body.ready")).to_have_count(1)
    t = translator("en")
    card = deal_card(open_daily(page, t), "Spiderette, 1 suit")
    expect(card).to_contain_text("Being prepared")
    store = unprepared.app.state.context.store
    store.add_daily_deal(
        known_deal(days.today(), "spiderette-1-classic"), time.time()
    )  # the schedule got there meanwhile
    card.get_by_role("button", name="Play", exact=True).click()
    badge = page.get_by_text(like(t("Daily deal, {date}: {kind}", kind="counts for the leaderboard")))
    expect(badge).to_be_visible()
    expect(deal_card(open_daily(page, t), "Spiderette, 1 suit")).to_contain_text("Playing")


def test_restarting_a_counted_attempt_asks_first_and_then_is_practice(page: Page, daily_url: str) -> None:
    counted = play_daily(page, daily_url, "Spiderette, 2 suits")
    t = translator("en")
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Restart this deal").click()
    page.get_by_role("alertdialog", name="Restart this deal?").get_by_role("button", name="Keep playing").click()
    expect(counted).to_be_visible()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Restart this deal").click()
    page.get_by_role("alertdialog", name="Restart this deal?").get_by_role("button", name="Start the new game").click()
    expect(page.get_by_text(like(t("Daily deal, {date}: {kind}", kind="practice")))).to_be_visible()
    expect(deal_card(open_daily(page, t), "Spiderette, 2 suits")).to_contain_text("Lost")


def test_axe_finds_nothing_serious_on_the_daily_screen(page: Page, daily_url: str) -> None:
    page.goto(daily_url)
    expect(page.locator("body.ready")).to_have_count(1)
    t = translator("en")
    dialog = open_daily(page, t)
    expect(deal_card(dialog, "Spider, 1 suit")).to_be_visible()
    assert serious_violations(page) == []
    deal_card(dialog, "Spiderette, 1 suit").get_by_role("button", name="Leaderboard").click()
    expect(dialog.get_by_role("table", name=re.compile("^Spiderette, 1 suit"))).to_be_visible()
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    deal_card(open_daily(page, t), "Spider, 2 suits").get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_text(like(t("Daily deal, {date}: {kind}", kind="counts for the leaderboard")))).to_be_visible()
    assert serious_violations(page) == []  # the table with its daily-deal label


def test_each_deal_shows_its_fingerprint_and_a_past_one_links_to_its_verification(page: Page, daily_url: str) -> None:
    """Today's sealed deal shows the short fingerprint (the whole one on its title and Copy); the
    deal made before seals (LEVEL's, today) shows none; a past day's deal links to its published data."""
    page.goto(daily_url)
    expect(page.locator("body.ready")).to_have_count(1)
    t = translator("en")
    dialog = open_daily(page, t)
    today = days.today()
    sealed = known_deal(today, "spider-1-classic")
    assert sealed.seal is not None
    whole = fingerprint(sealed.seal.salt, today, sealed.level, sealed.deck)
    card = deal_card(dialog, "Spider, 1 suit")
    expect(card).to_contain_text(f"Deal fingerprint: {whole[:4]} {whole[4:8]} {whole[8:12]} {whole[12:16]}…")
    expect(card.get_by_title(whole)).to_have_text(re.compile(rf"^{whole[:4]} "))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=daily_url.rstrip("/"))
    card.get_by_role("button", name="Copy the full fingerprint").click()
    expect(card.get_by_role("button", name="Copy the full fingerprint")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == whole
    expect(card.get_by_role("link", name="Verify this deal")).to_have_count(0)  # not while the day lasts
    expect(deal_card(dialog, "Spiderette, 1 suit")).not_to_contain_text("Deal fingerprint")
    yesterday = days.shift(today, -1)
    calendar = dialog.get_by_role("region", name=t("Calendar"))
    if yesterday[:7] != today[:7]:
        calendar.get_by_role("button", name=t("Previous month")).click()
    calendar.locator(f'button[data-day="{yesterday}"]').click()
    past = deal_card(dialog, "Spider, 1 suit")
    expect(past.get_by_role("link", name="Verify this deal")).to_have_attribute("href", f"api/daily/{yesterday}")
    published = past.page.request.get(f"{daily_url}/api/daily/{yesterday}").json()
    entry = next(d for d in published["deals"] if d["level"] == "spider-1-classic")
    assert entry["seal"]["salt"] == known_deal(yesterday, "spider-1-classic").seal.salt  # type: ignore[union-attr]
