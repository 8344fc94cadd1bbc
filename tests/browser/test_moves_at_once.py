"""Moves of a practice game, played by the page at once (play/local.js) and sent in batches
(play/sync.js): on a slow network none is lost or played out of order, no request waits between a
tap and the cards, a batch refused because another window played on gives the player that table
with the reason, and a group picked up stays picked up when a batch's answer arrives. (A daily
deal's moves, shown before the server's answer by play/optimism.js, are tested in tests/js.)"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browserkit import card, column, deal_order, face_up_names, send_batches, spades, start_deck, status_value, unsent
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# Lighthouse's "slow 4G", as the issue measured it: 150 ms round trip, 1.6 Mbps down, 750 kbps up.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}

# A 1-suit Spider deal of five pairs of columns (1, 2), (3, 4) … (9, 10). In each pair the first
# column ends with X (face up) on X+1 (face down) and the second with X+1; PREP moves each X onto
# the second column, which turns up the first one's X+1, so that each X can then go back and forth
# between its pair's columns for as long as a test likes. Every other card stays face down.
PAIRS = [(1, 2, "10"), (3, 4, "8"), (5, 6, "6"), (7, 8, "4"), (9, 10, "2")]
HIGHER = {"10": "J", "8": "9", "6": "7", "4": "5", "2": "3"}


def shuttle_deck() -> list[str]:
    sizes = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    ends: dict[int, list[str]] = {}
    for a, b, x in PAIRS:
        ends[a] = spades(f"{HIGHER[x]} {x}")
        ends[b] = spades(HIGHER[x])
    used = [c for cards in ends.values() for c in cards]
    rest = spades(" ".join(["A 2 3 4 5 6 7 8 9 10 J Q K"] * 8))
    for c in used:
        rest.remove(c)
    tableau = []
    for col, size in enumerate(sizes, start=1):
        filler = size - len(ends[col])
        tableau.append(rest[:filler] + ends[col])
        rest = rest[filler:]
    return deal_order(tableau, [rest[i : i + 10] for i in range(0, 50, 10)])


SHUTTLE_DECK = shuttle_deck()
PREP = [f"{a}>{b}" for a, b, _ in PAIRS]


def thirty_moves() -> Iterator[tuple[int, int, str]]:
    """(from, to, card) of 30 moves, round after round over the five pairs, each X going back
    to the column it came from and then over again."""
    for n in range(30):
        a, b, x = PAIRS[n % 5]
        going_back = (n // 5) % 2 == 0
        yield (b, a, x) if going_back else (a, b, x)


def card_name(card: str) -> str:
    ranks = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    return f"{ranks.get(card[:-1], card[:-1])} of spades"


def slow_network(page: Page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)


def test_thirty_quick_moves_on_a_slow_network_are_all_played_in_order(page: Page) -> None:
    view = start_deck(page, SHUTTLE_DECK, PREP, game="spider")
    slow_network(page)
    made = []
    for src, dst, rank in thirty_moves():
        name = f"{rank} of spades"
        # as fast as the page allows: the card is tapped as soon as the table shows it there
        moving = column(page, src).get_by_role("button").last
        expect(moving).to_have_accessible_name(name)
        moving.click()
        column(page, dst).get_by_role("button").last.click()
        made.append(f"{src}>{dst}:1")
    expect(status_value(page, "Moves")).to_have_text(str(len(PREP) + 30))
    send_batches(page)
    record = page.request.get(f"/api/games/{view['id']}/record").json()
    assert record["actions"] == PREP + made
    # the table is the server's, card for card
    server = page.request.get("/api/games/current").json()
    for n, col in enumerate(server["columns"], start=1):
        assert face_up_names(page, n) == [card_name(c) for c in col["up"]], f"column {n}"
    expect(page.locator("#reminder")).to_be_hidden()


REQUESTS = re.compile(r".*/api/games/[^/]+/(actions|sync)$")


def test_a_move_shows_at_once_with_the_card_it_turns_up_and_no_request(page: Page) -> None:
    start_deck(page, SHUTTLE_DECK, [], game="spider")
    asked: list[str] = []
    page.route(REQUESTS, lambda route: (asked.append(route.request.url), route.abort()))
    ten = card(page, 1, "10 of spades")
    ten.click()
    card(page, 2, "jack of spades").click()
    # the page played it: the jack beneath is turned up, counted and said, and nothing was asked
    assert face_up_names(page, 2) == ["jack of spades", "10 of spades"]
    assert face_up_names(page, 1) == ["jack of spades"]
    expect(status_value(page, "Moves")).to_have_text("1")
    said = "Moved 10 of spades onto jack of spades. Revealed jack of spades in column 1."
    expect(page.locator("#live")).to_have_text(said)
    expect(card(page, 2, "10 of spades")).to_be_focused()
    assert asked == []
    assert unsent(page) == 1  # kept on the device until its batch goes


def test_a_batch_refused_for_a_stale_table_gives_the_newer_table_with_the_reason(page: Page) -> None:
    view = start_deck(page, SHUTTLE_DECK, PREP, game="spider")
    # another window plays on: this page's table is now out of date
    other = page.request.post(f"/api/games/{view['id']}/actions", data={"action": "4>3", "version": view["version"]})
    assert other.status == 200, other.text()
    card(page, 2, "10 of spades").click()
    card(page, 1, "jack of spades").click()
    assert face_up_names(page, 1) == ["jack of spades", "10 of spades"]  # played at once
    send_batches(page)
    text = (
        "This game was played on in another window or on another device. The table shows the game as the"
        " server keeps it; 1 action played here was not kept."
    )
    expect(page.locator("#reminder")).to_have_text(text)
    expect(page.locator("#live")).to_have_text(text)
    # the ten is back on column 2, and the other window's move is on the table
    expect(column(page, 2).get_by_role("button").last).to_have_accessible_name("10 of spades")
    assert face_up_names(page, 1) == ["jack of spades"]
    assert face_up_names(page, 3)[-1] == "8 of spades"
    assert face_up_names(page, 4) == ["9 of spades"]
    expect(status_value(page, "Moves")).to_have_text(str(len(PREP) + 1))
    # the table plays on from there, and the server has it
    card(page, 2, "10 of spades").click()
    card(page, 1, "jack of spades").click()
    expect(status_value(page, "Moves")).to_have_text(str(len(PREP) + 2))
    send_batches(page)
    assert page.request.get(f"/api/games/{view['id']}/record").json()["actions"] == [*PREP, "4>3", "2>1:1"]


def test_a_group_picked_up_stays_picked_up_when_a_batch_is_answered(page: Page) -> None:
    start_deck(page, SHUTTLE_DECK, PREP, game="spider")
    card(page, 2, "10 of spades").click()
    card(page, 1, "jack of spades").click()
    # the next move's first tap, then the batch's answer, then its second tap
    eight = card(page, 4, "8 of spades")
    eight.click()
    expect(eight).to_have_attribute("aria-pressed", "true")
    send_batches(page)
    expect(card(page, 4, "8 of spades")).to_have_attribute("aria-pressed", "true")
    card(page, 3, "9 of spades").click()
    expect(status_value(page, "Moves")).to_have_text(str(len(PREP) + 2))
    assert face_up_names(page, 3)[-2:] == ["9 of spades", "8 of spades"]
    assert face_up_names(page, 1) == ["jack of spades", "10 of spades"]
