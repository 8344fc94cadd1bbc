"""Help from the solver: a hint from what the player sees, and "can this game still be won?"."""

from __future__ import annotations

from typing import Annotated, Any, cast

from fastapi import APIRouter, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from ...engine import N_, Game, parse_action
from ...i18n import translations
from ...play import GameRow, finishable
from ..bodies import SolveBody
from ..context import Ctx, view
from ..dailies import still_secret
from ..http.errors import BODY_LIMITS, BUSY, ApiError, error_response, error_responses
from ..http.rates import DEEP_HINT, SOLVE, client_address
from ..identity import KnownPlayerId, PlayerId
from ..language import request_language
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
    request: Request,
    game_id: str,
    ctx: Ctx,
    player: PlayerId,
    deep: Annotated[bool, Query(description="The strong player's action, from guessing the unseen cards")] = False,
) -> dict[str, Any]:
    client = client_address(request.scope)
    with ctx.rates.spending(DEEP_HINT if deep else None, client):
        row, game = await run_in_threadpool(ctx.games.get, player, game_id)
        action = await _deep_action(ctx, row, game, client) if deep else await ctx.player_jobs.hint(game)
    await run_in_threadpool(ctx.games.helped, row)  # a hinted win is not a perfect one
    tr = translations(request_language(request))
    if action is None:
        if game.deals_left:
            return {"action": None, "message": tr.gettext("No useful move: deal, undo or start again")}
        return {"action": None, "message": tr.gettext("No useful move: undo or start again")}
    if action == "deal":
        return {"action": action, "message": tr.gettext("Deal a new row from the stock")}
    src, dst, count = cast(tuple[int, int, int], parse_action(action))  # a hint names its count: F>T:N
    return {
        "action": action,
        "column": src + 1,
        "count": count,
        "to": dst + 1,
        "message": tr.ngettext(
            "Move {count} card from column {column} to column {to}",
            "Move {count} cards from column {column} to column {to}",
            count,
        ).format(count=count, column=src + 1, to=dst + 1),
    }


async def _deep_action(ctx: Ctx, row: GameRow, game: Game, client: str | None) -> str | None:
    """The strong player's action, worked out in a solver worker (a worker lost before it answered
    is a 503 worker_lost: http/busy.py); the game is counted apart once it is given."""
    action = await ctx.player_jobs.deep_hint(game.record(), row.player, client)
    await run_in_threadpool(ctx.games.deep_hint_given, row)
    return action


@router.post(
    "/api/games/{game_id}/finish",
    summary="Finish: the solver's line that plays the game out, once nothing is hidden any more",
    response_model=Finish,
    responses=error_responses(404, 409, 429, BUSY, *BODY_LIMITS),
)
async def finish(request: Request, game_id: str, ctx: Ctx, player: PlayerId) -> Any:
    """Nothing is face down and the stock is empty, so the solver uses only what the player sees:
    the game stays unassisted (docs/RULES.md, Finish). The browser plays the line's actions one by
    one through the actions route, so the record holds every move as it was played."""
    client = client_address(request.scope)
    row, game = await run_in_threadpool(ctx.games.get, player, game_id)
    if not finishable(row, game):  # the answer's view shows why
        over = row.status != "active" or game.won
        err = (
            ApiError(409, "finished", N_("This game is over"))
            if over
            else ApiError(409, "cards_hidden", N_("Finish plays on once no card is face down and the stock is empty"))
        )
        return error_response(request, err, view=view(request, row, game))
    with ctx.rates.spending(SOLVE, client):
        answer = await ctx.player_jobs.finish(game.record(), player, client)
    tr = translations(request_language(request))
    message = {
        "won": tr.ngettext("Finishing in {n} move", "Finishing in {n} moves", len(answer["actions"])),
        "lost": tr.gettext("No win is possible from here: undo or start again"),
        "unknown": tr.gettext("The solver found no win from here in the time allowed"),
    }[answer["result"]].format(n=len(answer["actions"]))
    return {"result": answer["result"], "actions": answer["actions"], "message": message}


@router.post(
    "/api/games/{game_id}/solve",
    summary="Ask whether this game can still be won (the solver sees face-down cards): starts a job",
    status_code=202,
    response_model=SolveJob,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, 429, BUSY, *BODY_LIMITS),
)
async def solve(
    request: Request, game_id: str, body: SolveBody, ctx: Ctx, response: Response, player: PlayerId
) -> dict[str, Any]:
    client = client_address(request.scope)
    with ctx.rates.spending(SOLVE, client):
        row, game = await run_in_threadpool(ctx.games.get, player, game_id)
        # a daily deal's winning line, passed on while its day lasts, would rank another player
        job = await ctx.player_jobs.start_solve(game.record(), body.time_limit, player, client, not still_secret(row))
    await run_in_threadpool(ctx.games.solver_asked, player, game_id)  # counted apart, once it is asked
    response.headers["Location"] = f"../../solves/{job}"  # relative: right under any sub-path
    return {"id": job, "state": "waiting", "elapsed": 0.0}


@router.get(
    "/api/solves/{job_id}",
    summary="A solve's progress, and its answer once done (poll it about twice a second)",
    response_model=SolveJob,
    response_model_exclude_unset=True,
    responses=error_responses(404, BUSY),
)
async def solve_state(request: Request, job_id: str, ctx: Ctx, player: KnownPlayerId) -> dict[str, Any]:
    state = await ctx.player_jobs.solve_state(job_id, player)
    if state is None:
        raise ApiError(404, "not_found", N_("There is no such question to the solver"))
    if "answer" in state:
        state["answer"] = _worded(state["answer"], translations(request_language(request)))
    return {"id": job_id} | state


@router.delete(
    "/api/solves/{job_id}",
    summary="Cancel a solve: the solver stops within a second (nothing happens to one already answered)",
    status_code=204,
    responses=error_responses(404, BUSY),
)
async def cancel_solve(job_id: str, ctx: Ctx, player: KnownPlayerId) -> Response:
    if not await ctx.player_jobs.cancel_solve(job_id, player):
        raise ApiError(404, "not_found", N_("There is no such question to the solver"))
    return Response(status_code=204)


def _worded(answer: dict[str, Any], tr: Any) -> dict[str, Any]:
    """The solver's answer with its message and note in the player's language."""
    message = {
        "won": tr.gettext("Yes: this game can still be won."),
        "lost": tr.gettext("No: this game can no longer be won, whatever you do."),
        "unknown": tr.gettext("The solver could not decide in the time allowed."),
    }[answer["result"]]
    if answer.get("reason") == "worker_lost":
        message = tr.gettext("The solver stopped before it could answer. Please ask again.")
    elif answer.get("reason") == "cancelled":
        message = tr.gettext("The question was cancelled.")
    note = tr.gettext("The solver looked at the face-down cards to answer.")
    return answer | {"message": message, "note": note}
