"""The page, the front end's translations and the rules page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as InPath
from fastapi.responses import FileResponse

from ...engine import N_
from ...help import help_page as build_help_page
from ...i18n import LANGUAGES, browser_catalog, translations
from ..http.errors import ApiError, error_responses
from ..language import request_language
from ..models import BrowserCatalog, HelpPage

STATIC = Path(__file__).parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html")


@router.get(
    "/api/i18n/{lang}",
    summary="The translation catalog for the front end",
    response_model=BrowserCatalog,
    responses=error_responses(404),
)
async def catalog(
    lang: Annotated[str, InPath(description="A language's code", json_schema_extra={"enum": list(LANGUAGES)})],
) -> dict[str, Any]:
    if lang not in LANGUAGES:
        raise ApiError(404, "not_found", N_("Unknown language {lang}"), lang=lang)
    return browser_catalog(lang)


@router.get("/api/help", summary="The rules page in the player's language", response_model=HelpPage)
async def help_page(request: Request) -> dict[str, Any]:
    return build_help_page(translations(request_language(request)))
