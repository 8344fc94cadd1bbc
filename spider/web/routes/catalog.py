"""What the front end's dialogs offer: levels, games, suit counts, rules, scoring profiles,
languages and the default settings, all named in the request's language."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from ...play import catalog as catalogs
from ..context import Tr
from ..http.answers import sent
from ..http.errors import error_responses
from ..models import Catalog, CodeCheck
from ..texts import GAME_CODE

router = APIRouter()


@router.get(
    "/api/catalog",
    response_model=Catalog,
    summary="Levels, rules, scoring profiles, languages and default settings, for the dialogs",
)
async def catalog(tr: Tr) -> Response:
    return sent(catalogs.catalog(tr))


@router.get(
    "/api/codes/{code}",
    response_model=CodeCheck,
    summary="Check a game code before starting it: its level, or 400 bad_code naming what is wrong",
    responses=error_responses(400),
)
async def check_code(
    code: Annotated[str, Path(description="A game code, in either case", examples=["SP1-S2C-AAAAAAD"]), GAME_CODE],
) -> Response:
    return sent(catalogs.check_code(code))
