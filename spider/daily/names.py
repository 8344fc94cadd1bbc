"""How a player appears on a leaderboard when they chose no name, and the id operators know them by.

Both come from a hash of the player's token, so they are stable and the token never leaves the
server (docs/RULES.md, Daily deals)."""

from __future__ import annotations

import hashlib

from ..engine import N_, Translations

ANONYMOUS = N_("Player {number}")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def anonymous_number(token: str) -> int:
    """The player's number, 1000 to 9999."""
    return 1000 + int(_digest(token), 16) % 9000


def anonymous_name(token: str, tr: Translations | None = None) -> str:
    """ "Player NNNN", in the language of ``tr`` (English without)."""
    template = tr.gettext(ANONYMOUS) if tr is not None else ANONYMOUS
    return template.format(number=anonymous_number(token))


def public_id(token: str) -> str:
    """The player's public id: the first 12 hex digits of their token's SHA-256."""
    return _digest(token)[:12]
