"""Clubs: make one, join one by its invite link, leave, replace the invite, and a club's page
(docs/API.md, Clubs). The rules are the play layer's (spider/play/clubs.py); a daily deal's board
among a club's members is the leaderboard's route with ``?club=`` (routes/daily.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from ...i18n import translations
from ...play.club_answers import ClubList, ClubPage, ClubSummary
from ..bodies import ClubBody, InviteBody
from ..context import Ctx
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..http.rates import INVITE, client_address
from ..identity import KnownPlayerId, PlayerId
from ..language import request_language
from ..refusals import refusals
from ..texts import CLUB_ID

router = APIRouter()

ClubId = Annotated[str, Path(description="A club's id", examples=["Xk3v9QpL2mZa"]), CLUB_ID]


@router.get(
    "/api/clubs",
    summary="The clubs the player is in",
    response_model=ClubList,
    responses=error_responses(BUSY),
)
def my_clubs(ctx: Ctx, player: PlayerId) -> ClubList:
    return ctx.clubs.player_clubs(player)


@router.post(
    "/api/clubs",
    status_code=201,
    summary="Make a club: the player is its owner and first member",
    response_model=ClubSummary,
    responses=error_responses(400, 403, BUSY, *BODY_LIMITS),
)
def make(request: Request, body: ClubBody, ctx: Ctx, player: PlayerId) -> ClubSummary:
    ctx.rates.take(INVITE, client_address(request.scope))  # a club made is an invite (and rows) kept
    with refusals():
        return ctx.clubs.make(player, body.name)


@router.post(
    "/api/invites/accept",
    summary="Join the club whose invite link this is",
    response_model=ClubSummary,
    responses=error_responses(400, 403, BUSY, *BODY_LIMITS),
)
def join(request: Request, body: InviteBody, ctx: Ctx, player: PlayerId) -> ClubSummary:
    ctx.rates.take(INVITE, client_address(request.scope))  # every try counts, so that nobody guesses an invite
    with refusals():
        return ctx.clubs.join(player, body.invite)


@router.get(
    "/api/clubs/{club}",
    summary="A club's page: its members, their results of today's deals and their daily streaks",
    response_model=ClubPage,
    responses=error_responses(404, BUSY),
)
def page(request: Request, club: ClubId, ctx: Ctx, player: PlayerId) -> ClubPage:
    with refusals():
        return ctx.clubs.page(player, club, translations(request_language(request)))


@router.post(
    "/api/clubs/{club}/invite",
    summary="Replace the club's invite link (its owner only): the old link stops working",
    response_model=ClubSummary,
    responses=error_responses(403, 404, BUSY, *BODY_LIMITS),
)
def new_invite(request: Request, club: ClubId, ctx: Ctx, player: KnownPlayerId) -> ClubSummary:
    ctx.rates.take(INVITE, client_address(request.scope))
    with refusals():
        return ctx.clubs.replace_invite(player, club)


@router.delete(
    "/api/clubs/{club}/membership",
    status_code=204,
    summary="Leave the club (its longest-standing member takes over from an owner who leaves)",
    responses=error_responses(404, BUSY),
)
def leave(club: ClubId, ctx: Ctx, player: KnownPlayerId) -> Response:
    with refusals():
        ctx.clubs.leave(player, club)
    return Response(status_code=204)
