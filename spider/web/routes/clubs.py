"""Clubs: make one, join one by its invite link, leave, replace the invite, and a club's page
(docs/API.md, Clubs). The rules are the play layer's (spider/play/clubs.py); a daily deal's board
among a club's members is the leaderboard's route with ``?club=`` (routes/daily.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Path, Request, Response

from ...i18n import translations
from ...play import clubs
from ..bodies import ClubBody, InviteBody
from ..club_models import ClubList, ClubPage, ClubSummary
from ..context import Ctx
from ..http.errors import BODY_LIMITS, BUSY, ApiError, error_responses
from ..http.rates import INVITE, client_address
from ..identity import KnownPlayerId, PlayerId
from ..language import request_language
from ..texts import CLUB_ID

router = APIRouter()

ClubId = Annotated[str, Path(description="A club's id", examples=["Xk3v9QpL2mZa"]), CLUB_ID]

# What each refusal of the play layer is in HTTP: a club one is not in is not found, like an unknown one
STATUS: dict[type[clubs.ClubRefusal], int] = {
    clubs.NoClub: 404,
    clubs.BadInvite: 400,
    clubs.TooManyClubs: 403,
    clubs.ClubFull: 403,
    clubs.NotOwner: 403,
}
T = TypeVar("T")


def answer(call: Callable[..., T], *args: Any) -> T:
    """The play layer's answer, or its refusal as an HTTP error (nothing changed)."""
    try:
        return call(*args)
    except clubs.ClubRefusal as err:
        raise ApiError(STATUS[type(err)], err.reason, err.template, **err.params) from err


@router.get(
    "/api/clubs",
    summary="The clubs the player is in",
    response_model=ClubList,
    responses=error_responses(BUSY),
)
def my_clubs(ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    return clubs.player_clubs(ctx.store, player)


@router.post(
    "/api/clubs",
    status_code=201,
    summary="Make a club: the player is its owner and first member",
    response_model=ClubSummary,
    responses=error_responses(400, 403, BUSY, *BODY_LIMITS),
)
def make(request: Request, body: ClubBody, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    ctx.rates.take(INVITE, client_address(request.scope))  # a club made is an invite (and rows) kept
    return answer(clubs.make_club, ctx.store, player, body.name)


@router.post(
    "/api/invites/accept",
    summary="Join the club whose invite link this is",
    response_model=ClubSummary,
    responses=error_responses(400, 403, BUSY, *BODY_LIMITS),
)
def join(request: Request, body: InviteBody, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    ctx.rates.take(INVITE, client_address(request.scope))  # every try counts, so that nobody guesses an invite
    return answer(clubs.join_club, ctx.store, player, body.invite)


@router.get(
    "/api/clubs/{club}",
    summary="A club's page: its members, their results of today's deals and their daily streaks",
    response_model=ClubPage,
    responses=error_responses(404, BUSY),
)
def page(request: Request, club: ClubId, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    return answer(clubs.club_page, ctx.store, club, player, translations(request_language(request)))


@router.post(
    "/api/clubs/{club}/invite",
    summary="Replace the club's invite link (its owner only): the old link stops working",
    response_model=ClubSummary,
    responses=error_responses(403, 404, BUSY, *BODY_LIMITS),
)
def new_invite(request: Request, club: ClubId, ctx: Ctx, player: KnownPlayerId) -> dict[str, Any]:
    ctx.rates.take(INVITE, client_address(request.scope))
    return answer(clubs.replace_invite, ctx.store, player, club)


@router.delete(
    "/api/clubs/{club}/membership",
    status_code=204,
    summary="Leave the club (its longest-standing member takes over from an owner who leaves)",
    responses=error_responses(404, BUSY),
)
def leave(club: ClubId, ctx: Ctx, player: KnownPlayerId) -> Response:
    answer(clubs.leave_club, ctx.store, player, club)
    return Response(status_code=204)
