"""Hand-built deals and small page helpers for the browser tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, FloatRect, Locator, Page, expect

from spider.engine import Game, variant
from tests.patience import GENEROUS, GENEROUS_MS

SPIDERETTE1 = variant("spiderette", 1)


def spades(ranks: str) -> list[str]:
    return [r + "S" for r in ranks.split()]


def deal_order(tableau: list[list[str]], deals: list[list[str]]) -> list[str]:
    """The deck that lays out ``tableau`` (each column bottom to top) and then deals ``deals``
    (docs/FORMATS.md, Decks: the tableau row by row, left to right, then the stock in dealing order)."""
    deck: list[str] = []
    for row in range(max(len(c) for c in tableau)):
        for column in tableau:
            if row < len(column):
                deck.append(column[row])
    for d in deals:
        deck.extend(d)
    return deck


# A 1-suit Spiderette deal won in 29 actions. After four deals columns 1–3 read K…9 and
# column 4 K…10; columns 5–7 hold runs 8 7 6 5 with 4 3 2 A beneath, which finish columns 1–3;
# then column 4's run goes to the empty column 1 and collects 9 … A from what is left.
WIN_TABLEAU = [
    spades("K"),
    spades("2 K"),
    spades("3 4 K"),
    spades("7 8 9 K"),
    spades("A 2 3 4 8"),
    spades("A A 2 3 4 8"),
    spades("5 6 A 2 3 4 8"),
]
WIN_DEALS = [spades("Q Q Q Q 7 7 7"), spades("J J J J 6 6 6"), spades("10 10 10 10 5 5 5"), spades("9 9 9")]
WIN_DECK = deal_order(WIN_TABLEAU, WIN_DEALS)
WIN_LINE = (
    ["deal"] * 4 + ["5>1"] * 5 + ["6>2"] * 5 + ["7>3"] * 5 + ["4>1"] * 4 + ["7>1"] * 2 + ["3>1"] * 2 + ["2>1", "6>1"]
)

# The same deal with column 1's king and the first deal's queen swapped: column 1 is a lone
# queen that goes onto column 2's king at once, leaving an empty column and four deals.
EMPTY_TABLEAU = [spades("Q")] + WIN_TABLEAU[1:]
EMPTY_DEALS = [spades("K Q Q Q 7 7 7")] + WIN_DEALS[1:]
EMPTY_DECK = deal_order(EMPTY_TABLEAU, EMPTY_DEALS)


def wait_until(page: Page, condition: Callable[[], object], why: str) -> None:
    """Wait for what a Playwright event handler of the test records (a request routed, say):
    ``page.wait_for_timeout`` lets the sync API deliver events while it waits, and the bound
    only ends a hang."""
    deadline = time.monotonic() + GENEROUS
    while not condition():
        assert time.monotonic() < deadline, f"{why} (after {GENEROUS:.0f} s)"
        page.wait_for_timeout(20)


# Each fetch() the page makes, as "METHOD /path", in the order it made them: a test that runs the
# page's timers (page.clock.run_for) reads at once what they asked for, with no wait for the
# network's events.
_FETCH_LOG = """
window.__fetched = [];
const pagesFetch = window.fetch;
window.fetch = function (input, init) {
  const request = input instanceof Request ? input : null;
  const method = (init && init.method) || (request ? request.method : "GET");
  window.__fetched.push(`${method.toUpperCase()} ${new URL(request ? request.url : input, location.href).pathname}`);
  return pagesFetch.apply(this, arguments);
};
"""


def log_fetches(page: Page) -> None:
    """From the page's next load on, keep its fetch() calls for ``fetched``."""
    page.add_init_script(_FETCH_LOG)


def fetched(page: Page) -> list[str]:
    """The fetch() calls of the page since it loaded ("POST /api/games/…/actions"), oldest first."""
    return list(page.evaluate("window.__fetched"))


def check_line(deck: list[str], line: list[str]) -> Any:
    game = Game.from_deck(SPIDERETTE1, deck)
    for action in line:
        game.apply(action)
    return game


def full_state_of(page: Page, game_id: str) -> dict[str, Any]:
    """The full state (face-down cards included) of a game, from its record replayed by the engine."""
    record = page.request.get(f"/api/games/{game_id}/record").json()
    return Game.from_record(record).state()


def start_deck(
    page: Page,
    deck: list[str],
    actions: list[str] | None = None,
    *,
    game: str = "spiderette",
    suits: int = 1,
    profile: str = "standard",
) -> dict[str, Any]:
    """Create a game through the API (sharing the page's player cookie) and play ``actions`` in it
    one by one (a game imported with its actions would count as assisted), then load the page,
    which goes on with it in place."""
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)  # a first visit: a game dealt at once
    view = play_through_api(page, deck, actions or [], game=game, suits=suits, profile=profile)
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#tableau .column")).to_have_count(len(view["columns"]))
    return view


def play_through_api(
    page: Page,
    deck: list[str],
    actions: list[str],
    *,
    game: str = "spiderette",
    suits: int = 1,
    profile: str = "standard",
) -> dict[str, Any]:
    """Start a game of ``deck`` with the page's player and play ``actions`` one request each (a game
    imported with its actions would count as assisted); the last view."""
    response = page.request.post(
        "/api/games",
        data={"game": game, "suits": suits, "rules": "classic", "profile": profile, "deck": deck},
    )
    assert response.status == 201, response.text()
    return play_actions(page, response.json(), actions)


