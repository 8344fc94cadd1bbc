"""The game review of a finished game: where it was lost and a line that would have won it, worked
out once by a solver job and kept with the game (docs/API.md, Game review)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ...engine import N_, Game, Translations
from ...i18n import translations
from ...play import GameRow, reviews
from ..context import Ctx, view
from ..dailies import secret_error
from ..http.errors import BODY_LIMITS, BUSY, ApiError, NotFound, error_response, error_responses
from ..http.rates import SOLVE, client_address
from ..identity import KnownPlayerId, PlayerId
from ..language import request_language
from ..line_steps import line_step
from ..models import MAX_INT, ReviewAnswer, ReviewStep

router = APIRouter()

NO_SUCH_REVIEW = N_("There is no such review")


class _InPlay(Exception):
    """The game is still being played, or is a daily deal's while its day lasts: a 409 with its
    public view, nothing of a review (which would show face-down cards)."""

    def __init__(self, row: GameRow, game: Game, err: ApiError) -> None:
        self.row, self.game, self.err = row, game, err


def _finished(ctx: Ctx, player: str, game_id: str) -> tuple[GameRow, Game]:
    row, game = ctx.games.get(player, game_id)
    secret = secret_error(row)
    if secret is not None:
        raise _InPlay(row, game, secret)
    if row.status == "active":
        raise _InPlay(row, game, ApiError(409, "not_finished", N_("A game is reviewed once it is over")))
    return row, game


def _in_play(request: Request, ctx: Ctx, found: _InPlay) -> JSONResponse:
    return error_response(request, found.err, view=view(request, found.row, ctx.games.game(found.row)))


def _worded(game_id: str, game: Game, review: dict[str, Any], tr: Translations, so_far: bool = False) -> dict[str, Any]:
    """The review, final or ``so_far`` as it has got, in words (the play layer's), for the game."""
    return {"game": game_id} | reviews.worded(game, review, tr, so_far)


def _partial(ctx: Ctx, player: str, found: dict[str, Any], tr: Translations) -> dict[str, Any]:
    """What a running review has found so far, in words."""
    _row, game = ctx.games.get(player, found["game"])
    return _worded(found["game"], game, found["review"], tr, so_far=True)


@router.post(
    "/api/games/{game_id}/review",
    summary="Review a finished game (the solver sees every card): the stored review, or the job that works it out",
    response_model=ReviewAnswer,
    response_model_exclude_unset=True,
    responses=error_responses(404, 409, 429, BUSY, *BODY_LIMITS),
)
async def start_review(request: Request, game_id: str, ctx: Ctx, response: Response, player: PlayerId) -> Any:
    try:
        _row, game = await run_in_threadpool(_finished, ctx, player, game_id)
    except _InPlay as found:
        return _in_play(request, ctx, found)
    tr = translations(request_language(request))
    stored = await run_in_threadpool(ctx.finished.review, player, game_id)
    if stored is not None:
        return {"state": "done"} | await run_in_threadpool(_worded, game_id, game, stored, tr)
    # a review is a solver job like a solve: the same bucket and the same one job per address
    client = client_address(request.scope)
    with ctx.rates.spending(SOLVE, client):
        job = await ctx.player_jobs.start_review(game_id, game.record(), player, client)
    response.headers["Location"] = f"../../reviews/{job}"  # relative: right under any sub-path
    return {"state": "waiting", "job": job, "game": game_id, "elapsed": 0.0, "done": 0, "expected": None}


@router.get(
    "/api/reviews/{job_id}",
    summary="A review's progress (probes done of expected) and what it has found so far, then the review once done"
    " (poll about twice a second)",
    response_model=ReviewAnswer,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY),
)
async def review_state(request: Request, job_id: str, ctx: Ctx, player: KnownPlayerId) -> dict[str, Any]:
    state = await ctx.player_jobs.review_state(job_id, player)
    if state is None:
        raise ApiError(404, "not_found", NO_SUCH_REVIEW)
    tr = translations(request_language(request))
    progress = {"job": job_id, "elapsed": state["elapsed"], "done": state["done"], "expected": state["expected"]}
    if state["state"] in ("waiting", "running"):
        going = progress | {"state": state["state"]}
        if state.get("partial"):  # the review so far: the page shows it while the search goes on
            going |= await run_in_threadpool(_partial, ctx, player, state["partial"], tr)
        return going
    if state["state"] == "cancelled":
        return progress | {"state": "cancelled", "message": tr.gettext("The question was cancelled.")}
    answer = state.get("answer")
    if state["state"] != "done" or not answer:  # the worker died, or the record did not replay
        failed = tr.gettext("The solver stopped before it could answer. Please ask again.")
        return progress | {"state": "failed", "message": failed}
    game_id, review = answer["game"], answer["review"]
    _row, game = await run_in_threadpool(ctx.games.get, player, game_id)
    review = await run_in_threadpool(ctx.finished.keep_review, player, game_id, review)
    return progress | {"state": "done"} | await run_in_threadpool(_worded, game_id, game, review, tr)


@router.delete(
    "/api/reviews/{job_id}",
    summary="Cancel a review: the solver stops within a second and nothing is stored",
    status_code=204,
    responses=error_responses(404, BUSY),
)
async def cancel_review(job_id: str, ctx: Ctx, player: KnownPlayerId) -> Response:
    if not await ctx.player_jobs.cancel_review(job_id, player):
        raise ApiError(404, "not_found", NO_SUCH_REVIEW)
    return Response(status_code=204)


@router.get(
    "/api/games/{game_id}/review/line/{step}",
    summary="The reviewed game's winning line after `step` of its actions, every card face up (finished games only)",
    response_model=ReviewStep,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, 409, BUSY),
)
def review_line_step(
    request: Request,
    game_id: str,
    step: Annotated[int, Path(ge=0, le=MAX_INT, description="Actions of the winning line played so far")],
    ctx: Ctx,
    player: PlayerId,
) -> Any:
    try:
        _row, game = _finished(ctx, player, game_id)
    except _InPlay as found:
        return _in_play(request, ctx, found)
    review = ctx.finished.review(player, game_id)
    if review is None or review["line_from"] is None:
        raise NotFound() if review is None else ApiError(404, "not_found", N_("The review found no winning line"))
    board, before = reviews.line_start(game, review)
    tr = translations(request_language(request))
    table = line_step(board, before, review["line"], step, tr)
    return table | {"id": game_id, "line_from": review["line_from"]}
