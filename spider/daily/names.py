"""Display names: the anonymous default, the public id and the rule a chosen name must pass."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from functools import cache

from ..engine import ENGLISH, N_, SpiderError, Translations
from ..i18n import LANGUAGES, translations
from ..store import Store
from .confusables import KEYS_VERSION, invisible, name_keys

ANONYMOUS = N_("Player {number}")
ANONYMOUS_LIKE = N_("A name cannot look like the one of a player who has not chosen any (“Player 1234”)")
NAME_TAKEN = N_("Another player's name is the same or looks the same: choose another one")
SHORTEST_NAME = 3
LONGEST_NAME = 20
NAME_MARKS = " -_."  # the only characters besides letters, combining marks and decimal digits
MOST_MARKS = 2  # combining marks on one letter: Vietnamese needs two (ệ); more draw over the lines around
# Unicode's explicit direction formatting characters (bidi class LRE, RLE, LRO, RLO, PDF, LRI, RLI,
# FSI, PDI, LRM, RLM, ALM): a name with one could reorder the text shown around it.
_BIDI_CLASSES = {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
_BIDI_MARKS = {"\u200e", "\u200f", "\u061c"}


def anonymous_name(player: str, tr: Translations = ENGLISH) -> str:
    """The name a player has until they choose one: "Player NNNN", the same number for them every
    time, the word in the reader's language. ``player``: their id, the SHA-256 (hex) of their token
    (``store.token_hash``)."""
    return tr.gettext(ANONYMOUS).format(number=1000 + int(player, 16) % 9000)


def public_id(player: str) -> str:
    """The player's id that may be shown (leaderboards, operators): the first 12 hex digits of their
    id, the hash of their token (so the same as when the store kept the token itself)."""
    return player[:12]


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


def _stacked(name: str) -> bool:
    """More than MOST_MARKS combining marks on one character, or a mark on none (at the start)."""
    run = MOST_MARKS  # a mark before any letter is one too many
    for c in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        if run > MOST_MARKS:
            return True
    return False


def _bare(text: str) -> str:
    """``text`` without its accents: "Hrac 1234" passes for the Slovak "Hráč 1234"."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


@cache
def _anonymous_patterns() -> tuple[re.Pattern[str], ...]:
    """The anonymous name in every language, as either key reads it: any digits, or what passes for them."""
    patterns = []
    for lang in LANGUAGES:
        before, after = translations(lang).gettext(ANONYMOUS).split("{number}")
        for key in (0, 1):
            digits = "".join(sorted({c for d in "0123456789" for c in name_keys(d)[key]}))
            words = [re.escape(_bare(name_keys(part)[key])) if part.strip() else "" for part in (before, after)]
            patterns.append(re.compile(rf"{words[0]} ?[\d{re.escape(digits)}]+ ?{words[1]}"))
    return tuple(patterns)


def anonymous_like(name: str) -> bool:
    """Whether ``name`` reads as an anonymous name ("Player 1234", in any of the app's languages)."""
    keys = [_bare(key) for key in name_keys(name)]
    return any(pattern.fullmatch(keys[i % 2]) for i, pattern in enumerate(_anonymous_patterns()))


def check_name(text: str) -> str:
    """The name as kept (NFKC, trimmed), or SpiderError ``bad_name`` saying which rule it breaks."""
    name = unicodedata.normalize("NFKC", text).strip()
    if _hidden_character(name):
        raise SpiderError("bad_name", N_("A name cannot hold control or text-direction characters"))
    if any(invisible(c) for c in name):
        raise SpiderError("bad_name", N_("A name cannot hold invisible or blank characters"))
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
    if _stacked(name):
        raise SpiderError(
            "bad_name", N_("A letter carries at most {most} accents, and a name starts with no accent"), most=MOST_MARKS
        )
    if anonymous_like(name):
        raise SpiderError("bad_name", ANONYMOUS_LIKE)
    return name


def choose_name(store: Store, player: str, name: str | None, now: float) -> None:
    """Keep ``name`` (checked by check_name) as the player's, or with None go back to the anonymous
    one; SpiderError ``name_taken`` when another player's name is the same or looks the same (any
    player who holds a name: it is on the leaderboards of every day they played)."""
    keys = None if name is None else name_keys(name)
    if not store.set_player_name(player, name, public_id(player), now, keys):
        raise SpiderError("name_taken", NAME_TAKEN)


def check_stored_names(store: Store) -> int | None:
    """Once per KEYS_VERSION: give every stored name its look-alike keys and flag, for the operator,
    those that break the rule or look like another's (the names are kept). How many were flagged;
    None when the names were checked already."""
    named = store.named_players(KEYS_VERSION)
    if named is None:
        return None
    keys = {token: name_keys(name) for token, name in named}
    holders: defaultdict[tuple[int, str], set[str]] = defaultdict(set)  # (which key, key): its players
    for token, found in keys.items():
        for which, key in enumerate(found):
            holders[which, key].add(token)
    rows = []
    for token, name in named:
        try:
            check_name(name)
            flag = None
        except SpiderError as err:
            flag = err.message
        others = set().union(*(holders[which, key] for which, key in enumerate(keys[token]))) - {token}
        if flag is None and others:
            flag = f"the same as, or looks like, the name of {', '.join(sorted(public_id(t) for t in others))}"
        rows.append((token, *keys[token], flag))
    store.flag_names(rows, KEYS_VERSION)
    return sum(flag is not None for *_, flag in rows)
