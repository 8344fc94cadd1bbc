"""The game review of a finished game: where it was lost and a line that would have won it, worked
out once by a solver job and kept with the game (docs/API.md, Game review)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from ..context import Client, Ctx, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import KnownPlayerId, PlayerId
from ..models import MAX_INT, ReviewAnswer, ReviewStep

router = APIRouter()


@router.post(
    "/api/games/{game_id}/review",
    summary="Review a finished game (the solver sees every card): the stored review, or the job that works it out",
    response_model=ReviewAnswer,
    response_model_exclude_unset=True,
    responses=error_responses(404, 409, 429, BUSY, *BODY_LIMITS),
)
async def start_review(game_id: str, ctx: Ctx, player: PlayerId, client: Client, tr: Tr) -> Response:
    answer = await ctx.reviews.start(player, game_id, client, tr)
    # a job started: where to poll it, relative, so right under any sub-path
    located = {"Location": f"../../reviews/{answer.job}"} if answer.job is not None else None
    return sent(answer, headers=located)


@router.get(
    "/api/reviews/{job_id}",
    summary="A review's progress (probes done of expected) and what it has found so far, then the review once done"
    " (poll about twice a second)",
    response_model=ReviewAnswer,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY),
)
async def review_state(job_id: str, ctx: Ctx, player: KnownPlayerId, tr: Tr) -> Response:
    return sent(await ctx.reviews.state(player, job_id, tr))


@router.delete(
    "/api/reviews/{job_id}",
    summary="Cancel a review: the solver stops within a second and nothing is stored",
    status_code=204,
    responses=error_responses(404, BUSY),
)
async def cancel_review(job_id: str, ctx: Ctx, player: KnownPlayerId) -> Response:
    await ctx.reviews.cancel(player, job_id)
    return Response(status_code=204)


@router.get(
    "/api/games/{game_id}/review/line/{step}",
    summary="The reviewed game's winning line after `step` of its actions, every card face up (finished games only)",
    response_model=ReviewStep,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, 409, BUSY),
)
def review_line_step(
    game_id: str,
    step: Annotated[int, Path(ge=0, le=MAX_INT, description="Actions of the winning line played so far")],
    ctx: Ctx,
    player: PlayerId,
    tr: Tr,
) -> Response:
    return sent(ctx.reviews.line_step(player, game_id, step, tr))
