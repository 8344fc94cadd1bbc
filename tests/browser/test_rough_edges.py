"""What a new player met first: the toolbar's words in every language (or a tooltip where an icon
stands alone), a phone's top bar in two lines, Undo worded as undoing a move in Russian, a link's
?lang=, the picked-up cards told apart from the columns that take them, statistics whose labels and
chart key never wrap or overlap, and tap-to-move by default on touch screens."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from browserkit import (
    WIN_DECK,
    WIN_LINE,
    card,
    column,
    play_actions,
    play_through_api,
    press_point,
    sized_page,
    start_deck,
    status_value,
    strip,
    wait_until,
)
from playwright.sync_api import Browser, Locator, Page, expect

from spider.i18n import browser_catalog

pytestmark = pytest.mark.browser

CODE = "SP1-S1C-AAAAAAD"
LOCALES = {"en": "en-US", "ru": "ru-RU", "sk": "sk-SK", "fi": "fi-FI"}
# The toolbar's buttons by their visible word, and the accessible name where it says more.
TOOLBAR = [("New game", None), ("Undo", None), ("Hint", "Hint: show a good next move"), ("Daily deals", None),
           ("Help", None), ("Menu", None)]  # fmt: skip


def translator(lang: str) -> Callable[[str], str]:
    messages = browser_catalog(lang)["messages"]
    return lambda text: messages.get(text, text) if isinstance(messages.get(text, text), str) else text


@pytest.fixture
def sized(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Page, str]]:
    size, lang = request.param
    with sized_page(browser, base_url, size, LOCALES[lang]) as page:
        yield page, lang


def toolbar_button(page: Page, t: Callable[[str], str], word: str, name: str | None) -> Locator:
    return page.get_by_role("navigation").get_by_role("button", name=t(name or word), exact=True)


def rows_of(locators: list[Locator]) -> int:
    """How many lines the boxes of these elements stand on (boxes whose middles share a line count once)."""
    middles: list[float] = []
    for locator in locators:
        box = locator.bounding_box()
        assert box is not None
        middle = box["y"] + box["height"] / 2
        if all(abs(middle - seen) > box["height"] / 2 for seen in middles):
            middles.append(middle)
    return len(middles)


# How many lines an element's text stands on: the distinct tops of its text nodes' boxes.
TEXT_LINES_JS = """n => {
  const tops = new Set();
  const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
  }
  return tops.size;
}"""


def one_line(locator: Locator) -> bool:
    return bool(locator.evaluate(TEXT_LINES_JS) == 1)


@pytest.mark.parametrize(
    "sized",
    [((1280, 800), lang) for lang in LOCALES] + [((1920, 1080), "ru")],
    indirect=True,
    ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}",
)
def test_the_toolbar_keeps_its_words_on_a_wide_window(sized: tuple[Page, str]) -> None:
    page, lang = sized
    t = translator(lang)
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    for word, name in TOOLBAR:
        button = toolbar_button(page, t, word, name)
        label = button.get_by_text(t(word), exact=True)
        expect(label).to_be_visible()
        box = label.bounding_box()
        assert box is not None and box["width"] > 20, f"{word!r} shows no word ({box})"
        assert one_line(label), f"{word!r} wraps"
    if lang == "ru":  # Undo says what it undoes (not "Назад", which reads as going back a page)
        expect(page.get_by_role("button", name="Отменить ход", exact=True)).to_be_visible()


@pytest.mark.parametrize("sized", [((390, 844), lang) for lang in ("en", "ru")], indirect=True, ids=lambda p: p[1])
def test_an_icon_alone_has_a_name_and_a_tooltip(sized: tuple[Page, str]) -> None:
    page, lang = sized
    t = translator(lang)
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    for word, name in TOOLBAR:
        button = toolbar_button(page, t, word, name)
        expect(button).to_be_visible()
        label = button.get_by_text(t(word), exact=True)
        box = label.bounding_box()
        if box is None or box["width"] <= 2:  # the icon stands alone: the word is its tooltip
            expect(button).to_have_attribute("title", t(name or word))
        else:
            assert one_line(label)


@pytest.mark.parametrize(
    "sized", [((360, 740), lang) for lang in LOCALES] + [((390, 844), "ru")], indirect=True,
    ids=lambda p: f"{p[0][0]}-{p[1]}",
)  # fmt: skip
def test_a_phones_top_bar_takes_two_lines(sized: tuple[Page, str]) -> None:
    """A deal with a code, 200 moves and a score of 1000 (timed: a deal and its undo make two moves
    and 10 points)."""
    page, lang = sized
    t = translator(lang)
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    view = page.request.post("/api/games", data={"code": CODE, "profile": "timed"}).json()
    play_actions(page, view, ["deal", "undo"] * 100)
    page.reload()
    expect(status_value(page, t("Moves"))).to_have_text("200")
    status = page.get_by_role("group", name=t("Game status"))
    figures = [status.get_by_text(t(label), exact=True) for label in ("Moves", "Time", "Score", "Sets")]
    assert rows_of(figures) == 1, "the figures wrap"
    code = [page.get_by_text(t("Game code"), exact=True), page.get_by_text(CODE, exact=True)]
    code.append(page.get_by_role("button", name=t("Copy the game code")))
    assert rows_of(figures + code) == 2


def test_a_links_language_is_chosen_and_remembered(browser: Browser, base_url: str) -> None:
    ru = translator("ru")
    with sized_page(browser, base_url, (1280, 800), "en-US") as page:
        page.goto("/?lang=ru")
        expect(page.locator("body.ready")).to_have_count(1)
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.get_by_role("button", name=ru("New game"), exact=True)).to_be_visible()
        assert "lang=" not in page.url  # taken off the address, like a deal's code
        assert page.request.get("/api/player").json()["settings"]["lang"] == "ru"
        page.reload()  # remembered for this player
        expect(page.locator("body.ready")).to_have_count(1)
        expect(page.get_by_role("button", name=ru("New game"), exact=True)).to_be_visible()
        # an unknown language changes nothing
        page.goto("/?lang=xx")
        expect(page.locator("body.ready")).to_have_count(1)
        expect(page.locator("html")).to_have_attribute("lang", "ru")


def test_a_links_language_comes_with_its_deal(browser: Browser, base_url: str) -> None:
    with sized_page(browser, base_url, (390, 844), "en-US") as page:
        page.goto("/?lang=fi&code=SP1-S1C-AAAAAAD")
        expect(page.locator("body.ready")).to_have_count(1)
        expect(page.locator("html")).to_have_attribute("lang", "fi")
        expect(page.locator("#code")).to_have_text("SP1-S1C-AAAAAAD")


def ring_of(locator: Locator) -> dict[str, str]:
    return locator.evaluate(
        "n => { const s = getComputedStyle(n); return {outline: s.outlineStyle, shadow: s.boxShadow}; }"
    )


@pytest.mark.parametrize("size", [(390, 844), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_picked_up_cards_and_their_targets_differ_in_shape(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    with sized_page(browser, base_url, size, "en-US") as page:
        start_deck(page, WIN_DECK, ["deal"] * 4)
        page.request.put("/api/player/settings", data={"single_tap": False})  # a phone's tap selects
        page.reload()
        expect(page.locator("body.ready")).to_have_count(1)
        eight = card(page, 5, "8 of spades")  # under the 7, 6 and 5: picks up the run
        eight.click(position=strip(eight))
        expect(eight).to_have_attribute("aria-pressed", "true")
        target = column(page, 1)  # its 9 of spades takes the 8
        expect(target).to_have_class("column accepts")
        picked, takes = ring_of(eight), ring_of(target)
        assert takes["outline"] == "dashed", takes
        assert picked["outline"] != "dashed" and "6px" in picked["shadow"], picked  # a solid, thicker ring
        assert ring_of(column(page, 4))["outline"] == "none"  # its 10 does not take the 8: no ring
        # the focused 8 stays under the cards on it: the 7's strip is the 7's
        seven = card(page, 5, "7 of spades")
        x, y = press_point(seven)
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button').ariaLabel", [x, y])
        assert hit == "7 of spades"


def test_statistics_labels_stay_on_one_line_and_the_chart_key_apart(browser: Browser, base_url: str) -> None:
    ru = translator("ru")
    for size in ((390, 844), (1280, 800)):
        with sized_page(browser, base_url, size, "ru-RU") as page:
            play_through_api(page, WIN_DECK, WIN_LINE)
            start_deck(page, WIN_DECK, WIN_LINE[:-1])
            page.get_by_role("list", name=ru("Column {n}").format(n=6)).get_by_role("button").last.dblclick()
            result = page.get_by_role("dialog", name=ru("You won!"))
            expect(result).to_be_visible()
            terms = result.get_by_role("term")
            expect(terms.filter(has_text=ru("Fewest moves"))).to_have_count(1)
            for term in terms.all():
                assert one_line(term), f"{term.inner_text()!r} wraps at {size}"
            result.get_by_role("button", name=ru("Close")).click()
            page.get_by_role("button", name=ru("Menu"), exact=True).click()
            page.get_by_role("button", name=ru("Statistics")).click()
            stats = page.get_by_role("dialog", name=ru("Statistics"))
            chart_name = browser_catalog("ru")["messages"]["Your win rate, game by game, over {n} game: {wins} won."]
            expect(stats.get_by_role("img", name=chart_name[1].format(n=2, wins=2))).to_be_visible()  # 2: "few"
            key = stats.locator(".history-legend").get_by_role("listitem")
            expect(key).to_have_count(3)
            boxes = [item.bounding_box() for item in key.all()]
            assert all(b is not None for b in boxes)
            for a, b in zip(boxes, boxes[1:], strict=False):
                assert a and b and (a["x"] + a["width"] <= b["x"] or a["y"] + a["height"] <= b["y"]), (a, b)
            for item in key.all():
                assert one_line(item)


def test_tap_to_move_is_the_default_on_a_touch_screen(browser: Browser, base_url: str) -> None:
    with sized_page(browser, base_url, (360, 740), "en-US", touch=True) as page:
        start_deck(page, WIN_DECK, ["deal"] * 4)
        eight = card(page, 5, "8 of spades")
        eight.tap(position=strip(eight))  # one tap: the run 8…5 onto column 1's 9
        expect(status_value(page, "Moves")).to_have_text("5")
        expect(column(page, 1).get_by_role("button").last).to_have_accessible_name("5 of spades")
        # the settings say so, and the player may choose otherwise (remembered)
        page.get_by_role("button", name="Menu", exact=True).click()
        page.get_by_role("button", name="Settings").click()
        tap_to_move = page.get_by_label("A single tap sends the cards to the best column")
        expect(tap_to_move).to_be_checked()
        tap_to_move.uncheck()
        saved = lambda: page.request.get("/api/player").json()["settings"]["single_tap"] is False  # noqa: E731
        wait_until(page, saved, "the choice is saved")
        page.get_by_role("dialog", name="Settings").get_by_role("button", name="Close").click()
        four = card(page, 5, "4 of spades")
        four.tap()
        expect(four).to_have_attribute("aria-pressed", "true")  # picked up, not sent
        expect(status_value(page, "Moves")).to_have_text("5")


def test_a_mouse_selects_with_one_click_by_default(page: Page) -> None:
    start_deck(page, WIN_DECK, ["deal"] * 4)
    eight = card(page, 5, "8 of spades")
    eight.click(position=strip(eight))
    expect(eight).to_have_attribute("aria-pressed", "true")
    expect(status_value(page, "Moves")).to_have_text("4")
    assert page.request.get("/api/player").json()["settings"]["single_tap"] is None
