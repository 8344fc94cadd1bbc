"""Cards as small integers inside the engine, strings such as ``10S`` at every boundary.

A card is ``suit * 13 + rank - 1`` with rank 1 (ace) … 13 (king) and suit 0–3 in the order S H D C.
"""

from __future__ import annotations

from .errors import N_, SpiderError

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")

_RANK_INPUT = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10}
_TEXT = [r + s for s in SUITS for r in RANKS]
_PARSE = {text: i for i, text in enumerate(_TEXT)}


def make(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    return card % 13 + 1


def suit_of(card: int) -> int:
    return card // 13


def continues(below: int, above: int, relaxed: bool) -> bool:
    """Whether ``above`` extends a movable run ending in ``below``: one rank lower and of the same
    suit (any suit under relaxed rules)."""
    return below % 13 == above % 13 + 1 and (relaxed or below // 13 == above // 13)


# ``continues`` as a table for the engine's hot loops, ``CONTINUES[relaxed][below][above]``: a
# lookup is several times quicker than the arithmetic.
CONTINUES = tuple([[continues(b, a, relaxed) for a in range(52)] for b in range(52)] for relaxed in (False, True))


def accepts(column: list[int], first: int) -> bool:
    """Whether a group whose first card is ``first`` may be put on ``column``: an empty column takes
    any group, otherwise its last card must be one rank higher (of any suit)."""
    return not column or column[-1] % 13 == first % 13 + 1


def card_text(card: int) -> str:
    return _TEXT[card]


def parse_card(text: object) -> int:
    """Parse ``10S``, ``ts``, ``qh``…; raise SpiderError naming the bad card."""
    if not isinstance(text, str):
        raise SpiderError("bad_card", N_("A card must be a string such as '10S', not {card}"), card=repr(text))
    cleaned = text.strip().upper()
    card = _PARSE.get(cleaned)
    if card is not None:
        return card
    rank = _RANK_INPUT.get(cleaned[:-1])
    suit = SUITS.find(cleaned[-1:]) if cleaned else -1
    if rank is None or suit < 0:
        raise SpiderError(
            "bad_card", N_("Unknown card {card!r}: expected a rank A 2-10 J Q K (or T) and a suit S H D C"), card=text
        )
    return make(rank, suit)
