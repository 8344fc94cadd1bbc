"""Who a request is, as FastAPI dependencies: a route that needs the player names them in its signature.

The cookie holds the player's token; the store keeps only its hash (``token_hash``), the player's
id everywhere below this module, which hashes the cookie's token once per request. So a copy of the
database hands out no cookie.

``player: PlayerId`` gives the id of the ``spider_player`` cookie's player, or a new player's id (of a
new token) when the cookie holds none the store issued. A new token is only a name until something is
written for it: the store keeps no row for it, a read through it finds what a new player has, and the
browser gets the cookie only if the request stored something for it (``answer_headers``). ``player: KnownPlayerId``
gives the cookie's player, never a new one that may be kept (a solve's or a review's job is of a game the player
already has). Both mark the answer private: ``Cache-Control: no-store``, as does ``Private`` for a
route about a player that takes no player of its own. The store is read off the event loop, once per
request whoever asks (the language of every answer, the dependencies)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterator
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.dependencies.models import Dependant
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.responses import Response
from starlette.types import Scope

from ..store import Store, StoreBusy, token_hash
from .http.rates import NEW_PLAYER, client_address

COOKIE = "spider_player"
COOKIE_MAX_AGE = 10 * 365 * 24 * 3600
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")

# what the dependencies leave in the request's state for answer_headers (the scope's "state")
_SAVED, _PRIVATE, _NEW_PLAYER = "identity_saved", "identity_private", "identity_new_player"
_MINTED = "identity_minted"  # the tokens of the new players' ids made in the request, by id


def _store(scope: Scope) -> Store:
    store: Store = scope["app"].state.context.store
    return store


async def saved_settings(request: Request) -> tuple[str | None, dict[str, Any] | None]:
    """(the cookie's player's id, their saved settings) when the store issued the cookie's token, else
    (None, None): a forged or lost token is no player. Read once per request; StoreBusy propagates
    (a 503 busy answer)."""
    state = request.scope.setdefault("state", {})
    if _SAVED not in state:
        token = request.cookies.get(COOKIE, "")
        found = (
            await run_in_threadpool(_store(request.scope).token_player, token_hash(token))
            if _TOKEN.match(token)
            else None
        )
        state[_SAVED] = found or (None, None)
    saved: tuple[str | None, dict[str, Any] | None] = state[_SAVED]
    return saved


def private(request: Request) -> None:
    """The answer is about one player's things: no cache keeps it."""
    request.scope.setdefault("state", {})[_PRIVATE] = True


async def _cookie_player(request: Request) -> str | None:
    private(request)
    player, _settings = await saved_settings(request)
    return player


def new_token() -> tuple[str, str]:
    """A new browser's token, for its cookie, and its hash, as the store keeps it."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def new_player_id(request: Request) -> str:
    """A new player's id, its token kept in the request for the cookie (``adopt_new_player``)."""
    token, player = new_token()
    request.scope.setdefault("state", {}).setdefault(_MINTED, {})[player] = token
    return player


async def known_player(request: Request) -> str:
    """The cookie's player if the store knows them, else an id nobody has (so nothing is theirs:
    a job of someone else's is not found); never a cookie. The answer is private."""
    return await _cookie_player(request) or token_hash(secrets.token_urlsafe(24))


async def current_player(request: Request) -> str:
    """The cookie's player, else a new player (a write through them takes the address's new-player
    allowance: 429 past it); the answer is private. A read (GET, HEAD) never writes, so only another
    method's new player may become a cookie."""
    player = await _cookie_player(request)
    if player is not None:
        return player
    player = new_player_id(request)
    if request.method not in ("GET", "HEAD"):
        adopt_new_player(request, player)
    return player


def adopt_new_player(request: Request, player: str) -> None:
    """A request that stores something for a new ``player`` (``new_player_id``; the page dealing a
    first visit's game too): it takes the address's new-player allowance (RateLimited past it), and
    the browser gets the cookie once something is stored."""
    request.app.state.context.rates.take(NEW_PLAYER, client_address(request.scope))
    state = request.scope.setdefault("state", {})
    state[_NEW_PLAYER] = state[_MINTED][player]


# A route's parameter ``player: PlayerId`` is the request's player (maybe a new one);
# ``player: KnownPlayerId`` is the cookie's known player (else nobody's); ``dependencies=[Private]`` only
# marks the answer private.
PlayerId = Annotated[str, Depends(current_player)]
KnownPlayerId = Annotated[str, Depends(known_player)]
Private = Depends(private)
IDENTITY_DEPENDENCIES = (current_player, known_player, private)


async def _was_stored(store: Store, player: str) -> bool:
    """Whether the request stored something for its new ``player`` (then the store knows them). A
    store that does not answer now gets the benefit of the doubt: a cookie the store never heard of
    is taken for none at all."""
    try:
        return await run_in_threadpool(store.player_settings, player) is not None
    except StoreBusy:
        return True


def player_cookie(token: str, secure: bool) -> str:
    """The Set-Cookie value that gives the browser the player's token."""
    carrier = Response()
    carrier.set_cookie(COOKIE, token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="lax", path="/", secure=secure)
    return carrier.headers["set-cookie"]


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    if dependant.call is not None:
        yield dependant.call
    for sub in dependant.dependencies:
        yield from _calls(sub)


def private_route(route: object) -> bool:
    """Whether ``route`` (a scope's matched route) asks for the player or marks its answers private,
    so that an answer refused before its dependencies ran (a malformed body) is private too. (A
    route's tree is a handful of calls: walked per answer, not worth a cache.)"""
    dependant = getattr(route, "dependant", None)
    return isinstance(dependant, Dependant) and any(call in IDENTITY_DEPENDENCIES for call in _calls(dependant))


async def answer_headers(scope: Scope, headers: MutableHeaders) -> None:
    """What the request's dependencies asked of its answer (errors included): ``no-store`` for a
    private one (its route's, even when refused before they ran), and the cookie of a new player the
    request stored something for."""
    state = scope.get("state", {})
    if state.get(_PRIVATE) or private_route(scope.get("route")):
        headers.setdefault("Cache-Control", "no-store")
    new_token = state.get(_NEW_PLAYER)
    if new_token is not None and await _was_stored(_store(scope), token_hash(new_token)):
        headers.append("Set-Cookie", player_cookie(new_token, scope.get("scheme") == "https"))
