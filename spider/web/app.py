"""The ASGI app: thin routes over games (engine + store), statistics, translations and help."""

from __future__ import annotations

import re
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, cast

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.gzip import GZipMiddleware

from ..engine import variant
from ..engine.errors import N_
from ..engine.notation import parse_action
from ..engine.variants import all_variants
from ..i18n import LANGUAGES, browser_catalog, translations
from ..store import level_stats, open_store
from . import errors
from .errors import ApiError, error_response
from .games import Games, Stale, record_of
from .language import request_language
from .solving import Solving
from .views import game_view

STATIC = Path(__file__).parent / "static"
COOKIE = "spider_player"
MAX_BODY = 64 * 1024
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")
DEFAULT_SETTINGS: dict[str, Any] = {
    "lang": None,
    "double_click": True,
    "single_tap": False,
    "auto_place": False,
    "placement_help": True,
    "sound": True,
    "profile": "standard",
}


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    game: str = "spider"
    suits: int = 1
    rules: str = "classic"
    profile: str = "standard"
    code: str | None = Field(None, max_length=40)
    deck: list[str] | None = Field(None, max_length=104)
    actions: list[str] = Field(default_factory=list, max_length=5000)
    winnable: bool = False


class Best(_Body):
    column: int = Field(ge=1, le=10)
    count: int = Field(ge=1, le=13)


class ActionBody(_Body):
    version: int = Field(ge=0)
    action: str | None = Field(None, max_length=20)
    best: Best | None = None
    elapsed: float | None = Field(None, ge=0, le=10_000_000)


class SolveBody(_Body):
    time_limit: float = Field(10.0, gt=0, le=60)


class ClockBody(_Body):
    elapsed: float = Field(ge=0, le=10_000_000)


class SettingsBody(_Body):
    lang: Literal["en", "ru", "sk", "fi"] | None = None
    double_click: bool | None = None
    single_tap: bool | None = None
    auto_place: bool | None = None
    placement_help: bool | None = None
    sound: bool | None = None
    profile: Literal["standard", "timed", "moves"] | None = None


