"""What every route reaches through the app: the play layer's use cases (one per feature), and what
a request says of its player's language and network address."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from ..engine import Translations
from ..i18n import translations
from ..jobs.players import PlayerJobs
from ..play import Assistance, Finished, Games, Players, Playing, Readiness, Reviews
from ..play.clubs import Clubs
from ..play.dailies import Dailies
from ..play.daily import Daily
from ..play.deals import Deals
from ..store import Store
from .http.rates import RateLimits, client_address
from .language import request_language


@dataclass
class AppContext:
    playing: Playing
    assistance: Assistance
    players: Players
    finished: Finished
    reviews: Reviews
    readiness: Readiness
    daily: Daily
    clubs: Clubs
    deals: Deals
    # Below the use cases, for the player's identity and the app's own start and stop: no route
    # reaches them (tests/test_layers.py).
    store: Store
    games: Games
    player_jobs: PlayerJobs
    rates: RateLimits

    @classmethod
    def over(cls, store: Store, player_jobs: PlayerJobs, rates: RateLimits) -> AppContext:
        """The use cases over ``store`` and the solver's jobs; ``rates``: each client address's allowances."""
        games = Games(store)
        playing = Playing(games, player_jobs, Dailies(store))
        finished = Finished(store, playing)
        players = Players(store, playing, rates)
        clubs = Clubs(store, rates)
        return cls(
            playing=playing,
            assistance=Assistance(games, playing, player_jobs, rates),
            players=players,
            finished=finished,
            reviews=Reviews(store, games, finished, player_jobs, rates),
            readiness=Readiness(store, player_jobs),
            daily=Daily(store, playing, player_jobs, players, clubs),
            clubs=clubs,
            deals=Deals(store, player_jobs, playing.proofs, rates),
            store=store,
            games=games,
            player_jobs=player_jobs,
            rates=rates,
        )


# The dependencies are coroutines: FastAPI runs them in the event loop, with no thread of their own.
async def context(request: Request) -> AppContext:
    ctx: AppContext = request.app.state.context
    return ctx


async def request_translations(request: Request) -> Translations:
    return translations(request_language(request))


async def request_client(request: Request) -> str | None:
    return client_address(request.scope)


async def language(request: Request) -> str:
    return request_language(request)


# A route's parameter ``ctx: Ctx`` receives the app's context; ``tr: Tr`` the request's language's
# translations, ``lang: Lang`` its code; ``client: Client`` the client's network address (rates.py).
Ctx = Annotated[AppContext, Depends(context)]
Tr = Annotated[Translations, Depends(request_translations)]
Lang = Annotated[str, Depends(language)]
Client = Annotated[str | None, Depends(request_client)]
