"""A sentence-by-sentence text description of the table, for screen readers and the command line
(like the one in seeds 000/001). Wording goes through gettext so languages are data: pass any
object with ``gettext``/``ngettext`` (a ``gettext.NullTranslations`` gives English)."""

from __future__ import annotations

import gettext as _gettext
import weakref
from typing import Any, Protocol

from .cards import RANKS, SUITS


class Translations(Protocol):
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


ENGLISH: Translations = _gettext.NullTranslations()


def card_name(card: str, tr: Translations = ENGLISH) -> str:
    """``10S`` → "10 of spades", ``QH`` → "queen of hearts"."""
    names = card_names(tr)
    return names[card] if card in names else _word_card(card, tr)


# Each translations object's card names, worded on first use: a description names every face-up
# card, and wording one asks gettext 20 times. Weak keys: a translations object dropped drops its names.
_NAMES: weakref.WeakKeyDictionary[Translations, dict[str, str]] = weakref.WeakKeyDictionary()


def card_names(tr: Translations = ENGLISH) -> dict[str, str]:
    """Every card's name in the language of ``tr``, worded once per translations object."""
    try:
        return _NAMES[tr]
    except KeyError:
        pass
    except TypeError:  # an object that cannot be weakly referenced: worded each time
        return {r + s: _word_card(r + s, tr) for s in SUITS for r in RANKS}
    names = {r + s: _word_card(r + s, tr) for s in SUITS for r in RANKS}
    _NAMES[tr] = names  # two threads at once word the same names; either copy serves
    return names


def _word_card(card: str, tr: Translations) -> str:
    rank, suit = card[:-1], card[-1]
    names = {
        "S": (
            tr.gettext("ace of spades"),
            tr.gettext("jack of spades"),
            tr.gettext("queen of spades"),
            tr.gettext("king of spades"),
            tr.gettext("{rank} of spades"),
        ),
        "H": (
            tr.gettext("ace of hearts"),
            tr.gettext("jack of hearts"),
            tr.gettext("queen of hearts"),
            tr.gettext("king of hearts"),
            tr.gettext("{rank} of hearts"),
        ),
        "D": (
            tr.gettext("ace of diamonds"),
            tr.gettext("jack of diamonds"),
            tr.gettext("queen of diamonds"),
            tr.gettext("king of diamonds"),
            tr.gettext("{rank} of diamonds"),
        ),
        "C": (
            tr.gettext("ace of clubs"),
            tr.gettext("jack of clubs"),
            tr.gettext("queen of clubs"),
            tr.gettext("king of clubs"),
            tr.gettext("{rank} of clubs"),
        ),
    }[suit]
    special = {"A": 0, "J": 1, "Q": 2, "K": 3}
    if rank in special:
        return names[special[rank]]
    return names[4].format(rank=rank)


def describe(view: dict[str, Any], tr: Translations = ENGLISH) -> str:
    """Describe a public view (or full state: face-down cards are only counted)."""
    stock = view["stock"] if isinstance(view["stock"], int) else len(view["stock"])
    deals = view["deals_left"]
    removed = view["removed"]
    parts = [
        tr.ngettext("Stock: {n} card", "Stock: {n} cards", stock).format(n=stock)
        + ", "
        + tr.ngettext("{n} deal left", "{n} deals left", deals).format(n=deals)
        + "; "
        + (
            tr.gettext("no sequence removed")
            if removed == 0
            else tr.ngettext("{n} sequence removed", "{n} sequences removed", removed).format(n=removed)
        )
        + "."
    ]
    columns = [_column(i, col, tr) for i, col in enumerate(view["columns"], start=1)]
    return " ".join(parts) + " " + "; ".join(columns) + "."


def _column(i: int, col: dict[str, Any], tr: Translations) -> str:
    # The first column starts a sentence; the others follow a semicolon, which some languages
    # write in lower case (the context "later column"). English reads the same either way.
    down = col["down"] if isinstance(col["down"], int) else len(col["down"])
    if not col["up"] and not down:
        if i == 1:
            return tr.gettext("Column {column}: empty").format(column=i)
        return tr.pgettext("later column", "Column {column}: empty").format(column=i)
    names = card_names(tr)
    cards = ", ".join(names.get(c) or card_name(c, tr) for c in col["up"])
    # TRANSLATORS: {down} counts the face-down cards under the face-up ones listed in {cards}.
    if i == 1:
        text = tr.ngettext(
            "Column {column}: {down} face-down, then {cards}", "Column {column}: {down} face-down, then {cards}", down
        )
    else:
        text = tr.npgettext(
            "later column",
            "Column {column}: {down} face-down, then {cards}",
            "Column {column}: {down} face-down, then {cards}",
            down,
        )
    return text.format(column=i, down=down, cards=cards)


__all__ = ["describe", "card_name", "card_names", "ENGLISH", "RANKS", "SUITS"]
