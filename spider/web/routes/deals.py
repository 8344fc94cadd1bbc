"""Deals for the page to keep: winnable ones, each with the server's proof, to start offline."""

from __future__ import annotations

from fastapi import APIRouter, Response

from ..bodies import WinnableBody
from ..context import Client, Ctx
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import PlayerId
from ..models import WinnableDeal

router = APIRouter()


@router.post(
    "/api/deals/winnable",
    response_model=WinnableDeal,
    summary="A deal the solver proved winnable, with the proof that makes a game started from it graded",
    responses=error_responses(400, 404, BUSY, *BODY_LIMITS),
)
async def winnable_deal(body: WinnableBody, ctx: Ctx, player: PlayerId, client: Client) -> Response:
    return sent(await ctx.deals.winnable(player, body.model_dump(), client))
