"""Names that could pass for one another: their keys (Unicode's confusable skeletons, UTS #39, as
ICU's spoof checker computes them) and the characters that show nothing (Default_Ignorable_Code_Point).

Two names collide when either key matches: the skeleton of the case-folded name (so "ada lovelace",
"ADA LOVELACE" and a Cyrillic "Аda Lovelace" are one name) or the skeleton of the name as written
(which keeps what case folding loses: a capital I passes for an l, "AdaIovelace" for "Adalovelace").
Runs of spaces count as one, as a browser shows them."""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

import icu

_CHECKER = icu.SpoofChecker()


class NameKeys(NamedTuple):
    folded: str  # the skeleton of the case-folded name
    skeleton: str  # the skeleton of the name as written


def _skeleton(text: str) -> str:
    # the check-type argument is unused since ICU 58 (one table for every script)
    return " ".join(_CHECKER.getSkeleton(0, text).split())


def name_keys(name: str) -> NameKeys:
    """The keys under which ``name`` (as check_name keeps it) collides with another."""
    nfkc = unicodedata.normalize("NFKC", name)
    return NameKeys(_skeleton(nfkc.casefold()), _skeleton(nfkc))


def invisible(c: str) -> bool:
    """A character that shows nothing by itself: Unicode's default-ignorable code points (the Hangul
    fillers among them) and the blank braille pattern, which fonts draw as an empty cell."""
    return c == "\u2800" or icu.Char.hasBinaryProperty(c, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)


# What the keys of names stored earlier were computed with: another Unicode version, another check
# (daily/names.py's check_stored_names).
KEYS_VERSION = f"1 Unicode {icu.UNICODE_VERSION}"
