"""A daily deal's cards never reach the device while its day lasts: after a counted attempt at
today's Spiderette 4-suit deal (one deck, so every card is unique) played through the page, with
the bundle's service worker in charge, no face-down card of it is found in any cache the page can
read, any IndexedDB database, localStorage, sessionStorage or the page itself, in any form that
names it (its code "QH", "TH", its name, its suit sign, the engine's number for it in deal order).
The practice game played before it is found kept on the device, and the bundle in the caches, so
the reader reads what is there; a throwaway test plants leaks and shows the check finds each one."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from browserkit import status_value
from conftest import _Server
from playwright.sync_api import Browser, Page, expect

from spider.daily import days
from spider.engine import Game, card_name, variant
from tests.conftest import on_postgresql
from tests.patience import GENEROUS_MS
from tests.postgres import Schemas
from tests.web.daily_deals import known_deal

pytestmark = pytest.mark.browser

LEVEL = "spiderette-4-classic"
SUITS = "SHDC"
SIGNS = dict(zip(SUITS, "♠♥♦♣", strict=True))
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
RUN = 5  # numbers in a row that spell the deck in the engine's encoding: a leak, never a coincidence

# Everything the page can keep or show: each cache's entries (url and text), every IndexedDB
# database's stores (every record, as JSON), both storages and the document with its attributes.
DUMP_JS = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const bytes = await response.clone().arrayBuffer();
      const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
        .map((b) => b.toString(16).padStart(2, "0")).join("");
      found.push({ source: `cache ${name}`, url: request.url, text: await response.text(), sha256: digest });
    }
  }
  const open = (name) => new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = (store, how) => new Promise((resolve, reject) => {
    const request = store[how]();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const plain = (value) => JSON.stringify(value, (key, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v));
  for (const { name } of await indexedDB.databases()) {
    const db = await open(name);
    for (const storeName of db.objectStoreNames) {
      const store = db.transaction(storeName, "readonly").objectStore(storeName);
      const records = await all(store, "getAll");
      const keys = await all(store, "getAllKeys");
      const text = plain({ keys, records });
      found.push({ source: `indexedDB ${name}/${storeName}`, url: "", text, count: records.length });
    }
    db.close();
  }
  found.push({ source: "localStorage", url: "", text: JSON.stringify(Object.assign({}, localStorage)) });
  found.push({ source: "sessionStorage", url: "", text: JSON.stringify(Object.assign({}, sessionStorage)) });
  const page = [document.documentElement.outerHTML, document.body.innerText];
  for (const node of document.querySelectorAll("*")) for (const a of node.attributes) page.push(`${a.name}=${a.value}`);
  found.push({ source: "page", url: "", text: page.join("\\n") });
  return found;
}"""


@dataclass
class Hidden:
    """The face-down cards of a position: each column's, top to bottom of the pile, and the stock's
    in dealing order; `deck` the whole deal in its order."""

    columns: list[list[str]]
    stock: list[str]
    deck: list[str]

    @property
    def cards(self) -> list[str]:
        return [c for column in self.columns for c in column] + self.stock

    def runs(self) -> list[list[str]]:
        return [run for run in [*self.columns, self.stock, self.deck] if len(run) >= RUN]


def engine_number(card: str) -> int:
    """The browser engine's number for a card (engine/cards.js: suit * 13 + rank - 1)."""
    return SUITS.index(card[-1]) * 13 + RANKS.index(card[:-1])


def card_forms(card: str) -> list[re.Pattern[str]]:
    """Every way of writing `card` alone that would name it: "10S" (and "TS"), "10♠", "10 of spades"."""
    rank, suit = card[:-1], card[-1]
    codes = [card] + ([f"T{suit}"] if rank == "10" else [])
    forms = [re.compile(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])") for code in codes]
    forms.append(re.compile(rf"(?<![A-Za-z0-9]){re.escape(rank + SIGNS[suit])}"))
    forms.append(re.compile(rf"\b{re.escape(card_name(card))}\b", re.IGNORECASE))
    return forms


