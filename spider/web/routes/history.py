"""The player's history: a page of finished games, forgetting them, and stepping through one."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from ..context import Ctx, Tr
from ..http.answers import sent
from ..http.errors import BUSY, error_responses
from ..identity import PlayerId
from ..models import MAX_INT, History, HistoryDeleted, ReplayStep
from .stats import LEVEL

router = APIRouter()

PAGE_LIMIT = 200  # the most games one page may hold


@router.get(
    "/api/history",
    summary="A page of the player's finished games, newest first",
    response_model=History,
    responses=error_responses(400, 404, BUSY),
)
def history(
    ctx: Ctx,
    player: PlayerId,
    level: Annotated[
        str | None, Query(description="Only this level's games (a key from /api/catalog)", **LEVEL)
    ] = None,
    offset: Annotated[int, Query(ge=0, le=MAX_INT, description="Games to skip")] = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE_LIMIT, description="Games on the page")] = 50,
) -> Response:
    return sent(ctx.finished.page(player, level, offset, limit))


@router.delete(
    "/api/history",
    summary="Forget the player's finished games: their statistics start again (the unfinished game stays)",
    response_model=HistoryDeleted,
    responses=error_responses(BUSY),
)
def forget_history(ctx: Ctx, player: PlayerId) -> Response:
    return sent(ctx.finished.forget(player))


@router.get(
    "/api/games/{game_id}/replay/{step}",
    summary="A finished game's table after its first `step` actions (the public view: no face-down card named)",
    response_model=ReplayStep,
    response_model_exclude_unset=True,  # an undo's events name "from" and "to" only for a move, as in a view
    responses=error_responses(400, 404, 409, BUSY),
)
def replay_step(
    game_id: str,
    step: Annotated[int, Path(ge=0, le=MAX_INT, description="Actions played so far; 0 is the deal")],
    ctx: Ctx,
    player: PlayerId,
    tr: Tr,
) -> Response:
    return sent(ctx.finished.replay(player, game_id, step, tr))
