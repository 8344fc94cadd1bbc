"""Clubs: make one, join one by its invite link, leave, replace the invite, and a club's page
(docs/API.md, Clubs). The rules are the play layer's (spider/play/clubs.py); a daily deal's board
among a club's members is the leaderboard's route with ``?club=`` (routes/daily.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from ...play.club_answers import ClubList, ClubPage, ClubSummary
from ..bodies import ClubBody, InviteBody
from ..context import Client, Ctx, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import KnownPlayerId, PlayerId
from ..texts import CLUB_ID

router = APIRouter()

ClubId = Annotated[str, Path(description="A club's id", examples=["Xk3v9QpL2mZa"]), CLUB_ID]


@router.get(
    "/api/clubs",
    summary="The clubs the player is in",
    response_model=ClubList,
    responses=error_responses(BUSY),
)
def my_clubs(ctx: Ctx, player: PlayerId) -> Response:
    return sent(ctx.clubs.player_clubs(player))


@router.post(
    "/api/clubs",
    status_code=201,
    summary="Make a club: the player is its owner and first member",
    response_model=ClubSummary,
    responses=error_responses(400, 403, BUSY, *BODY_LIMITS),
)
def make(body: ClubBody, ctx: Ctx, player: PlayerId, client: Client) -> Response:
    return sent(ctx.clubs.make(player, body.name, client), status_code=201)


@router.post(
    "/api/invites/accept",
    summary="Join the club whose invite link this is",
    response_model=ClubSummary,
    responses=error_responses(400, 403, BUSY, *BODY_LIMITS),
)
def join(body: InviteBody, ctx: Ctx, player: PlayerId, client: Client) -> Response:
    return sent(ctx.clubs.join(player, body.invite, client))


@router.get(
    "/api/clubs/{club}",
    summary="A club's page: its members, their results of today's deals and their daily streaks",
    response_model=ClubPage,
    responses=error_responses(404, BUSY),
)
def page(club: ClubId, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(ctx.clubs.page(player, club, tr))


@router.post(
    "/api/clubs/{club}/invite",
    summary="Replace the club's invite link (its owner only): the old link stops working",
    response_model=ClubSummary,
    responses=error_responses(403, 404, BUSY, *BODY_LIMITS),
)
def new_invite(club: ClubId, ctx: Ctx, player: KnownPlayerId, client: Client) -> Response:
    return sent(ctx.clubs.replace_invite(player, club, client))


@router.delete(
    "/api/clubs/{club}/membership",
    status_code=204,
    summary="Leave the club (its longest-standing member takes over from an owner who leaves)",
    responses=error_responses(404, BUSY),
)
def leave(club: ClubId, ctx: Ctx, player: KnownPlayerId) -> Response:
    ctx.clubs.leave(player, club)
    return Response(status_code=204)
