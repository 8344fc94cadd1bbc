"""The page, the front end's translations and the rules page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Request
from fastapi import Path as InPath
from fastapi.responses import HTMLResponse, Response

from ...play import catalog as catalogs
from ..boot import boot_block, boot_data
from ..context import Tr
from ..frontend import Frontend
from ..http.answers import sent
from ..http.errors import error_responses
from ..identity import answer_headers
from ..models import BrowserCatalog, HelpPage

STATIC = Path(__file__).parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def index(request: Request) -> HTMLResponse:
    """The page, with what it needs to draw the table at once (spider/web/boot.py). Asked for again on
    every visit (``no-cache``; ``private``: it is one player's), while the files it names, hashed,
    are kept for a year. ``Spider-Build`` names the bundle's build: the service worker keeps the page
    (without its boot block) only with that build's files (static/sw.js)."""
    frontend: Frontend = request.app.state.frontend
    page = frontend.page.replace("</body>", boot_block(await boot_data(request)) + "</body>", 1)
    headers = {"Cache-Control": "private, no-cache"}
    if frontend.bundled:
        headers["Spider-Build"] = frontend.manifest["version"]
    response = HTMLResponse(page, headers=headers)
    await answer_headers(request.scope, response.headers)  # a new player's cookie, once their game is stored
    return response


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    """The service worker (static/sw.js) with the build's files to keep: a new build is a new script,
    which the browser installs on its next visit. None in development mode."""
    frontend: Frontend = request.app.state.frontend
    if not frontend.bundled:
        return Response("Not Found", status_code=404, media_type="text/plain")
    build = {"version": frontend.manifest["version"], "files": sorted(frontend.precached)}
    script = f"const BUILD = {json.dumps(build)};\n" + (STATIC / "sw.js").read_text(encoding="utf-8")
    return Response(script, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


@router.get(
    "/api/i18n/{lang}",
    summary="The translation catalog for the front end",
    response_model=BrowserCatalog,
    responses=error_responses(404),
)
async def catalog(
    lang: Annotated[str, InPath(description="A language's code", json_schema_extra={"enum": list(catalogs.LANGUAGES)})],
) -> Response:
    return sent(catalogs.texts(lang))


@router.get("/api/help", summary="The rules page in the player's language", response_model=HelpPage)
async def help_page(tr: Tr) -> Response:
    return sent(catalogs.rules_page(tr))
