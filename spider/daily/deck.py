"""A daily deal's deck: a shuffle of the level's cards that only the site's secret can foresee.

A game code names one of 26^7 deals, few enough to try them all against the ten face-up cards, so a
daily deal is no code. Its deck is the level's composition shuffled by Fisher–Yates, each choice
drawn from a byte stream of HMAC-SHA256 blocks keyed with the secret over "day|level|attempt|block",
rejecting the bytes that would favour some choices (docs/RULES.md, Daily deals)."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

from ..engine import card_text, variant_of_level


def byte_stream(secret: str, day: str, level: str, attempt: int) -> Iterator[int]:
    """The deal's bytes: HMAC-SHA256(secret, "day|level|attempt|n") for n = 0, 1, 2…, end to end."""
    key = secret.encode()
    block = 0
    while True:
        yield from hmac.new(key, f"{day}|{level}|{attempt}|{block}".encode(), hashlib.sha256).digest()
        block += 1


def uniform_below(bound: int, stream: Iterator[int]) -> int:
    """An integer in [0, bound) from the stream, every value equally likely (bound ≤ 256): bytes
    from the top partial range are skipped rather than folded onto the low values."""
    limit = 256 - 256 % bound
    while (byte := next(stream)) >= limit:
        pass
    return byte % bound


def daily_deck(secret: str, day: str, level: str, attempt: int) -> list[str]:
    """The deck of ``level``'s daily deal on ``day``, try ``attempt``, in deal order as a record
    writes it (``10S``, ``QH``…)."""
    cards = variant_of_level(level).composition()
    stream = byte_stream(secret, day, level, attempt)
    for i in range(len(cards) - 1, 0, -1):
        j = uniform_below(i + 1, stream)
        cards[i], cards[j] = cards[j], cards[i]
    return [card_text(card) for card in cards]
