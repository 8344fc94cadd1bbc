"""What the API says about a player: settings, language, display name and current game."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ..daily.names import anonymous_name
from ..engine import Translations
from ..i18n import translations
from ..store import Store
from .context import AppContext, view
from .language import request_language


def name_of(store: Store, player: str, tr: Translations) -> dict[str, Any]:
    """The player's name as the API shows it: the chosen one, else the anonymous one."""
    chosen = store.player_name(player)
    return {"display": chosen or anonymous_name(player, tr), "chosen": chosen is not None}


def player_answer(request: Request, ctx: AppContext, player: str) -> dict[str, Any]:
    """GET /api/player for ``player``: the request's, or the one a browser was just linked to."""
    current = ctx.games.current(player)
    return {
        "lang": request_language(request),
        "settings": ctx.settings_of(player),
        "current": view(request, *current) if current else None,
        "name": name_of(ctx.store, player, translations(request_language(request))),
    }
