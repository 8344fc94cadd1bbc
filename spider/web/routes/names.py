"""The player's display name, and transfer codes that link another browser to the same player.
The rules are the play layer's (spider/play/players.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from ...i18n import translations
from ...play.answers import DisplayName, TransferCode
from ..bodies import LinkBody, NameBody
from ..context import Ctx
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..http.rates import LINK, client_address
from ..identity import PlayerId, Private, player_cookie
from ..language import request_language
from ..models import Player
from ..players import player_answer
from ..refusals import refusals

router = APIRouter()


@router.put(
    "/api/player/name",
    summary="Choose a display name (null: back to the anonymous one)",
    response_model=DisplayName,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
def put_name(request: Request, body: NameBody, ctx: Ctx, player: PlayerId) -> DisplayName:
    # a bad name: 400 bad_name, a look-alike of another's: 400 name_taken; nothing kept
    return ctx.players.choose_name(player, body.name, translations(request_language(request)))


@router.post(
    "/api/player/transfer",
    status_code=201,
    summary="A new one-time code that links another browser to this player",
    response_model=TransferCode,
    responses=error_responses(429, BUSY, *BODY_LIMITS),
)
def post_transfer(request: Request, ctx: Ctx, player: PlayerId) -> TransferCode:
    ctx.rates.take(LINK, client_address(request.scope))  # the same bucket: a code made is a row kept
    return ctx.players.new_transfer(player)


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
    with refusals():
        linked = ctx.players.link(body.code)
    request.state.lang = linked.lang
    response.headers.append("Set-Cookie", player_cookie(linked.player, request.url.scheme == "https"))
    return player_answer(request, ctx, linked.player)
