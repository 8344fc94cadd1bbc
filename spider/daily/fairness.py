"""Provably fair daily deals (docs/RULES.md, Provably fair deals): a deal's fingerprint, published
while its day lasts, and the check anyone can make once the day is over and the deal, its salt, the
day's key and its try are published.

The fingerprint binds the site to the deck before anyone plays it (the salt keeps the deck from
being guessed back from it); the day's key lets a player re-derive the deck from the documented
shuffle, so the site could not have picked a deck by hand."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..engine import Game, SpiderError, variant_of_level
from .deck import shuffled_deck
from .levels import PROFILE

SALT_BYTES = 32
_HEX64 = re.compile("[0-9a-f]{64}")


def new_salt() -> str:
    """A fingerprint's salt: 32 random bytes in lowercase hex."""
    return secrets.token_hex(SALT_BYTES)


def deck_text(deck: list[str]) -> str:
    """The deck's canonical text: its cards in deal order as a record writes them, one space apart."""
    return " ".join(deck)


def fingerprint(salt: str, day: str, level: str, deck: list[str]) -> str:
    """SHA-256 of ``salt|day|level|deck text`` (UTF-8), in lowercase hex."""
    return hashlib.sha256(f"{salt}|{day}|{level}|{deck_text(deck)}".encode()).hexdigest()


@dataclass(frozen=True)
class Check:
    """One thing the verifier checked: what, whether it held, and why not."""

    what: str
    ok: bool
    detail: str = ""


def _line_wins(level: str, deck: list[str], line: list[str]) -> Check:
    what = "the winning line wins the deal"
    try:
        game = Game.from_deck(variant_of_level(level), deck, profile=PROFILE)
        for action in line:
            game.apply(action)
    except SpiderError as e:
        return Check(what, False, f"the line stops at an illegal action: {e}")
    return Check(what, game.won, "" if game.won else "the line ends with the game not won")


def _hex64(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def verify(day: str, entry: dict[str, Any]) -> list[Check]:
    """Check a past day's published deal of a level (its entry in ``GET /api/daily/{date}``):
    its deck matches the fingerprint with the salt, and is the day key's shuffle of its try; the
    line wins it. The deal is verified when every check holds."""
    level = entry.get("level")
    fingerprinted = entry.get("fingerprint")
    seal = entry.get("seal")
    start = entry.get("deck")
    deck = start.get("deck") if isinstance(start, dict) else None
    if not isinstance(level, str) or not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        return [Check("the deal is published", False, "no deck: the day is not over, or no deal was made")]
    if not _hex64(fingerprinted) or not isinstance(seal, dict):
        return [Check("the deal is sealed", False, "it was made before deals had fingerprints: it cannot be verified")]
    salt, key, attempt = seal.get("salt"), seal.get("day_key"), seal.get("attempt")
    if not _hex64(salt) or not _hex64(key) or not isinstance(attempt, int) or isinstance(attempt, bool) or attempt < 0:
        return [Check("the seal is well formed", False, "salt and day_key are 64 hex digits, attempt a whole number")]
    remade = fingerprint(salt, day, level, deck)
    checks = [
        Check(
            "the deck and salt match the fingerprint published during the day",
            remade == fingerprinted,
            "" if remade == fingerprinted else f"they give {remade}, not {fingerprinted}",
        )
    ]
    expected = shuffled_deck(key, level, attempt)
    checks.append(
        Check(
            f"the deck is the day key's shuffle of try {attempt}",
            expected == deck,
            "" if expected == deck else "the shuffle gives another deck",
        )
    )
    line = entry.get("line")
    if isinstance(line, list) and all(isinstance(a, str) for a in line):
        checks.append(_line_wins(level, deck, line))
    else:
        checks.append(Check("the winning line wins the deal", False, "no winning line is published"))
    return checks