def number_runs(text: str) -> list[list[int]]:
    """The runs of whole numbers in `text` written one after the other (a JSON array, a list)."""
    runs: list[list[int]] = []
    last_end = -10
    for found in re.finditer(r"\d+", text):
        between = text[last_end : found.start()]
        if runs and len(between) <= 3 and not re.search(r"[A-Za-z0-9]", between):
            runs[-1].append(int(found.group()))
        else:
            runs.append([int(found.group())])
        last_end = found.end()
    return [run for run in runs if len(run) >= RUN]


def leaks(dump: list[dict[str, Any]], hidden: Hidden) -> list[str]:
    """What in `dump` names a face-down card: "<source>: <what>"."""
    patterns = [(card, form) for card in hidden.cards for form in card_forms(card)]
    spelled = [[engine_number(c) for c in run] for run in hidden.runs()]
    windows = {tuple(run[i : i + RUN]) for run in spelled for i in range(len(run) - RUN + 1)}
    found = []
    for entry in dump:
        text = re.sub(r"static/[\w./-]+", "", entry["text"])  # the app's file names (its court cards' art): public
        for card, form in patterns:
            hit = form.search(text)
            if hit:
                near = text[max(0, hit.start() - 60) : hit.end() + 60]
                found.append(f"{entry['source']} {entry['url']}: {card} as {form.pattern} in {near!r}")
        for run in number_runs(text):
            if any(tuple(run[i : i + RUN]) in windows for i in range(len(run) - RUN + 1)):
                found.append(f"{entry['source']} {entry['url']}: the deck in the engine's numbers")
    return found


def hidden_after(deck: list[str], actions: list[str]) -> Hidden:
    game = Game.from_deck(variant("spiderette", 4), deck)
    for action in actions:
        game.apply(action)
    state = game.state()
    return Hidden([column["down"] for column in state["columns"]], list(state["stock"]), deck)


@pytest.fixture(scope="module")
def secret_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An app whose store holds today's deal of LEVEL (as the schedule would make it)."""
    schemas = Schemas() if on_postgresql() else None
    database = schemas.new() if schemas else str(tmp_path_factory.mktemp("secret") / "db.sqlite3")
    server = _Server(database, background=False)
    server.app.state.context.store.add_daily_deal(known_deal(days.today(), LEVEL), time.time())
    yield server.start()
    server.stop()
    if schemas:
        schemas.drop()


