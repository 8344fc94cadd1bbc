"""What every route reaches through the app: the store, the games, the jobs players wait for and the
player's settings, plus the one way a game is turned into the view the browser receives."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any

from fastapi import Depends, Request

from .. import clock
from ..engine import Game
from ..i18n import translations
from ..jobs.players import PlayerJobs
from ..play import Finished, Games
from ..play.clubs import Clubs
from ..play.dailies import daily_tag
from ..play.daily import Daily
from ..play.players import Players
from ..store import GameRow, Store
from .http.rates import RateLimits
from .language import request_language
from .views import game_view

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


@dataclass
class AppContext:
    store: Store
    games: Games
    player_jobs: PlayerJobs
    rates: RateLimits = field(default_factory=lambda: RateLimits({}))  # per client address, this process's

    @cached_property
    def finished(self) -> Finished:
        return Finished(self.store)

    @cached_property
    def players(self) -> Players:
        return Players(self.store)

    @cached_property
    def clubs(self) -> Clubs:
        return Clubs(self.store)

    @cached_property
    def daily(self) -> Daily:
        return Daily(self.store, self.games, self.player_jobs, self.players, self.clubs)

    # Settings are read from the store each time: nothing a request needs lives only in one
    # process's memory (several app workers may share the database).
    def settings_of(self, player: str) -> dict[str, Any]:
        return DEFAULT_SETTINGS | (self.store.player_settings(player) or {})

    def save_settings(self, player: str, settings: dict[str, Any]) -> None:
        self.store.save_settings(player, settings, clock.now())


def context(request: Request) -> AppContext:
    ctx: AppContext = request.app.state.context
    return ctx


# A route's parameter ``ctx: Ctx`` receives the app's context.
Ctx = Annotated[AppContext, Depends(context)]


def view(request: Request, row: GameRow, game: Game, events: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game view in the request's language (with its daily deal, for a daily game's)."""
    store: Store = request.app.state.context.store
    daily = daily_tag(store, row)
    return game_view(row, game, translations(request_language(request)), events, daily)
