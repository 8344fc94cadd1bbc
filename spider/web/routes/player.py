"""The player: their settings, language and unfinished game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..bodies import SettingsBody
from ..context import Ctx
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import PlayerId
from ..models import Player, PlayerSettings
from ..players import player_answer

router = APIRouter()


@router.get(
    "/api/player",
    summary="Settings, language, display name and the current game (for CONTINUE)",
    response_model=Player,
    response_model_exclude_unset=True,
    responses=error_responses(BUSY),
)
def player(request: Request, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    return player_answer(request, ctx, player)


@router.put(
    "/api/player/settings",
    summary="Change some settings",
    response_model=PlayerSettings,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
def put_settings(body: SettingsBody, ctx: Ctx, player: PlayerId) -> dict[str, Any]:
    changed = {k: v for k, v in body.model_dump().items() if v is not None}
    settings = ctx.settings_of(player) | changed
    ctx.save_settings(player, settings)
    return settings