def create_app(database: str, background: bool = True) -> FastAPI:
    """The app on a SQLite file; ``background`` False keeps the winnable-deal pool from being
    topped up behind the scenes (for tests)."""
    store = open_store(database)
    games = Games(store)
    solving = Solving(store, background=background)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        solving.close()
        store.close()

    app = FastAPI(title="Spider & Spiderette", version="1", docs_url="/docs", redoc_url=None, lifespan=lifespan)
    settings_cache: dict[str, dict[str, Any]] = {}
    errors.install(app)
    app.add_middleware(GZipMiddleware, minimum_size=1024)

    def settings_of(player: str) -> dict[str, Any]:
        if player not in settings_cache:
            settings_cache[player] = DEFAULT_SETTINGS | (store.player_settings(player) or {})
        return settings_cache[player]

    @app.middleware("http")
    async def player_and_limits(request: Request, call_next: Any) -> Response:
        if request.method in ("POST", "PUT", "PATCH"):
            length = request.headers.get("content-length")
            if length is None or not length.isdigit():
                lengthless = ApiError(411, "bad_request", N_("A request body needs a Content-Length"))
                return error_response(request, lengthless)
            if int(length) > MAX_BODY:
                too_large = ApiError(413, "too_large", N_("The request is larger than {limit} bytes"), limit=MAX_BODY)
                return error_response(request, too_large)
        token = request.cookies.get(COOKIE, "")
        fresh = not _TOKEN.match(token)
        if fresh:
            token = secrets.token_urlsafe(24)
        request.state.player = token
        request.state.lang = settings_of(token)["lang"]
        response: Response = await call_next(request)
        if fresh:
            response.set_cookie(COOKIE, token, max_age=10 * 365 * 24 * 3600, httponly=True, samesite="lax", path="/")
        return response

    def view(request: Request, row: Any, session: Any, events: dict[str, Any] | None = None) -> dict[str, Any]:
        return game_view(row, session, translations(request_language(request)), events)

    # ----- pages and assets --------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.get("/api/health", summary="A trivial answer: the app is up")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/i18n/{lang}", summary="The translation catalog for the front end")
    async def catalog(lang: str) -> dict[str, Any]:
        if lang not in LANGUAGES:
            raise ApiError(404, "not_found", N_("Unknown language {lang}"), lang=lang)
        return browser_catalog(lang)

    @app.get("/api/help", summary="The rules page in the player's language")
    async def help_page(request: Request) -> dict[str, Any]:
        from ..help import help_page as build

        return build(translations(request_language(request)))

    # ----- the player ------------------------------------------------------------------------

    @app.get("/api/player", summary="Settings, language and the current game (for CONTINUE)")
    async def player(request: Request) -> dict[str, Any]:
        current = games.current(request.state.player)
        return {
            "lang": request_language(request),
            "settings": settings_of(request.state.player),
            "current": view(request, *current) if current else None,
        }

    @app.put("/api/player/settings", summary="Change some settings")
    async def put_settings(request: Request, body: SettingsBody) -> dict[str, Any]:
        player = request.state.player
        changed = {k: v for k, v in body.model_dump().items() if v is not None}
        settings = settings_of(player) | changed
        store.save_settings(player, settings)
        settings_cache[player] = settings
        return settings

    # ----- games -----------------------------------------------------------------------------

    @app.post("/api/games", status_code=201, summary="Start a game (abandons the current one)")
    async def new_game(request: Request, body: NewGame) -> dict[str, Any]:
        spec = body.model_dump()
        wants_winnable = spec.pop("winnable") and spec["code"] is None and spec["deck"] is None
        if wants_winnable:
            level = variant(spec["game"], spec["suits"], spec["rules"]).key
            spec["code"] = await solving.winnable_code(level)
        row, session = games.create(request.state.player, spec)
        answer = view(request, row, session)
        if wants_winnable:
            answer["proven_winnable"] = spec["code"] is not None
        return answer

    @app.get("/api/games/current", summary="The player's unfinished game")
    async def current_game(request: Request) -> dict[str, Any]:
        current = games.current(request.state.player)
        if current is None:
            raise ApiError(404, "not_found", N_("There is no game in progress"))
        return view(request, *current)

    @app.get("/api/games/{game_id}", summary="A game of the player's")
    async def get_game(request: Request, game_id: str) -> dict[str, Any]:
        return view(request, *games.get(request.state.player, game_id))

    @app.post("/api/games/{game_id}/actions", summary="Play a move, a deal or an undo")
    async def act(request: Request, game_id: str, body: ActionBody) -> Any:
        best = (body.best.column, body.best.count) if body.best else None
        try:
            row, session, events = games.play(
                request.state.player, game_id, body.version, body.action, best, body.elapsed
            )
        except Stale as stale:
            if stale.row.status == "active":
                err = ApiError(409, "stale", N_("The game has changed since (another tab?): here is the current table"))
            else:
                err = ApiError(409, "finished", N_("This game is over"))
            return error_response(request, err, view=view(request, stale.row, stale.session))
        return view(request, row, session, events)

    @app.post("/api/games/{game_id}/restart", status_code=201, summary="Start the same deal again")
    async def restart(request: Request, game_id: str) -> dict[str, Any]:
        row, session = games.get(request.state.player, game_id)
        record = record_of(row)
        record["actions"] = []
        row, session = games.create(request.state.player, record)
        return view(request, row, session)

    @app.post("/api/games/{game_id}/clock", status_code=204, summary="Save the game's timer")
    async def clock(request: Request, game_id: str, body: ClockBody) -> Response:
        games.clock(request.state.player, game_id, body.elapsed)
        return Response(status_code=204)

    @app.post("/api/games/{game_id}/hint", summary="A good next action, from what the player sees only")
    async def hint(request: Request, game_id: str) -> dict[str, Any]:
        _row, session = games.get(request.state.player, game_id)
        tr = translations(request_language(request))
        action = await solving.hint(session.game)
        if action is None:
            return {"action": None, "message": tr.gettext("No useful move: deal, undo or start again")}
        if action == "deal":
            return {"action": action, "message": tr.gettext("Deal a new row from the stock")}
        src, dst, count = cast(tuple[int, int, int], parse_action(action))  # a hint's move names its count
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

    @app.post("/api/games/{game_id}/solve", summary="Can this game still be won? (the solver sees face-down cards)")
    async def solve(request: Request, game_id: str, body: SolveBody) -> dict[str, Any]:
        _row, session = games.get(request.state.player, game_id)
        tr = translations(request_language(request))
        answer = await solving.solve(session.record(), body.time_limit, request.is_disconnected)
        message = {
            "won": tr.gettext("Yes: this game can still be won."),
            "lost": tr.gettext("No: this game can no longer be won, whatever you do."),
            "unknown": tr.gettext("The solver could not decide in the time allowed."),
        }[answer["result"]]
        note = tr.gettext("The solver looked at the face-down cards to answer.")
        return answer | {"message": message, "note": note}

    @app.get("/api/games/{game_id}/record", summary="The game record (SPEC §5)")
    async def record(request: Request, game_id: str) -> dict[str, Any]:
        _row, session = games.get(request.state.player, game_id)
        return session.record()

    # ----- statistics ------------------------------------------------------------------------

    @app.get("/api/stats/{level}", summary="Statistics of one level, e.g. spider-2-classic")
    async def stats(request: Request, level: str) -> dict[str, Any]:
        if level not in all_levels():
            raise ApiError(404, "not_found", N_("Unknown level {level}"), level=level)
        return level_stats(store.finished_games(request.state.player, level)).as_dict()

    @app.get("/api/stats", summary="Statistics of every level the player has finished a game of")
    async def all_stats(request: Request) -> dict[str, Any]:
        levels = {}
        for key in all_levels():
            finished = store.finished_games(request.state.player, key)
            if finished:
                levels[key] = level_stats(finished).as_dict()
        return {"levels": levels}

    app.state.store = store
    app.state.games = games
    return app


def all_levels() -> list[str]:
    """The statistics levels: one per variant, e.g. ``spider-2-relaxed``."""
    return [v.key for v in all_variants()]