def play_actions(page: Page, view: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """Play ``actions`` on the game of ``view`` with the page's player, one request each, each
    accepted; the last view."""
    for action in actions:
        played = page.request.post(
            f"/api/games/{view['id']}/actions", data={"action": action, "version": view["version"]}
        )
        assert played.status == 200, played.text()
        view = played.json()
    return view


def open_new_game(page: Page, name: str = "New game") -> Locator:
    """The new-game dialog, opened from its button once the app has started (it deals a game at
    once on a first visit, so the dialog opens only when asked for)."""
    expect(page.locator("body.ready")).to_have_count(1)
    dialog = page.get_by_role("dialog", name=name)
    if not dialog.is_visible():
        page.locator("#btn-new").click()
    expect(dialog).to_be_visible()
    return dialog


def new_game(page: Page, game: str = "Spider", suits: str = "1 suit", rules: str | None = None) -> None:
    """Open the new-game dialog (unless it is open), choose a game and press Play."""
    expect(page.locator("body.ready")).to_have_count(1)  # the app has started (and dealt a game)
    dialog = page.get_by_role("dialog", name="New game")
    if not dialog.is_visible():
        page.get_by_role("button", name="New game").click()
    dialog.get_by_role("radio", name=game, exact=True).check()
    dialog.get_by_role("radio", name=suits).check()
    if rules:
        dialog.get_by_role("radio", name=rules).check()
    dialog.get_by_role("button", name="Play").click()
    confirm = page.get_by_role("alertdialog", name="Start a new game?")
    if confirm.is_visible():  # a game in progress: it counts as a loss, and the page asks first
        confirm.get_by_role("button", name="Start the new game").click()
    expect(dialog).to_be_hidden()


def column(page: Page, n: int) -> Locator:
    return page.get_by_role("list", name=f"Column {n}", exact=True)


def card(page: Page, col: int, name: str) -> Locator:
    return column(page, col).get_by_role("button", name=name, exact=True).last


def box_of(locator: Locator) -> FloatRect:
    """The element's box once it is on screen. The table may be drawn again between the check and
    the measure (a view that arrived), which leaves no box for a moment: then it measures again."""
    for _ in range(10):
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        if box is not None:
            return box
    raise AssertionError(f"{locator} kept leaving the page")


def strip(locator: Locator) -> dict[str, float]:
    """A point in the visible top strip of a card (cards overlap)."""
    return {"x": box_of(locator)["width"] / 2, "y": 8}


def press_point(locator: Locator) -> tuple[float, float]:
    box = box_of(locator)
    return box["x"] + box["width"] / 2, box["y"] + 8


def drag(page: Page, source: Locator, target: Locator) -> None:
    """Drag with the mouse from the top strip of ``source`` to the middle of ``target``."""
    x, y = press_point(source)
    box = box_of(target)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 4, y + 4, steps=2)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 40), steps=8)
    page.mouse.up()


def status_value(page: Page, label: str) -> Locator:
    return page.locator("#status .stat", has_text=label).locator("b")


def face_up_names(page: Page, col: int) -> list[str]:
    return column(page, col).locator("button.card.up").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")


# A 1-suit Spider deal whose column 1 grows to 5 face-down and 12 face-up cards (K down to 2)
# in TALL_LINE: the five deals bring Q J 10 9 8 onto its king and the last one puts 7 … 2 on top
# of columns 2–7, which then go onto column 1 one by one. The layout tests fan it on every screen.
SPIDER1 = variant("spider", 1)
TALL_TABLEAU = [
    spades("K 5 J 2 9 K"),
    spades("A 7 Q 4 10 3"),
    spades("8 6 K 5 J 2"),
    spades("9 A 7 Q 4 10"),
    spades("3 8 6 K 5"),
    spades("J 2 9 A 7"),
    spades("Q 4 10 3 8"),
    spades("6 K 5 J 2"),
    spades("9 A 7 Q 4"),
    spades("10 3 8 6 K"),
]
TALL_DEALS = [
    spades("Q 5 J 2 9 A 7 Q 4 10"),
    spades("J 3 8 6 K 5 J 2 9 A"),
    spades("10 7 Q 4 10 3 8 6 K 5"),
    spades("9 J 2 9 A 7 Q 4 10 3"),
    spades("8 7 6 5 4 3 2 8 6 A"),
]
TALL_DECK = deal_order(TALL_TABLEAU, TALL_DEALS)
TALL_LINE = ["deal"] * 5 + [f"{c}>1" for c in range(2, 8)]


@contextmanager
def sized_page(
    browser: Browser, base_url: str, size: tuple[int, int], locale: str, touch: bool = False
) -> Iterator[Page]:
    """A page of a new context of that window size and locale (reduced motion), a phone's touch
    screen if ``touch``; no JavaScript error may happen on it meanwhile."""
    width, height = size
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        locale=locale,
        reduced_motion="reduce",
        has_touch=touch,
        is_mobile=touch,
    )
    context.set_default_timeout(GENEROUS_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


# The practice games this browser keeps (IndexedDB "spider", core/device.js), as plain objects.
_DEVICE_GAMES = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("spider");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("games")) { db.close(); resolve([]); return; }
    const all = db.transaction("games").objectStore("games").getAll();
    all.onsuccess = () => { db.close(); resolve(all.result); };
    all.onerror = () => reject(all.error);
  };
})"""


def device_games(page: Page) -> list[dict[str, Any]]:
    """The practice games the page keeps on this device, with the actions the server has not acknowledged."""
    return list(page.evaluate(_DEVICE_GAMES))


def unsent(page: Page) -> int:
    """Actions (and starts) kept on the device that the server has not acknowledged."""
    return sum(len(g["actions"]) - g["synced"] + (0 if g["created"] else 1) for g in device_games(page))


def send_batches(page: Page) -> None:
    """Have the page send what it keeps unsent now, as it does when it is hidden or closed
    (play/sync.js), and wait until the server has acknowledged it all."""
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    wait_until(page, lambda: unsent(page) == 0, "the page's batches were not all acknowledged")
