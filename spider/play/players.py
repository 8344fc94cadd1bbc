"""A player's display name, and the transfer codes that link another browser to the same player
(docs/API.md, Players): the use cases, their rules and their store calls."""

from __future__ import annotations

from dataclasses import dataclass

from .. import clock
from ..daily.names import anonymous_name, check_name, choose_name
from ..daily.transfers import VALID_SECONDS, code_hash, new_code, normalized
from ..engine import N_, SpiderError, Translations
from ..store import Store
from .answers import DisplayName, TransferCode

BAD_TRANSFER = N_("That code is unknown, used or expired: ask the other device for a new one")


class BadTransfer(SpiderError):
    """A transfer code that links nobody: mistyped, used already, or expired."""

    def __init__(self) -> None:
        super().__init__("bad_transfer", BAD_TRANSFER)


@dataclass(frozen=True)
class Linked:
    """The player a transfer code linked to, and their chosen language (None: the browser's)."""

    player: str
    lang: str | None


class Players:
    """Names and transfer codes over the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def name_of(self, player: str, tr: Translations) -> DisplayName:
        """The player's name as shown: the chosen one, else the anonymous one in ``tr``'s language."""
        chosen = self.store.player_name(player)
        return DisplayName(display=chosen or anonymous_name(player, tr), chosen=chosen is not None)

    def choose_name(self, player: str, name: str | None, tr: Translations) -> DisplayName:
        """Keep ``name`` as the player's (None: back to the anonymous one). A bad name is a
        SpiderError bad_name, a look-alike of another player's name_taken: nothing is kept."""
        kept = None if name is None else check_name(name)
        choose_name(self.store, player, kept, clock.now())
        return self.name_of(player, tr)

    def new_transfer(self, player: str) -> TransferCode:
        """A new one-time code that links another browser to ``player``, for VALID_SECONDS."""
        code = new_code()
        now = clock.now()
        self.store.add_transfer(code_hash(normalized(code) or code), player, now + VALID_SECONDS, now)
        return TransferCode(code=code, expires_in=VALID_SECONDS)

    def link(self, typed: str) -> Linked:
        """The player the code (as typed) names, the code used up; BadTransfer when it names none."""
        code = normalized(typed)
        linked = None if code is None else self.store.take_transfer(code_hash(code), clock.now())
        settings = None if linked is None else self.store.player_settings(linked)
        if linked is None or settings is None:
            raise BadTransfer()
        return Linked(linked, settings.get("lang"))
