"""A daily deal's deck: a fair shuffle of the level's cards that only the secret foresees."""

from __future__ import annotations

import itertools
from collections import Counter

from spider.daily import LEVELS, daily_deck
from spider.daily.deck import byte_stream, uniform_below
from spider.engine import Game, card_text, variant_of_level


def test_each_level_gets_a_shuffle_of_its_own_cards_that_deals() -> None:
    for level in LEVELS:
        deck = daily_deck("secret", "2026-12-05", level, 0)
        composition = [card_text(c) for c in variant_of_level(level).composition()]
        assert Counter(deck) == Counter(composition) and deck != composition
        assert Game.from_deck(variant_of_level(level), deck).record()["deck"] == deck


def test_the_same_inputs_give_the_same_deck_and_any_change_another() -> None:
    level = "spider-4-classic"
    deck = daily_deck("secret", "2026-12-05", level, 0)
    assert daily_deck("secret", "2026-12-05", level, 0) == deck
    others = [
        daily_deck("secret", "2026-12-05", level, 1),
        daily_deck("secret", "2026-12-06", level, 0),
        daily_deck("another secret", "2026-12-05", level, 0),
    ]
    assert all(other != deck for other in others)


def test_the_stream_is_hmac_blocks_end_to_end() -> None:
    key = "ab" * 32
    first_block = bytes(itertools.islice(byte_stream(key, "l", 0), 32))
    first_two = bytes(itertools.islice(byte_stream(key, "l", 0), 64))
    assert first_two[:32] == first_block and first_two[32:] != first_block


def test_a_choice_skips_the_bytes_that_would_favour_low_values() -> None:
    # 256 % 3 == 1: byte 255 would make 0 likelier than 1 and 2, so it is skipped
    assert uniform_below(3, iter([255, 255, 4])) == 1
    assert uniform_below(104, iter([208, 209, 7])) == 7  # 208 and up: beyond the last whole range
    every_byte = Counter(uniform_below(3, iter([b])) for b in range(255))
    assert set(every_byte.values()) == {85}
