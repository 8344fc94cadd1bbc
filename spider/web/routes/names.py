"""The player's display name, and transfer codes that link another browser to the same player.
The rules are the play layer's (spider/play/players.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from ...play.answers import DisplayName, TransferCode
from ..bodies import LinkBody, NameBody
from ..context import Client, Ctx, Lang, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import PlayerId, Private, new_token, player_cookie
from ..models import Player

router = APIRouter()


@router.put(
    "/api/player/name",
    summary="Choose a display name (null: back to the anonymous one)",
    response_model=DisplayName,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
def put_name(body: NameBody, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    # a bad name: 400 bad_name, a look-alike of another's: 400 name_taken; nothing kept
    return sent(ctx.players.choose_name(player, body.name, tr))


@router.post(
    "/api/player/transfer",
    status_code=201,
    summary="A new one-time code that links another browser to this player",
    response_model=TransferCode,
    responses=error_responses(429, BUSY, *BODY_LIMITS),
)
def post_transfer(ctx: Ctx, player: PlayerId, client: Client) -> Response:
    return sent(ctx.players.new_transfer(player, client), status_code=201)


@router.post(
    "/api/player/link",
    summary="Play as the player a transfer code names, in this browser",
    response_model=Player,
    response_model_exclude_unset=True,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
    dependencies=[Private],  # the player linked to, not the request's
)
def post_link(request: Request, body: LinkBody, ctx: Ctx, client: Client, lang: Lang) -> Response:
    token, browser = new_token()  # this browser's own token, kept (hashed) as another of the player's
    linked = ctx.players.link(body.code, client, lang, browser)
    request.state.lang = linked.lang  # the linked player's language from here on
    return sent(linked.answer, headers={"Set-Cookie": player_cookie(token, request.url.scheme == "https")})
