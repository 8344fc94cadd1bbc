"""Layout: the table fits the window from a 360×640 phone to 1920×1080 in every language — no page
scroll, no control whose words overflow it, the longest column's last card on screen, messages
clear of an open menu — and the clock and the hint follow what covers the table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browserkit import (
    TALL_DECK,
    TALL_LINE,
    WIN_DECK,
    play_through_api,
    sized_page,
    start_deck,
    status_value,
)
from playwright.sync_api import Browser, Locator, Page, expect

from spider.i18n import browser_catalog

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (640, 360), (390, 844), (768, 1024), (1280, 800), (1920, 1080)]
LANGUAGES = {"en": "en-US", "ru": "ru-RU", "sk": "sk-SK", "fi": "fi-FI"}

# Every visible control or label of the bars whose words must fit inside it (the menu's too when open).
OVERFLOWING_JS = """() => {
  const nodes = document.querySelectorAll(
    '#topbar button, #toolbar button, #toolbar .tool-label, #status .stat, #status .label, '
    + '#code-label, #code, #menu:not([hidden]) button, #reminder:not([hidden])');
  const out = [];
  for (const node of nodes) {
    const r = node.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2 || !node.checkVisibility()) continue;  // hidden, or kept for screen readers
    const cut = node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
    const outside = r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
    if (cut || outside) out.push(`${node.id || node.className}: "${node.textContent.trim()}"`);
  }
  return out;
}"""

PAGE_SIZE_JS = """() => ({
  width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight,
  innerWidth, innerHeight,
})"""

# Is the middle of the element the element itself (nothing covers it) and inside the window?
UNCOVERED_JS = """(node) => {
  const r = node.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
  return Boolean(hit) && (hit === node || node.contains(hit));
}"""


def translator(lang: str) -> Any:
    messages = browser_catalog(lang)["messages"]
    return lambda text: messages.get(text, text)


@pytest.fixture
def sized(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Page, str]]:
    size, lang = request.param
    with sized_page(browser, base_url, size, LANGUAGES[lang]) as page:
        yield page, lang


def column_in(page: Page, t: Any, n: int) -> Locator:
    return page.get_by_role("list", name=t("Column {n}").replace("{n}", str(n)), exact=True)


def open_tall_game(page: Page, t: Any) -> None:
    """Play TALL_LINE through the API with the page's player, then come back to the page."""
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    play_through_api(page, TALL_DECK, TALL_LINE, game="spider")
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    # CONTINUE, unless the game is simply there after a reload
    continue_button = page.get_by_role("dialog").get_by_role("button", name=t("Continue"))
    expect(continue_button.or_(column_in(page, t, 1))).to_be_visible()
    if continue_button.is_visible():
        continue_button.click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(column_in(page, t, 1).get_by_role("button")).to_have_count(17)


def assert_fits(page: Page) -> None:
    size = page.evaluate(PAGE_SIZE_JS)
    assert size["height"] <= size["innerHeight"], f"the page scrolls: {size}"
    assert size["width"] <= size["innerWidth"], f"the page scrolls sideways: {size}"
    assert page.evaluate(OVERFLOWING_JS) == []


def boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize(
    "sized",
    [(size, lang) for size in SIZES for lang in LANGUAGES],
    indirect=True,
    ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}",
)
def test_the_table_fits_the_window(sized: tuple[Page, str]) -> None:
    page, lang = sized
    t = translator(lang)
    open_tall_game(page, t)
    assert_fits(page)
    # the last card of the longest column is whole on screen, above the toolbar
    last = column_in(page, t, 1).get_by_role("button").last
    assert last.evaluate(UNCOVERED_JS), "the last card of the longest column is not on screen"
    # every column's list ends inside the table
    table_bottom = page.locator("#table").bounding_box()
    assert table_bottom is not None
    for n in range(1, 11):
        box = column_in(page, t, n).bounding_box()
        assert box is not None and box["y"] + box["height"] <= table_bottom["y"] + table_bottom["height"] + 1

    # a message (the hint's answer) and then the open menu: the message never covers the menu
    page.get_by_role("button", name=t("Hint: show a good next move")).click()
    reminder = page.locator("#reminder")
    expect(reminder).to_be_visible()
    page.get_by_role("button", name=t("Menu"), exact=True).click()
    menu = page.locator("#menu")
    expect(menu).to_be_visible()
    expect(reminder).to_be_visible()
    menu_box, reminder_box = menu.bounding_box(), reminder.bounding_box()
    assert menu_box is not None and reminder_box is not None
    assert not boxes_overlap(menu_box, reminder_box), f"the message {reminder_box} covers the menu {menu_box}"
    assert_fits(page)


