"""Players: their settings (a new player's defaults under what they chose), their name as shown on
leaderboards and their unfinished game, as ``GET /api/player`` answers them."""

from __future__ import annotations

from typing import Any

from .. import clock
from ..daily.names import anonymous_name
from ..engine import Translations
from ..store import Store
from .answers import DisplayName, Player, PlayerSettings
from .playing import Playing

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


class Players:
    """Settings are read from the store each time: nothing a request needs lives only in one process's
    memory (several app workers may share the database)."""

    def __init__(self, store: Store, playing: Playing) -> None:
        self.store = store
        self.playing = playing

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
