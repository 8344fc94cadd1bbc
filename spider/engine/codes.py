"""Game codes and the shuffle they seed.

A code names a variant and a deal number: ``SP1-S<suits><rules>-<deal>`` for Spider and
``SD1-S<suits>-<deal>`` for Spiderette, where ``<deal>`` is seven letters A–Z, a base-26 number
with A = 0, most significant letter first.

The shuffle (format 1), written so that any language can reproduce it bit for bit:

1. Start from the variant's composition (``Variant.composition``): suits in S H D C order, each
   suit's copies ace to king.
2. Draw 64-bit numbers from SplitMix64 seeded with the deal number:
   ``state += 0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
   z = (z ^ z>>27) * 0x94D049BB133111EB; return z ^ z>>31`` (all modulo 2**64).
3. A number below ``n`` is a draw ``x`` taken modulo ``n``, redrawn while
   ``x >= 2**64 - 2**64 % n`` so that every value is equally likely.
4. Fisher–Yates from the end: for ``i`` from ``len-1`` down to 1, swap card ``i`` with card
   ``j = below(i + 1)``.

The result is the deck in deal order (see ``deck.py``). Test vectors in ``tests/`` pin it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import N_, SpiderError
from .variants import Variant, variant

DEAL_LETTERS = 7
DEAL_LIMIT = 26**DEAL_LETTERS
_MASK = (1 << 64) - 1
_LEVEL = re.compile(r"^S(?P<suits>[0-9]+)(?P<rules>.*)$")
_GAME_PREFIX = {"SP": "spider", "SD": "spiderette"}
_PREFIX_OF = {v: k for k, v in _GAME_PREFIX.items()}


@dataclass(frozen=True)
class GameCode:
    variant: Variant
    deal: int

    def __str__(self) -> str:
        return format_code(self.variant, self.deal)


def deal_letters(deal: int) -> str:
    if not 0 <= deal < DEAL_LIMIT:
        raise SpiderError("bad_code", N_("A deal number must be 0 … {last}"), part=str(deal), last=DEAL_LIMIT - 1)
    letters = []
    for _ in range(DEAL_LETTERS):
        deal, digit = divmod(deal, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def format_code(v: Variant, deal: int) -> str:
    rules = ("R" if v.relaxed else "C") if v.game == "spider" else ""
    return f"{_PREFIX_OF[v.game]}1-S{v.suits}{rules}-{deal_letters(deal)}"


def parse_code(text: object) -> GameCode:
    """Parse a game code (case-insensitive); raise SpiderError naming the part that is wrong
    (``params["part"]``): the game prefix, the format digit, the suit count, the rules letter
    or the deal letters."""
    if not isinstance(text, str):
        raise SpiderError("bad_code", N_("A game code must be text such as SP1-S1C-AAAAAAD"), part=repr(text))
    # Upper-case only ASCII parts: str.upper would turn e.g. a dotless "ı" into an "I".
    parts = [p.upper() if p.isascii() else p for p in text.strip().split("-")]
    if len(parts) != 3:
        raise SpiderError(
            "bad_code",
            N_("Malformed game code {code!r}: expected SP1-S<suits><C|R>-<7 letters> or SD1-S<suits>-<7 letters>"),
            code=text,
            part="-".join(parts),
        )
    head, level, deal = parts
    game = _GAME_PREFIX.get(head[:2])
    if game is None:
        raise SpiderError(
            "bad_code",
            N_("Game code {code!r}: {part!r} is not SP (Spider) or SD (Spiderette)"),
            code=text,
            part=head[:2] or head,
        )
    if head[2:] != "1":
        raise SpiderError(
            "bad_code",
            N_("Game code {code!r}: format {part!r} is unknown (only 1)"),
            code=text,
            part=head[2:] or "(none)",
        )
    m = _LEVEL.match(level)
    if not m or m["suits"] not in ("1", "2", "4"):
        raise SpiderError(
            "bad_code",
            N_("Game code {code!r}: {part} is not a suit count (1, 2 or 4)"),
            code=text,
            part=f"S{m['suits']}" if m else level or "(none)",
        )
    suits = int(m["suits"])
    rules_letter = m["rules"]
    if game == "spider":
        if rules_letter not in ("C", "R"):
            raise SpiderError(
                "bad_code",
                N_("Game code {code!r}: Spider needs rules C or R after the suit count"),
                code=text,
                part=rules_letter or "(none)",
            )
        if rules_letter == "R" and suits == 1:
            raise SpiderError(
                "bad_code", N_("Game code {code!r}: relaxed rules (R) need 2 or 4 suits"), code=text, part="R"
            )
    elif rules_letter:
        raise SpiderError(
            "bad_code", N_("Game code {code!r}: Spiderette has no rules letter"), code=text, part=rules_letter
        )
    if len(deal) != DEAL_LETTERS or not deal.isascii() or not deal.isalpha():
        raise SpiderError(
            "bad_code", N_("Game code {code!r}: the deal {part!r} must be exactly 7 letters A–Z"), code=text, part=deal
        )
    number = 0
    for letter in deal:
        number = number * 26 + ord(letter) - ord("A")
    rules = "relaxed" if rules_letter == "R" else "classic"
    return GameCode(variant(game, suits, rules), number)


class SplitMix64:
    """The generator of step 2 above."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_deck(v: Variant, deal: int) -> list[int]:
    """The deck of ``deal`` in deal order, as described in this module's docstring."""
    cards = v.composition()
    rng = SplitMix64(deal)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
