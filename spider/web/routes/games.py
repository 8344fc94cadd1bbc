"""Games: start one, read it, play in it, restart it, save its timer, fetch its record."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from ...engine import N_, variant
from ...play import Stale
from ..bodies import ActionBody, ClockBody, NewGame
from ..context import Ctx, view
from ..dailies import still_secret
from ..http.errors import BODY_LIMITS, BUSY, ApiError, error_response, error_responses
from ..identity import PlayerId
from ..models import GameRecord, GameView

router = APIRouter()

# A route that answers a game view; its optional fields (events, proven_winnable) are sent only
# where the route sets them.
ANSWERS_A_VIEW: dict[str, Any] = {"response_model": GameView, "response_model_exclude_unset": True}


# First of all the app's routes (routes/__init__.py): the request players send most is matched at
# the first try, not after every other route's pattern.
@router.post(
    "/api/games/{game_id}/actions",
    summary="Play a move, a deal or an undo",
    **ANSWERS_A_VIEW,
    responses=error_responses(400, 404, 409, 422, BUSY, *BODY_LIMITS),
)
def act(request: Request, game_id: str, body: ActionBody, ctx: Ctx, player: PlayerId) -> Any:
    best = (body.best.column, body.best.count) if body.best else None
    try:
        row, game, events = ctx.games.act(player, game_id, body.version, body.action, best, body.elapsed)
    except Stale as stale:
        if stale.row.status == "active":
            err = ApiError(409, "stale", N_("The game has changed since (another tab?): here is the current table"))
        else:
            err = ApiError(409, "finished", N_("This game is over"))
        return error_response(request, err, view=view(request, stale.row, stale.game))
    return view(request, row, game, events)


@router.post(
    "/api/games",
    status_code=201,
    summary="Start a game (abandons the current one)",
    **ANSWERS_A_VIEW,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
async def new_game(request: Request, body: NewGame, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    spec = body.model_dump()
    grade = spec.pop("grade")
    wants_winnable = (spec.pop("winnable") or grade is not None) and spec["code"] is None and spec["deck"] is None
    if wants_winnable:
        level = variant(spec["game"], spec["suits"], spec["rules"]).key
        spec["code"], spec["grade"] = await ctx.player_jobs.winnable_deal(level, grade) or (None, None)
    row, game = await run_in_threadpool(ctx.games.create, player, spec)
    answer = view(request, row, game)
    if wants_winnable:
        answer["proven_winnable"] = spec["code"] is not None
    return answer


@router.get(
    "/api/games/current",
    summary="The player's unfinished game",
    **ANSWERS_A_VIEW,
    responses=error_responses(404, BUSY),
)
def current_game(request: Request, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    current = ctx.games.current(player)
    if current is None:
        raise ApiError(404, "not_found", N_("There is no game in progress"))
    return view(request, *current)


@router.get(
    "/api/games/{game_id}",
    summary="A game of the player's",
    **ANSWERS_A_VIEW,
    responses=error_responses(404, BUSY),
)
def get_game(request: Request, game_id: str, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    return view(request, *ctx.games.get(player, game_id))


@router.post(
    "/api/games/{game_id}/restart",
    status_code=201,
    summary="Start the same deal again",
    **ANSWERS_A_VIEW,
    responses=error_responses(404, BUSY, *BODY_LIMITS),
)
def restart(request: Request, game_id: str, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    return view(request, *ctx.games.restart(player, game_id))


@router.post(
    "/api/games/{game_id}/clock",
    status_code=204,
    summary="Save the game's timer",
    response_class=Response,
    responses=error_responses(400, 404, BUSY, *BODY_LIMITS),
)
def clock(game_id: str, body: ClockBody, ctx: Ctx, player: PlayerId) -> Response:
    ctx.games.clock(player, game_id, body.elapsed)
    return Response(status_code=204)


@router.get(
    "/api/games/{game_id}/record",
    summary="The game record (docs/FORMATS.md, Game records); a daily deal's has no deck while its day lasts",
    response_model=GameRecord,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY),
)
def record(game_id: str, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    row, game = ctx.games.get(player, game_id)
    record = game.record()
    if still_secret(row):
        del record["deck"]  # the daily deal stays secret while its day lasts
    return record
