"""Display names: the anonymous default, the public id and the rule a chosen name must pass."""

from __future__ import annotations

import hashlib
import unicodedata

from ..engine import ENGLISH, N_, SpiderError, Translations

ANONYMOUS = N_("Player {number}")
SHORTEST_NAME = 3
LONGEST_NAME = 20
NAME_MARKS = " -_."  # the only characters besides letters, combining marks and decimal digits
# Unicode's explicit direction formatting characters (bidi class LRE, RLE, LRO, RLO, PDF, LRI, RLI,
# FSI, PDI, LRM, RLM, ALM): a name with one could reorder the text shown around it.
_BIDI_CLASSES = {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
_BIDI_MARKS = {"\u200e", "\u200f", "\u061c"}


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def anonymous_name(token: str, tr: Translations = ENGLISH) -> str:
    """The name a player has until they choose one: "Player NNNN", the same number for them every
    time, the word in the reader's language."""
    return tr.gettext(ANONYMOUS).format(number=1000 + int(_digest(token), 16) % 9000)


def public_id(token: str) -> str:
    """The player's id that may be shown (leaderboards, operators); the token never leaves the server."""
    return _digest(token)[:12]


def _hidden_character(text: str) -> bool:
    return any(
        unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
        or unicodedata.bidirectional(c) in _BIDI_CLASSES
        or c in _BIDI_MARKS
        for c in text
    )


def _allowed(c: str) -> bool:
    category = unicodedata.category(c)
    return category[0] in "LM" or category == "Nd" or c in NAME_MARKS


def check_name(text: str) -> str:
    """The name as kept (NFKC, trimmed), or SpiderError ``bad_name`` saying which rule it breaks."""
    name = unicodedata.normalize("NFKC", text).strip()
    if _hidden_character(name):
        raise SpiderError("bad_name", N_("A name cannot hold control or text-direction characters"))
    if not SHORTEST_NAME <= len(name) <= LONGEST_NAME:
        raise SpiderError(
            "bad_name",
            N_("A name has {shortest} to {longest} characters"),
            shortest=SHORTEST_NAME,
            longest=LONGEST_NAME,
        )
    if not all(_allowed(c) for c in name):
        raise SpiderError("bad_name", N_("A name holds only letters, digits, spaces and the marks - _ ."))
    if not any(unicodedata.category(c)[0] == "L" or unicodedata.category(c) == "Nd" for c in name):
        raise SpiderError("bad_name", N_("A name needs at least one letter or digit"))
    return name
