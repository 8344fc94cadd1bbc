"""The player: their settings, language and unfinished game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..bodies import SettingsBody
from ..context import Ctx, view
from ..http.errors import BODY_LIMITS, error_responses
from ..language import request_language
from ..models import Player, PlayerSettings

router = APIRouter()


@router.get(
    "/api/player",
    summary="Settings, language and the current game (for CONTINUE)",
    response_model=Player,
    response_model_exclude_unset=True,
)
def player(request: Request, ctx: Ctx) -> dict[str, Any]:
    current = ctx.games.current(request.state.player)
    return {
        "lang": request_language(request),
        "settings": ctx.settings_of(request.state.player),
        "current": view(request, *current) if current else None,
    }


@router.put(
    "/api/player/settings",
    summary="Change some settings",
    response_model=PlayerSettings,
    responses=error_responses(400, *BODY_LIMITS),
)
def put_settings(request: Request, body: SettingsBody, ctx: Ctx) -> dict[str, Any]:
    player = request.state.player
    changed = {k: v for k, v in body.model_dump().items() if v is not None}
    settings = ctx.settings_of(player) | changed
    ctx.save_settings(player, settings)
    return settings
