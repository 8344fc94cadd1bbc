"""How often one client may ask for the solver's costly help: the play layer decides when a request
spends from its allowance, the web layer keeps the allowances (per network address, which only HTTP
knows) and refuses a request past its own (429)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

SOLVE, DEEP_HINT = "solve", "deep_hint"  # the allowances a solve (or a review) and a deeper hint spend
LINK, INVITE = "link", "invite"  # those a transfer code (made or tried) and a club (made, joined, re-invited) spend
WINNABLE = "winnable"  # what a winnable deal handed out for the page to keep spends (it leaves the pool)


class Limits(Protocol):
    def spending(self, kind: str | None, address: str | None) -> AbstractContextManager[None]:
        """Spend one of ``kind`` (none for None) for ``address`` around the block; raises when there is
        none left, and gives it back when the solver turned the block away (it started nothing)."""
        ...
