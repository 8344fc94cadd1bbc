"""What the API says about a player: settings, language, display name and current game."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ..daily.names import anonymous_name
from ..engine import Translations
from ..i18n import translations
from ..store import Store
from .context import AppContext
from .language import request_language


def name_of(store: Store, player: str, tr: Translations) -> dict[str, Any]:
    """The player's name as the API shows it: the chosen one, else the anonymous one."""
    chosen = store.player_name(player)
    return {"display": chosen or anonymous_name(player, tr), "chosen": chosen is not None}


def player_answer(request: Request, ctx: AppContext, player: str) -> dict[str, Any]:
    """GET /api/player for ``player``: the request's, or the one a browser was just linked to."""
    lang = request_language(request)
    answer = ctx.players.player(player, lang, translations(lang))
    return answer.model_dump(mode="json", by_alias=True, exclude_unset=True)
