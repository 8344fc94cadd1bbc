"""Translations: gettext catalogs (``locale/<lang>/LC_MESSAGES/messages.po``) managed with Babel,
compiled in memory when first used. The same catalogs feed the server (``translations``) and the
browser (``browser_catalog``), so there is one translation system.

Message ids are the English text; placeholders are ``{name}`` (str.format in Python, the same in
the front end's ``t()``)."""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from .engine import SpiderError, card_names

LANGUAGES = ("en", "ru", "sk", "fi")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@cache
def _catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """A gettext translations object for ``lang`` (English text for English or unknown)."""
    if lang not in LANGUAGES or lang == DEFAULT or not po_path(lang).exists():
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, _catalog(lang))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def load_all() -> None:
    """Compile every language's catalog (and word its card names) now, as an app process does at
    start, so that no request waits for it: a first use costs tens of milliseconds, in which the
    process answers nobody."""
    for lang in LANGUAGES:
        card_names(translations(lang))
        browser_catalog(lang)


@cache
def browser_catalog(lang: str) -> dict[str, Any]:
    """What the front end needs: ``{"lang", "plural" (a C expression of n), "messages"}`` where
    each message maps an English id to its text, or a plural's singular id to its list of forms."""
    if lang not in LANGUAGES or lang == DEFAULT or not po_path(lang).exists():
        return {"lang": DEFAULT, "plural": "(n != 1)", "messages": {}}
    catalog = _catalog(lang)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        # A message with a context is keyed "context\x04id", as gettext does, so that it never
        # shadows the same id without a context.
        prefix = f"{message.context}\x04" if message.context else ""
        if isinstance(message.id, str):
            messages[prefix + message.id] = message.string
        else:  # a plural: its singular id keys the list of forms
            forms = list(message.string)
            if all(forms):
                messages[prefix + message.id[0]] = forms
    return {"lang": lang, "plural": catalog.plural_expr, "messages": messages}


def negotiate(accept_language: str | None) -> str:
    """The best of LANGUAGES for an Accept-Language header, English when nothing matches."""
    if not accept_language:
        return DEFAULT
    wanted = []
    for part in accept_language.split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if tag:
            wanted.append((weight, tag.strip()))
    for _, tag in sorted(wanted, key=lambda w: -w[0]):
        try:
            language = Locale.parse(tag.replace("-", "_")).language
        except Exception:  # babel raises several kinds for a malformed tag
            continue
        if language in LANGUAGES:
            return language
    return DEFAULT


# Parameters whose value is itself an English message (a game's name) and is translated too.
_TRANSLATED_PARAMS = ("game_name",)


def translate_error(err: SpiderError, tr: gettext.NullTranslations | None = None) -> str:
    """An engine error in the language of ``tr`` (English without one): its template translated,
    then filled with its params. A replay error's cause is translated as well. A translation that
    does not fit the params falls back to the English message."""
    if tr is None:
        tr = gettext.NullTranslations()
    template: str = getattr(err, "template", None) or err.message
    params = dict(err.params)
    for key in _TRANSLATED_PARAMS:
        value = params.get(key)
        if isinstance(value, str):
            params[key] = tr.gettext(value)
    cause = getattr(err, "cause", None)
    if isinstance(cause, SpiderError):
        params["error"] = translate_error(cause, tr)
    try:
        return tr.gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return err.message
