"""What the front end's dialogs offer (levels, games, suit counts, rules, scoring profiles, languages
and the default settings, all named in the player's language), game codes checked before a game is
started, and the texts of the page: the translations it shows and the rules page."""

from __future__ import annotations

from .. import vocabulary
from ..engine import GAMES, N_, PROFILES, RULES, SUIT_COUNTS, Translations, all_variants, parse_code
from ..help import help_page
from ..i18n import LANGUAGES, browser_catalog
from .answers import BrowserCatalog, Catalog, CodeCheck, HelpPage
from .errors import Missing
from .players import DEFAULT_SETTINGS


def all_levels() -> list[str]:
    """The statistics levels: one per variant, e.g. ``spider-2-relaxed``."""
    return [v.key for v in all_variants()]


def check_level(level: str) -> None:
    """Refuse a level that does not exist (404: there is no such level's page)."""
    if level not in all_levels():
        raise Missing("not_found", N_("Unknown level {level}"), level=level)


def catalog(tr: Translations) -> Catalog:
    """The catalog, from the engine's tables and the vocabulary's names."""
    return Catalog.model_validate(
        {
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
    )


def check_code(code: str) -> CodeCheck:
    """A game code's canonical form and level; the engine's rule refuses a bad one (bad_code, naming
    the part)."""
    parsed = parse_code(code)
    return CodeCheck(code=str(parsed), level=parsed.variant.key)


def texts(lang: str) -> BrowserCatalog:
    """The translations the front end shows, in ``lang`` (404 for a language there is none of)."""
    if lang not in LANGUAGES:
        raise Missing("not_found", N_("Unknown language {lang}"), lang=lang)
    return BrowserCatalog.model_validate(browser_catalog(lang))


def rules_page(tr: Translations) -> HelpPage:
    return HelpPage.model_validate(help_page(tr))


__all__ = ["LANGUAGES", "all_levels", "catalog", "check_code", "check_level", "rules_page", "texts"]
