"""What the page's first answer carries so that the table is drawn with no request of its own: the
player (``GET /api/player``), the catalog (``GET /api/catalog``), the language's texts
(``GET /api/i18n/{lang}``) and, where the page would deal a first game (no unfinished one, no deal
link), that game's view as ``POST /api/games`` would answer it. Made of the same functions as those
routes, so the same secrecy: a view never names a face-down card."""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import Request
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from ..engine import Translations
from ..i18n import DEFAULT, LANGUAGES, translations
from ..play import catalog as catalogs
from ..store import StoreBusy, StoreUnavailable
from .bodies import NewGame
from .context import AppContext
from .http.rates import RateLimited
from .identity import adopt_new_player, new_player_id, saved_settings
from .language import request_language

log = logging.getLogger("spider.app")


async def boot_data(request: Request) -> dict[str, Any] | None:
    """The page's first data for the cookie's player (or a new one), for a browser opening the page
    (``Sec-Fetch-Dest: document``) only: a monitor's, a link preview's or a HEAD request gets the page
    alone and makes no player. None too when the store does not answer (the page then asks the API
    itself, and says so if that fails too)."""
    if request.headers.get("sec-fetch-dest") != "document":
        return None
    ctx: AppContext = request.app.state.context
    try:
        player, settings = await saved_settings(request)
        request.state.lang = (settings or {}).get("lang")
        linked = request.query_params.get("lang", "").strip().lower()
        if linked in LANGUAGES:  # a link's ?lang=: the page saves it as the player's (settings/language-link.js)
            request.state.lang = linked
        token = player or new_player_id(request)
        lang = request_language(request)
        tr = translations(lang)
        answer = await run_in_threadpool(ctx.players.player, token, lang, tr)
    except (StoreBusy, StoreUnavailable):
        return None
    data: dict[str, Any] = {
        "player": _json(answer),
        "catalog": _json(catalogs.catalog(tr)),
        "language": _json(catalogs.texts(lang)) if lang != DEFAULT else None,
        "dealt": None,
    }
    current = answer.current
    if (current is None or current.status == "won") and "code" not in request.query_params:
        profile = answer.settings.profile
        data["dealt"] = await _first_deal(request, ctx, token, tr, new=player is None, profile=profile)
    return data


def _json(answer: BaseModel) -> dict[str, Any]:
    """An answer as its route sends it."""
    return answer.model_dump(mode="json", by_alias=True, exclude_unset=True)


async def _first_deal(
    request: Request, ctx: AppContext, player: str, tr: Translations, new: bool, profile: str
) -> dict[str, Any] | None:
    """The game the page deals a first visit (the player's scoring, the default level), or None where
    the page should try itself (a new player past the address's allowance, a busy store)."""
    try:
        if new:
            adopt_new_player(request, player)
        spec = NewGame.model_validate({"profile": profile}).model_dump()  # what the page would send
        dealt = await ctx.playing.start(player, spec, tr)
    except (RateLimited, StoreBusy, StoreUnavailable) as err:
        log.info("the page's first deal was left to the page: %s", type(err).__name__)
        return None
    return _json(dealt)


def boot_block(data: dict[str, Any] | None) -> str:
    """The data as a JSON script block the page reads (never run: the CSP allows no inline script);
    ``<`` escaped so that no text in it can close the block."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="spider-boot">{text}</script>\n'
