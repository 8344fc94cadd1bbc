"""Help from the solver: a hint from what the player sees, and "can this game still be won?"."""

from __future__ import annotations

from typing import Any, cast

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ...engine.notation import parse_action
from ...i18n import translations
from ..bodies import SolveBody
from ..context import Ctx
from ..errors import BODY_LIMITS, error_responses
from ..language import request_language
from ..models import Hint, Solve

router = APIRouter()


@router.post(
    "/api/games/{game_id}/hint",
    summary="A good next action, from what the player sees only",
    response_model=Hint,
    response_model_exclude_unset=True,
    responses=error_responses(404, *BODY_LIMITS),
)
async def hint(request: Request, game_id: str, ctx: Ctx) -> dict[str, Any]:
    _row, session = await run_in_threadpool(ctx.games.get, request.state.player, game_id)
    tr = translations(request_language(request))
    action = await ctx.solving.hint(session.game)
    if action is None:
        return {"action": None, "message": tr.gettext("No useful move: deal, undo or start again")}
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


@router.post(
    "/api/games/{game_id}/solve",
    summary="Can this game still be won? (the solver sees face-down cards)",
    response_model=Solve,
    response_model_exclude_unset=True,
    responses=error_responses(400, 404, 429, *BODY_LIMITS),
)
async def solve(request: Request, game_id: str, body: SolveBody, ctx: Ctx) -> dict[str, Any]:
    _row, session = await run_in_threadpool(ctx.games.get, request.state.player, game_id)
    await run_in_threadpool(ctx.store.mark_assisted, request.state.player, game_id)  # counted apart
    tr = translations(request_language(request))
    answer = await ctx.solving.solve(
        session.record(), body.time_limit, request.is_disconnected, player=request.state.player
    )
    message = {
        "won": tr.gettext("Yes: this game can still be won."),
        "lost": tr.gettext("No: this game can no longer be won, whatever you do."),
        "unknown": tr.gettext("The solver could not decide in the time allowed."),
    }[answer["result"]]
    if answer.get("reason") == "worker_lost":
        message = tr.gettext("The solver stopped before it could answer. Please ask again.")
    note = tr.gettext("The solver looked at the face-down cards to answer.")
    return answer | {"message": message, "note": note}
