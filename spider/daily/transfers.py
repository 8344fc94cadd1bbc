"""Transfer codes: a one-time code that links another browser to the same player.

A code is 8 characters of Crockford's base32 (no I, L or O, which look like 1 and 0, and no U),
shown as two groups of four. Typed, it may be in either case, with or without the
dash or spaces, and a look-alike letter counts as the digit it resembles. The store keeps only the
SHA-256 of the normalized code, so a leaked table links nobody."""

from __future__ import annotations

import hashlib
import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
VALID_SECONDS = 600
_LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
_SEPARATORS = str.maketrans("", "", "- ")


def new_code() -> str:
    """A fresh random code as shown to the player: ``XXXX-XXXX``."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{chars[:4]}-{chars[4:]}"


def normalized(typed: str) -> str | None:
    """The code's 8 characters as kept (upper case, no dash), or None when ``typed`` is no code."""
    chars = typed.strip().upper().translate(_SEPARATORS).translate(_LOOK_ALIKES)
    if len(chars) != LENGTH or any(c not in ALPHABET for c in chars):
        return None
    return chars


def code_hash(code: str) -> str:
    """What the store keeps of a normalized code."""
    return hashlib.sha256(code.encode()).hexdigest()
