"""What the front end's dialogs offer: levels, games, suit counts, rules, scoring profiles,
languages and the default settings, all named in the request's language."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from ... import vocabulary
from ...engine import GAMES, PROFILES, RULES, SUIT_COUNTS, Translations, all_variants, parse_code
from ...i18n import LANGUAGES, translations
from ..context import DEFAULT_SETTINGS
from ..http.errors import error_responses
from ..language import request_language
from ..models import Catalog, CodeCheck
from ..texts import GAME_CODE

router = APIRouter()


def catalog_of(tr: Translations) -> dict[str, Any]:
    """The catalog, from the engine's tables and the vocabulary's names."""
    return {
        "levels": [
            {
                "key": v.key,
                "game": v.game,
                "suits": v.suits,
                "rules": v.rules,
                "name": vocabulary.level_name(v.game, v.suits, v.rules, tr),
            }
            for v in all_variants()
        ],
        "games": [{"id": game, "name": vocabulary.game_name(game, tr)} for game in GAMES],
        "suits": [{"count": suits, "name": vocabulary.suits_label(suits, tr)} for suits in SUIT_COUNTS],
        "rules": [
            {
                "id": rules,
                "name": vocabulary.rules_name(rules, tr),
                "description": vocabulary.rules_description(rules, tr),
            }
            for rules in RULES
        ],
        "profiles": [
            {"id": p, "name": vocabulary.profile_name(p, tr), "label": vocabulary.profile_label(p, tr)}
            for p in PROFILES
        ],
        "languages": [{"code": lang, "name": vocabulary.LANGUAGE_NAMES[lang]} for lang in LANGUAGES],
        "card_backs": [{"id": k, "name": tr.gettext(name)} for k, name in vocabulary.CARD_BACK_NAMES.items()],
        "tables": [{"id": k, "name": tr.gettext(name)} for k, name in vocabulary.TABLE_NAMES.items()],
        "default_settings": DEFAULT_SETTINGS,
    }


@router.get(
    "/api/catalog",
    response_model=Catalog,
    summary="Levels, rules, scoring profiles, languages and default settings, for the dialogs",
)
async def catalog(request: Request) -> dict[str, Any]:
    return catalog_of(translations(request_language(request)))


@router.get(
    "/api/codes/{code}",
    response_model=CodeCheck,
    summary="Check a game code before starting it: its level, or 400 bad_code naming what is wrong",
    responses=error_responses(400),
)
async def check_code(
    code: Annotated[str, Path(description="A game code, in either case", examples=["SP1-S2C-AAAAAAD"]), GAME_CODE],
) -> dict[str, Any]:
    parsed = parse_code(code)  # the rule is the engine's: a code that breaks it is a 400 bad_code naming the part
    return {"code": str(parsed), "level": parsed.variant.key}
