"""Decks in deal order: validation against a variant's composition and the layout they deal."""

from __future__ import annotations

from collections import Counter

from .cards import card_text, parse_card
from .errors import N_, SpiderError
from .variants import Variant


def parse_deck(v: Variant, cards: object) -> list[int]:
    """Parse and validate a deck; the reason names the count, an unknown card, or what is missing
    or extra."""
    if not isinstance(cards, list):
        raise SpiderError("bad_deck", N_("A deck must be a list of cards in deal order"))
    parsed = [parse_card(c) for c in cards]
    if len(parsed) != v.card_count:
        raise SpiderError(
            "bad_deck",
            N_("A {game_name} deck has {expected} cards, this one has {count}"),
            count=len(parsed),
            expected=v.card_count,
            game_name=v.game.capitalize(),
        )
    have, want = Counter(parsed), Counter(v.composition())
    missing, extra = want - have, have - want
    if missing or extra:
        if not extra:
            template = N_("The deck is not a {suits}-suit {game_name} deck: missing {missing}")
        elif not missing:
            template = N_("The deck is not a {suits}-suit {game_name} deck: extra {extra}")
        else:
            template = N_("The deck is not a {suits}-suit {game_name} deck: missing {missing}; extra {extra}")
        raise SpiderError(
            "bad_deck",
            template,
            suits=v.suits,
            game_name=v.game.capitalize(),
            missing=", ".join(_counted(missing)),
            extra=", ".join(_counted(extra)),
        )
    return parsed


def _counted(cards: Counter[int]) -> list[str]:
    return [card_text(c) + (f" ×{n}" if n > 1 else "") for c, n in sorted(cards.items())]


def layout(v: Variant, deck: list[int]) -> tuple[list[list[int]], list[int]]:
    """Split a deck into the starting columns (bottom to top) and the stock (in dealing order).
    The tableau is dealt row by row, each row left to right over the columns that still take cards."""
    columns: list[list[int]] = [[] for _ in range(v.columns)]
    position = 0
    for row in range(max(v.tableau)):
        for col in range(v.columns):
            if row < v.tableau[col]:
                columns[col].append(deck[position])
                position += 1
    return columns, deck[position:]
