"""Games: start one, read it, play in it, restart it, save its timer, fetch its record."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from ..bodies import ActionBody, ClockBody, NewGame, SyncBody
from ..context import Ctx, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import PlayerId
from ..models import GameRecord, GameView

router = APIRouter()

# A route that answers a game view; its optional fields (events, proven_winnable) are sent only
# where the use case sets them.
ANSWERS_A_VIEW: dict[str, Any] = {"response_model": GameView, "response_model_exclude_unset": True}


# First of all the app's routes (routes/__init__.py): the request players send most is matched at
# the first try, not after every other route's pattern.
@router.post(
    "/api/games/{game_id}/actions",
    summary="Play a move, a deal or an undo",
    **ANSWERS_A_VIEW,
    responses=error_responses(400, 404, 409, 422, BUSY, *BODY_LIMITS),
)
def act(game_id: str, body: ActionBody, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    best = (body.best.column, body.best.count) if body.best else None
    return sent(ctx.playing.act(player, game_id, body.version, body.action, best, body.elapsed, tr))


@router.post(
    "/api/games/{game_id}/sync",
    summary="Play a batch of a practice game's actions played on the page (creating the game at its first)",
    **ANSWERS_A_VIEW,
    responses=error_responses(400, 404, 409, 422, BUSY, *BODY_LIMITS, viewed=(409, 422)),
)
def sync(game_id: str, body: SyncBody, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    start = body.start.model_dump() if body.start else None
    return sent(ctx.playing.sync(player, game_id, body.version, body.actions, body.times, start, tr))


@router.post(
    "/api/games",
    status_code=201,
    summary="Start a game (abandons the current one)",
    **ANSWERS_A_VIEW,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
async def new_game(body: NewGame, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(await ctx.playing.start(player, body.model_dump(), tr), status_code=201)


@router.get(
    "/api/games/current",
    summary="The player's unfinished game",
    **ANSWERS_A_VIEW,
    responses=error_responses(404, BUSY),
)
def current_game(ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(ctx.playing.current(player, tr))


@router.get(
    "/api/games/{game_id}",
    summary="A game of the player's",
    **ANSWERS_A_VIEW,
    responses=error_responses(404, BUSY),
)
def get_game(game_id: str, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(ctx.playing.get(player, game_id, tr))


@router.post(
    "/api/games/{game_id}/restart",
    status_code=201,
    summary="Start the same deal again",
    **ANSWERS_A_VIEW,
    responses=error_responses(404, BUSY, *BODY_LIMITS),
)
def restart(game_id: str, ctx: Ctx, player: PlayerId, tr: Tr) -> Response:
    return sent(ctx.playing.restart(player, game_id, tr), status_code=201)


@router.post(
    "/api/games/{game_id}/clock",
    status_code=204,
    summary="Save the game's timer",
    response_class=Response,
    responses=error_responses(400, 404, BUSY, *BODY_LIMITS),
)
def clock(game_id: str, body: ClockBody, ctx: Ctx, player: PlayerId) -> Response:
    ctx.playing.clock(player, game_id, body.elapsed)
    return Response(status_code=204)


@router.get(
    "/api/games/{game_id}/record",
    summary="The game record (docs/FORMATS.md, Game records); a daily deal's has no deck while its day lasts",
    response_model=GameRecord,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY),
)
def record(game_id: str, ctx: Ctx, player: PlayerId) -> Response:
    return sent(ctx.playing.record(player, game_id))