def test_a_long_message_wraps_and_is_never_cut_off(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will below
    page.set_viewport_size({"width": 360, "height": 640})
    start_deck(page, WIN_DECK)
    long = "A refused move explains itself in full " * 4
    page.evaluate("(text) => import('/static/table/speech.js').then((m) => m.remind(text))", long.strip())
    reminder = page.locator("#reminder")
    expect(reminder).to_have_text(long.strip())
    box = reminder.bounding_box()
    assert box is not None and box["width"] <= 360 and box["height"] > 40  # wrapped onto several lines
    assert page.evaluate(OVERFLOWING_JS) == []
    page.clock.run_for(5000)  # longer than a short message stays
    expect(reminder).to_be_visible()
    page.clock.run_for(10_000)  # and it goes in its own time
    expect(reminder).to_be_hidden()


def displayed_time(page: Page) -> str:
    return status_value(page, "Time").inner_text()


def assert_clock_waits_under(page: Page, opener: Locator, cover: Locator) -> None:
    """Open a cover with `opener`: the shown time stands still until Esc takes the cover away."""
    opener.click()
    expect(cover).to_be_visible()
    frozen = displayed_time(page)  # the clock shows the time it stopped at as the cover opens
    page.clock.run_for(5000)  # five seconds of the page's time, its clock's ticks included
    assert displayed_time(page) == frozen
    page.keyboard.press("Escape")
    expect(cover).to_be_hidden()
    expect(status_value(page, "Time")).not_to_have_text(frozen)  # it runs again


def test_the_clock_stops_while_the_menu_or_a_dialog_covers_the_table(page: Page) -> None:
    page.clock.install()  # the page's timers, run at will in assert_clock_waits_under
    start_deck(page, WIN_DECK, ["deal"])  # the clock starts at the first action
    expect(status_value(page, "Time")).not_to_have_text("00:00")  # it runs
    assert_clock_waits_under(page, page.get_by_role("button", name="Menu", exact=True), page.locator("#menu"))
    assert_clock_waits_under(page, page.get_by_role("button", name="Help"), page.get_by_role("dialog"))


def test_escape_a_dialog_and_a_language_switch_clear_the_hint(page: Page) -> None:
    start_deck(page, WIN_DECK)
    hint = page.get_by_role("button", name="Hint: show a good next move")
    marked = page.locator(".hint-stock, .hint-card, .hint-target")
    hint.click()
    expect(marked).not_to_have_count(0)
    page.keyboard.press("Escape")
    expect(marked).to_have_count(0)

    hint.click()
    expect(marked).not_to_have_count(0)
    page.get_by_role("button", name="Help").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    expect(marked).to_have_count(0)
    page.keyboard.press("Escape")
    expect(marked).to_have_count(0)  # closing the dialog does not bring it back

    hint.click()
    expect(marked).not_to_have_count(0)
    page.get_by_role("button", name="Menu", exact=True).click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("dialog", name="Settings").get_by_label("Language").select_option("fi")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    fi = translator("fi")
    settings = page.get_by_role("dialog", name=fi("Settings"))  # built again in the new language
    settings.get_by_role("button", name=fi("Close")).click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(marked).to_have_count(0)


def test_status_items_line_up(page: Page) -> None:
    start_deck(page, WIN_DECK)
    baselines = page.locator("#status .stat b").evaluate_all(
        "bs => bs.map((b) => Math.round(b.getBoundingClientRect().bottom))"
    )
    assert len(baselines) >= 3 and len(set(baselines)) == 1, baselines