@pytest.fixture
def fresh(browser: Browser, secret_url: str) -> Iterator[Page]:
    context = browser.new_context(
        base_url=secret_url, viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    context.set_default_timeout(GENEROUS_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def with_worker(page: Page) -> None:
    """Load the page and let the bundle's service worker take it over (installed, its files kept)."""
    page.goto("/")
    expect(page.locator("body.ready")).to_have_count(1)
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => Boolean(r.active))")
    page.reload()
    expect(page.locator("body.ready")).to_have_count(1)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")


def dumped(page: Page) -> list[dict[str, Any]]:
    """DUMP_JS's entries; a cached file of the bundle is checked to be the server's own (public, the
    same for every deal) and then left out of the search, whose card codes could match a name in
    minified code."""
    dump = page.evaluate(DUMP_JS)
    kept = []
    for entry in dump:
        if "/static/dist/" in entry["url"]:
            served = page.request.get(entry["url"])
            mine = hashlib.sha256(served.body()).hexdigest()
            assert served.ok and mine == entry["sha256"], f"a cached bundle file is not the server's: {entry['url']}"
        else:
            kept.append(entry)
    return kept


def test_no_card_of_a_daily_deal_reaches_any_storage_of_the_device(fresh: Page) -> None:
    page = fresh
    with_worker(page)
    code = page.locator("#code").inner_text()  # the first visit's practice game: kept on the device
    assert re.fullmatch(r"SP\w*-\w+-\w+", code)
    stock = page.get_by_role("button", name=re.compile("^Deal a row"))
    stock.click()
    expect(status_value(page, "Moves")).to_have_text("1")
    # not vacuous: the reader finds the practice game the device keeps (its record, by its code)
    kept = [e for e in dumped(page) if e["source"] == "indexedDB spider/games"]
    assert kept and code in kept[0]["text"], [e["source"] for e in kept]

    page.get_by_role("navigation", name="Game controls").get_by_role("button", name="Daily deals").click()
    dialog = page.get_by_role("dialog", name="Daily deals")
    dialog.get_by_role("listitem").filter(
        has=page.get_by_role("heading", name="Spiderette, 4 suits", exact=True)
    ).get_by_role("button", name="Play", exact=True).click()
    page.get_by_role("alertdialog", name="Start a new game?").get_by_role("button", name="Start the new game").click()
    badge = page.get_by_text(re.compile("^Daily deal, .*: counts for the leaderboard$"))
    expect(badge).to_be_visible()
    expect(page.locator("#tableau .card.down")).to_have_count(21)
    stock.click()
    expect(status_value(page, "Moves")).to_have_text("1")
    expect(page.locator("#tableau .card.up")).to_have_count(14)  # a row dealt face up onto the piles
    page.keyboard.press("t")  # the table in words, into the live region
    expect(page.locator("#live")).to_contain_text("face-down")
    hidden = hidden_after(known_deal(days.today(), LEVEL).deck, ["deal"])
    assert len(hidden.cards) == 21 + 17  # face down in the piles, and the stock left

    for reloads in range(3):  # at once, then from the worker's cache after one and two reloads
        dump = dumped(page)
        assert leaks(dump, hidden) == [], f"after {reloads} reloads"
        if reloads < 2:
            page.reload()
            expect(badge).to_be_visible()

    # not vacuous either: the bundle's files are in the caches read
    cached = [e for e in page.evaluate(DUMP_JS) if e["source"].startswith("cache ")]
    assert sum("/static/dist/" in e["url"] for e in cached) >= 10


def test_the_check_finds_a_deck_planted_in_each_kind_of_storage(fresh: Page) -> None:
    """Throwaway plants, one per store and form: each is found where it was put, and nothing else."""
    page = fresh
    with_worker(page)
    hidden = hidden_after(known_deal(days.today(), LEVEL).deck, [])
    numbers = [engine_number(c) for c in hidden.stock]
    down = hidden.columns[6]
    page.evaluate(
        """async ({numbers, down, name, sign}) => {
          const request = indexedDB.open("planted", 1);
          request.onupgradeneeded = () => request.result.createObjectStore("games", { keyPath: "id" });
          const db = await new Promise((resolve) => { request.onsuccess = () => resolve(request.result); });
          const tx = db.transaction("games", "readwrite");
          tx.objectStore("games").put({ id: "daily", stock: new Uint8Array(numbers) });
          await new Promise((resolve) => { tx.oncomplete = resolve; });
          const cache = await caches.open("planted");
          await cache.put("/planted", new Response(JSON.stringify({ column: 7, down })));
          localStorage.setItem("planted", `the next card is the ${name}`);
          sessionStorage.setItem("planted", `${sign} under column 5`);
        }""",
        {
            "numbers": numbers,
            "down": down,
            "name": card_name(hidden.columns[5][0]),
            "sign": hidden.columns[4][0][:-1] + SIGNS[hidden.columns[4][0][-1]],
        },
    )
    # (the page shows a practice game of its own, whose face-up cards this deal may share)
    found = leaks([entry for entry in dumped(page) if entry["source"] != "page"], hidden)
    assert any(f.startswith("indexedDB planted/games") and "engine's numbers" in f for f in found), found
    assert any(f.startswith("cache planted") and down[0] in f for f in found), found
    assert any(f.startswith("localStorage") and hidden.columns[5][0] in f for f in found), found
    assert any(f.startswith("sessionStorage") and hidden.columns[4][0] in f for f in found), found
    assert {f.split(" ")[0] for f in found} == {"indexedDB", "cache", "localStorage", "sessionStorage"}
