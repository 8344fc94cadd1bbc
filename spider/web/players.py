"""What the API says about a player: settings, language, display name and current game."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ..i18n import translations
from .context import AppContext, view
from .language import request_language


def player_answer(request: Request, ctx: AppContext, player: str) -> dict[str, Any]:
    """GET /api/player for ``player``: the request's, or the one a browser was just linked to."""
    current = ctx.games.current(player)
    return {
        "lang": request_language(request),
        "settings": ctx.settings_of(player),
        "current": view(request, *current) if current else None,
        "name": ctx.players.name_of(player, translations(request_language(request))),
    }
