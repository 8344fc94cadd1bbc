"""The player's display name, and transfer codes that link another browser to the same player."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from ... import clock
from ...daily.names import check_name, choose_name
from ...daily.transfers import VALID_SECONDS, code_hash, new_code, normalized
from ...i18n import translations
from ..bodies import LinkBody, NameBody
from ..context import Ctx
from ..http.errors import BODY_LIMITS, BUSY, ApiError, error_responses
from ..http.rates import LINK, client_address
from ..identity import PlayerId, Private, new_token, player_cookie
from ..language import request_language
from ..models import DisplayName, Player, TransferCode
from ..players import name_of, player_answer
from ..texts import BAD_TRANSFER

router = APIRouter()


@router.put(
    "/api/player/name",
    summary="Choose a display name (null: back to the anonymous one)",
    response_model=DisplayName,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
def put_name(request: Request, body: NameBody, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    name = None if body.name is None else check_name(body.name)  # a bad name: 400 bad_name, nothing kept
    choose_name(ctx.store, player, name, clock.now())  # a look-alike of another's: 400 name_taken, nothing kept
    return name_of(ctx.store, player, translations(request_language(request)))


@router.post(
    "/api/player/transfer",
    status_code=201,
    summary="A new one-time code that links another browser to this player",
    response_model=TransferCode,
    responses=error_responses(429, BUSY, *BODY_LIMITS),
)
def post_transfer(request: Request, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    ctx.rates.take(LINK, client_address(request.scope))  # the same bucket: a code made is a row kept
    code = new_code()
    now = clock.now()
    ctx.store.add_transfer(code_hash(normalized(code) or code), player, now + VALID_SECONDS, now)
    return {"code": code, "expires_in": VALID_SECONDS}


class BadTransfer(ApiError):
    def __init__(self) -> None:
        super().__init__(400, "bad_transfer", BAD_TRANSFER)


@router.post(
    "/api/player/link",
    summary="Play as the player a transfer code names, in this browser",
    response_model=Player,
    response_model_exclude_unset=True,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
    dependencies=[Private],  # the player linked to, not the request's
)
def post_link(request: Request, response: Response, body: LinkBody, ctx: Ctx) -> dict[str, Any]:
    ctx.rates.take(LINK, client_address(request.scope))  # every try counts, so that nobody guesses a code
    code = normalized(body.code)
    token, browser = new_token()  # this browser's own token, kept (hashed) as another of the player's
    linked = None if code is None else ctx.store.take_transfer(code_hash(code), clock.now(), browser)
    settings = None if linked is None else ctx.store.player_settings(linked)
    if linked is None or settings is None:
        raise BadTransfer()
    request.state.lang = settings.get("lang")
    response.headers.append("Set-Cookie", player_cookie(token, request.url.scheme == "https"))
    return player_answer(request, ctx, linked)
