"""The player's history: a page of finished games, forgetting them, and stepping through one."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from ...engine import N_, Game, describe
from ...i18n import translations
from ...play import GameRow, record_of
from ..context import Ctx, view
from ..dailies import secret_error
from ..http.errors import BUSY, ApiError, error_response, error_responses
from ..identity import PlayerId
from ..language import request_language
from ..models import MAX_INT, History, HistoryDeleted, ReplayStep
from .stats import LEVEL, all_levels

router = APIRouter()

PAGE_LIMIT = 200  # the most games one page may hold


def past_game(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "level": row.level,
        "profile": row.profile,
        "code": row.code,
        "result": row.status,
        "moves": row.moves,
        "elapsed": row.elapsed,
        "score": row.score,
        "started": row.created,
        "finished": row.finished,
        "assisted": row.assisted,
        "daily": row.daily,
        "grade": row.grade,
    }


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
) -> dict[str, Any]:
    if level is not None and level not in all_levels():
        raise ApiError(404, "not_found", N_("Unknown level {level}"), level=level)
    rows, total = ctx.finished.page(player, level, offset, limit)
    return {"games": [past_game(row) for row in rows], "total": total, "offset": offset, "limit": limit}


@router.delete(
    "/api/history",
    summary="Forget the player's finished games: their statistics start again (the unfinished game stays)",
    response_model=HistoryDeleted,
    responses=error_responses(BUSY),
)
def forget_history(ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    return {"deleted": ctx.finished.forget(player)}


@router.get(
    "/api/games/{game_id}/replay/{step}",
    summary="A finished game's table after its first `step` actions (the public view: no face-down card named)",
    response_model=ReplayStep,
    response_model_exclude_unset=True,  # an undo's events name "from" and "to" only for a move, as in a view
    responses=error_responses(400, 404, 409, BUSY),
)
def replay_step(
    request: Request,
    game_id: str,
    step: Annotated[int, Path(ge=0, le=MAX_INT, description="Actions played so far; 0 is the deal")],
    ctx: Ctx,
    player: PlayerId,
) -> Any:
    row = ctx.finished.saved(player, game_id)
    err = secret_error(row)
    if err is None and row.status == "active":
        err = ApiError(409, "not_finished", N_("A game is replayed once it is over"))
    if err is not None:
        return error_response(request, err, view=view(request, row, ctx.games.game(row)))
    if step > row.version:
        raise ApiError(
            404, "not_found", N_("The game has no step {step}: it has {steps}"), step=step, steps=row.version
        )
    return table_at(ctx.finished.with_log(row), step, request)


def table_at(row: GameRow, step: int, request: Request) -> dict[str, Any]:
    """Replay the record's first ``step`` actions (with their times) through the engine."""
    replay = Game.from_record(record_of(row), replay=False)
    times = row.times or [0.0] * row.version
    before = max(step - 1, 0)  # played plainly; the step's own action also says what it did
    for action, elapsed in zip(row.actions[:before], times[:before], strict=True):
        replay.apply(action, elapsed)
    events = replay.apply(row.actions[before], times[before]).events() if step else None
    table = replay.view()
    del table["can_deal"], table["can_undo"]
    return table | {
        "id": row.id,
        "step": step,
        "steps": row.version,
        "status": row.status,
        "elapsed": times[step - 1] if step else 0.0,
        "description": describe(table, translations(request_language(request))),
        "events": events,
    }
