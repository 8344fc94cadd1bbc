"""Statistics of the player's finished games, per level."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from ...engine import N_, all_variants
from ..context import Ctx
from ..http.errors import BUSY, ApiError, error_responses
from ..identity import PlayerId
from ..models import AllStats, Stats

router = APIRouter()


def all_levels() -> list[str]:
    """The statistics levels: one per variant, e.g. ``spider-2-relaxed``."""
    return [v.key for v in all_variants()]


# A level's key as the schema shows it: one of these, else 404 (there is no such level's page)
LEVEL: dict[str, Any] = {"json_schema_extra": {"enum": all_levels()}, "examples": ["spider-2-classic"]}


@router.get(
    "/api/stats/{level}",
    summary="Statistics of one level, e.g. spider-2-classic",
    response_model=Stats,
    responses=error_responses(404, BUSY),
)
def stats(
    level: Annotated[str, Path(description="A level's key", **LEVEL)], ctx: Ctx, player: PlayerId
) -> dict[str, Any]:
    if level not in all_levels():
        raise ApiError(404, "not_found", N_("Unknown level {level}"), level=level)
    return ctx.finished.stats(player, level).as_dict()


@router.get(
    "/api/stats",
    summary="Statistics of every level the player has finished a game of",
    response_model=AllStats,
    responses=error_responses(BUSY),
)
def all_stats(ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    found = ctx.finished.every_level_stats(player, all_levels())
    return {"levels": {level: stats.as_dict() for level, stats in found.items()}}
