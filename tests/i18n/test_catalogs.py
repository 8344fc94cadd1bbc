"""Every message is translated into Russian, Slovak and Finnish: no empty, fuzzy or missing
entry, every plural form present, the same placeholders as the English text; and the template
(messages.pot) and the catalogs hold exactly the source's messages, none left over. After adding,
changing or removing a message: run scripts/i18n, translate."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from spider.i18n import LOCALE_DIR, po_path

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ru", "sk", "fi")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _read(path: Path, locale: str | None = None):  # type: ignore[no-untyped-def]
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _key(message) -> tuple[str | None, str]:  # type: ignore[no-untyped-def]
    mid = message.id[0] if isinstance(message.id, tuple) else message.id
    return (message.context, mid)


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


TEMPLATE = _read(LOCALE_DIR / "messages.pot")
TEMPLATE_MESSAGES = [m for m in TEMPLATE if m.id]


def test_template_has_messages() -> None:
    assert len(TEMPLATE_MESSAGES) > 100


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_header(lang: str) -> None:
    catalog = _read(po_path(lang), lang)
    expected = get_plural(lang)
    assert catalog.num_plurals == expected.num_plurals == {"ru": 3, "sk": 3, "fi": 2}[lang]
    assert catalog.plural_expr == expected.plural_expr


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_translated(lang: str) -> None:
    catalog = _read(po_path(lang), lang)
    translated = {_key(m): m for m in catalog if m.id}
    problems = []
    for source in TEMPLATE_MESSAGES:
        key = _key(source)
        message = translated.get(key)
        if message is None:
            problems.append(f"missing: {key}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {key}")
        if isinstance(source.id, tuple):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != catalog.num_plurals or not all(forms):
                problems.append(f"plural forms incomplete: {key}")
                continue
            expected = _placeholders(source.id[1])
            assert _placeholders(source.id[0]) == expected or not _placeholders(source.id[0])
            for form in forms:
                if _placeholders(form) != expected:
                    problems.append(f"placeholders differ: {key}: {form!r}")
        else:
            if not message.string:
                problems.append(f"empty: {key}")
            elif _placeholders(message.string) != _placeholders(source.id):
                problems.append(f"placeholders differ: {key}: {message.string!r}")
    assert not problems, f"{lang}: run scripts/i18n and translate:\n" + "\n".join(problems)


@functools.cache
def _in_source() -> frozenset[tuple[str | None, str | tuple[str, ...]]]:
    """Every message marked in the source, as scripts/i18n extracts it (babel.cfg, Babel's default
    keywords, pgettext among them): (context, id), the id a (singular, plural) pair for a plural."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    return frozenset(
        (context, message if isinstance(message, str) else tuple(message[:2]))
        for _file, _line, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=DEFAULT_KEYWORDS
        )
    )


def _ids(catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def _differences(expected: set, found: set, where: str) -> list[str]:  # type: ignore[type-arg]
    return [f"missing from {where}: {key}" for key in sorted(expected - found, key=str)] + [
        f"in {where}, no longer in the source: {key}" for key in sorted(found - expected, key=str)
    ]


def test_template_matches_the_source() -> None:
    """messages.pot holds exactly the messages marked in spider/**.py and spider/web/static/**.js:
    none missing, none left over from a message since changed or removed."""
    problems = _differences(set(_in_source()), _ids(TEMPLATE), "messages.pot")
    assert not problems, "run scripts/i18n and translate:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_matches_the_source(lang: str) -> None:
    """Each catalog holds exactly the source's messages, none fuzzy (scripts/i18n brings a new one in
    untranslated, not with a guess) and no obsolete entry kept at its end."""
    catalog = _read(po_path(lang), lang)
    problems = _differences(set(_in_source()), _ids(catalog), f"{lang}/messages.po")
    problems += [f"fuzzy: {_key(m)}" for m in catalog if m.id and m.fuzzy]
    problems += [f"obsolete entry: {key!r}" for key in catalog.obsolete]
    assert not problems, f"{lang}: run scripts/i18n and translate:\n" + "\n".join(problems)
