"""The player: their settings, language and unfinished game."""

from __future__ import annotations

from fastapi import APIRouter, Response

from ..bodies import SettingsBody
from ..context import Ctx, Lang, Tr
from ..http.answers import sent
from ..http.errors import BODY_LIMITS, BUSY, error_responses
from ..identity import PlayerId
from ..models import Player, PlayerSettings

router = APIRouter()


@router.get(
    "/api/player",
    summary="Settings, language, display name and the current game (for CONTINUE)",
    response_model=Player,
    response_model_exclude_unset=True,
    responses=error_responses(BUSY),
)
def player(ctx: Ctx, player: PlayerId, lang: Lang, tr: Tr) -> Response:
    return sent(ctx.players.player(player, lang, tr))


@router.put(
    "/api/player/settings",
    summary="Change some settings",
    response_model=PlayerSettings,
    responses=error_responses(400, BUSY, *BODY_LIMITS),
)
def put_settings(body: SettingsBody, ctx: Ctx, player: PlayerId) -> Response:
    changed = {k: v for k, v in body.model_dump().items() if v is not None}
    return sent(ctx.players.change_settings(player, changed))
