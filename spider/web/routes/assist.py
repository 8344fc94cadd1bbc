"""Help from the solver: a hint from what the player sees, the line that finishes a game, and "can
this game still be won?". The use cases decide what each costs (spider/play/assistance.py); the
client's address is what HTTP tells them of who asks."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from ..bodies import SolveBody
from ..context import Client, Ctx, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import KnownPlayerId, PlayerId
from ..models import Finish, Hint, SolveJob

router = APIRouter()


@router.post(
    "/api/games/{game_id}/hint",
    summary="A good next action, from what the player sees only (deep: the strong player's, in seconds)",
    response_model=Hint,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, 429, BUSY, *BODY_LIMITS),
)
async def hint(
    game_id: str,
    ctx: Ctx,
    player: PlayerId,
    client: Client,
    tr: Tr,
    deep: Annotated[bool, Query(description="The strong player's action, from guessing the unseen cards")] = False,
) -> Response:
    return sent(await ctx.assistance.hint(player, game_id, deep, client, tr))


@router.post(
    "/api/games/{game_id}/finish",
    summary="Finish: the solver's line that plays the game out, once nothing is hidden any more",
    response_model=Finish,
    responses=error_responses(404, 409, 429, BUSY, *BODY_LIMITS),
)
async def finish(game_id: str, ctx: Ctx, player: PlayerId, client: Client, tr: Tr) -> Response:
    """Nothing is face down and the stock is empty, so the solver uses only what the player sees:
    the game stays unassisted (docs/RULES.md, Finish). The browser plays the line's actions one by
    one through the actions route, so the record holds every move as it was played."""
    return sent(await ctx.assistance.finish(player, game_id, client, tr))


@router.post(
    "/api/games/{game_id}/solve",
    summary="Ask whether this game can still be won (the solver sees face-down cards): starts a job",
    status_code=202,
    response_model=SolveJob,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, 429, BUSY, *BODY_LIMITS),
)
async def solve(game_id: str, body: SolveBody, ctx: Ctx, player: PlayerId, client: Client) -> Response:
    job = await ctx.assistance.solve(player, game_id, body.time_limit, client)
    # relative: right under any sub-path
    return sent(job, status_code=202, headers={"Location": f"../../solves/{job.id}"})


@router.get(
    "/api/solves/{job_id}",
    summary="A solve's progress, and its answer once done (poll it about twice a second)",
    response_model=SolveJob,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY),
)
async def solve_state(job_id: str, ctx: Ctx, player: KnownPlayerId, tr: Tr) -> Response:
    return sent(await ctx.assistance.solve_state(player, job_id, tr))


@router.delete(
    "/api/solves/{job_id}",
    summary="Cancel a solve: the solver stops within a second (nothing happens to one already answered)",
    status_code=204,
    responses=error_responses(404, BUSY),
)
async def cancel_solve(job_id: str, ctx: Ctx, player: KnownPlayerId) -> Response:
    await ctx.assistance.cancel_solve(player, job_id)
    return Response(status_code=204)
