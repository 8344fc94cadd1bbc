"""A daily deal's deck: a shuffle of the level's cards that only the site's secret can foresee.

A game code names one of 26^7 deals, few enough to try them all against the ten face-up cards, so a
daily deal is no code. Its deck is the level's composition shuffled by Fisher–Yates, each choice
drawn from a byte stream of HMAC-SHA256 blocks keyed with the day's key over "level|attempt|block",
rejecting the bytes that would favour some choices (docs/RULES.md, Daily deals). The day's key is
HMAC-SHA256(secret, "daily|day"): published once the day is over, it lets anyone re-derive that
day's shuffles and tells nothing of another day's."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

from ..engine import card_text, variant_of_level

DAY_KEY_HEX = 64  # a day's key as published: 32 bytes in lowercase hex


def day_key(secret: str, day: str) -> str:
    """The key of ``day``'s shuffles, in hex: HMAC-SHA256(secret, "daily|" + day)."""
    return hmac.new(secret.encode(), f"daily|{day}".encode(), hashlib.sha256).hexdigest()


def byte_stream(key: str, level: str, attempt: int) -> Iterator[int]:
    """The deal's bytes: HMAC-SHA256(day key's bytes, "level|attempt|n") for n = 0, 1, 2…, end to end."""
    raw = bytes.fromhex(key)
    block = 0
    while True:
        yield from hmac.new(raw, f"{level}|{attempt}|{block}".encode(), hashlib.sha256).digest()
        block += 1


def uniform_below(bound: int, stream: Iterator[int]) -> int:
    """An integer in [0, bound) from the stream, every value equally likely (bound ≤ 256): bytes
    from the top partial range are skipped rather than folded onto the low values."""
    limit = 256 - 256 % bound
    while (byte := next(stream)) >= limit:
        pass
    return byte % bound


def shuffled_deck(key: str, level: str, attempt: int) -> list[str]:
    """Try ``attempt``'s deck of ``level`` from a day's key (hex), in deal order as a record
    writes it (``10S``, ``QH``…): what a player's verifier recomputes."""
    cards = variant_of_level(level).composition()
    stream = byte_stream(key, level, attempt)
    for i in range(len(cards) - 1, 0, -1):
        j = uniform_below(i + 1, stream)
        cards[i], cards[j] = cards[j], cards[i]
    return [card_text(card) for card in cards]


def daily_deck(secret: str, day: str, level: str, attempt: int) -> list[str]:
    """The deck of ``level``'s daily deal on ``day``, try ``attempt``."""
    return shuffled_deck(day_key(secret, day), level, attempt)
