"""Players: their settings (a new player's defaults under what they chose), their name as shown on
leaderboards and their unfinished game, as ``GET /api/player`` answers them; choosing a display
name, and the transfer codes that link another browser to the same player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import clock
from ..daily.names import anonymous_name, check_name, choose_name
from ..daily.transfers import VALID_SECONDS, code_hash, new_code, normalized
from ..engine import N_, SpiderError, Translations
from ..i18n import LANGUAGES, translations
from ..store import Store
from .answers import DisplayName, Player, PlayerSettings, TransferCode
from .limits import LINK, Limits
from .playing import Playing

BAD_TRANSFER = N_("That code is unknown, used or expired: ask the other device for a new one")

DEFAULT_SETTINGS: dict[str, Any] = {
    "lang": None,
    "double_click": True,
    "single_tap": None,  # not chosen: the page turns it on for touch screens
    "auto_place": False,
    "placement_help": True,
    "sound": True,
    "profile": "standard",
    "card_back": "blue",
    "table": "green",
    "left_handed": False,
}


class BadTransfer(SpiderError):
    """A transfer code that links nobody: mistyped, used already, or expired."""

    def __init__(self) -> None:
        super().__init__("bad_transfer", BAD_TRANSFER)


@dataclass(frozen=True)
class Linked:
    """The player a transfer code linked to, their chosen language (None: the browser's) and
    ``GET /api/player`` as they now see it."""

    player: str
    lang: str | None
    answer: Player


class Players:
    """Settings are read from the store each time: nothing a request needs lives only in one process's
    memory (several app workers may share the database)."""

    def __init__(self, store: Store, playing: Playing, limits: Limits) -> None:
        self.store = store
        self.playing = playing
        self.limits = limits

    def settings(self, player: str) -> PlayerSettings:
        return PlayerSettings.model_validate(self._settings(player))

    def _settings(self, player: str) -> dict[str, Any]:
        return DEFAULT_SETTINGS | (self.store.player_settings(player) or {})

    def change_settings(self, player: str, changed: dict[str, Any]) -> PlayerSettings:
        """Save the settings ``changed`` (the others stay as they were); all of them."""
        settings = self._settings(player) | changed
        self.store.save_settings(player, settings, clock.now())
        return PlayerSettings.model_validate(settings)

    def name(self, player: str, tr: Translations) -> DisplayName:
        """The player's name as the API shows it: the chosen one, else the anonymous one."""
        chosen = self.store.player_name(player)
        return DisplayName(display=chosen or anonymous_name(player, tr), chosen=chosen is not None)

    def player(self, player: str, lang: str, tr: Translations) -> Player:
        """``GET /api/player``: ``lang`` is the language in use (``tr``'s)."""
        return Player.model_validate(
            {
                "lang": lang,
                "settings": self._settings(player),
                "current": self.playing.current_or_none(player, tr),
                "name": self.name(player, tr),
            }
        )

    def choose_name(self, player: str, name: str | None, tr: Translations) -> DisplayName:
        """Keep ``name`` as the player's (None: back to the anonymous one). A bad name is a
        SpiderError bad_name, a look-alike of another player's name_taken: nothing is kept."""
        kept = None if name is None else check_name(name)
        choose_name(self.store, player, kept, clock.now())
        return self.name(player, tr)

    def new_transfer(self, player: str, client: str | None) -> TransferCode:
        """A new one-time code that links another browser to ``player``, for VALID_SECONDS (from the
        same allowance as linking: a code made is a row kept)."""
        with self.limits.spending(LINK, client):
            code = new_code()
            now = clock.now()
            self.store.add_transfer(code_hash(normalized(code) or code), player, now + VALID_SECONDS, now)
        return TransferCode(code=code, expires_in=VALID_SECONDS)

    def link(self, typed: str, client: str | None, browser_lang: str, browser: str) -> Linked:
        """The player the code (as typed) names, the code used up and ``browser`` (the hash of the
        linked browser's new token) kept as another of theirs, in their language (else
        ``browser_lang``); BadTransfer when it names none. Every try spends from the client's
        allowance, so that nobody guesses a code."""
        with self.limits.spending(LINK, client):
            code = normalized(typed)
            linked = None if code is None else self.store.take_transfer(code_hash(code), clock.now(), browser)
            settings = None if linked is None else self.store.player_settings(linked)
        if linked is None or settings is None:
            raise BadTransfer()
        chosen = settings.get("lang")
        lang = chosen if chosen in LANGUAGES else browser_lang
        return Linked(linked, chosen, self.player(linked, lang, translations(lang)))
