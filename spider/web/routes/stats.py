"""Statistics of the player's finished games, per level."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Response

from ...play.catalog import all_levels
from ..context import Ctx
from ..http.answers import sent
from ..http.errors import BUSY, error_responses
from ..identity import PlayerId
from ..models import AllStats, Stats

router = APIRouter()

# A level's key as the schema shows it: one of these, else 404 (there is no such level's page)
LEVEL: dict[str, Any] = {"json_schema_extra": {"enum": all_levels()}, "examples": ["spider-2-classic"]}


@router.get(
    "/api/stats/{level}",
    summary="Statistics of one level, e.g. spider-2-classic",
    response_model=Stats,
    responses=error_responses(404, BUSY),
)
def stats(level: Annotated[str, Path(description="A level's key", **LEVEL)], ctx: Ctx, player: PlayerId) -> Response:
    return sent(ctx.finished.stats(player, level))


@router.get(
    "/api/stats",
    summary="Statistics of every level the player has finished a game of",
    response_model=AllStats,
    responses=error_responses(BUSY),
)
def all_stats(ctx: Ctx, player: PlayerId) -> Response:
    return sent(ctx.finished.all_stats(player))
