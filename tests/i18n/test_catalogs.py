"""Every message is translated into Russian, Slovak and Finnish: no empty, fuzzy or missing
entry, every plural form present, the same placeholders as the English text, and the template
(messages.pot) up to date with the source. After adding a message: run scripts/i18n, translate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
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


def _extract_keys() -> set[tuple[str | None, str]]:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    from babel.messages.extract import DEFAULT_KEYWORDS

    keys = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=DEFAULT_KEYWORDS
    ):
        keys.add((context, message[0] if isinstance(message, tuple) else message))
    return keys


def test_template_matches_the_source() -> None:
    """messages.pot holds every message marked in spider/**.py and spider/web/static/**.js."""
    in_source = _extract_keys()
    in_template = {_key(m) for m in TEMPLATE_MESSAGES}
    missing = sorted(in_source - in_template, key=str)
    assert not missing, "messages not yet extracted (run scripts/i18n and translate):\n" + "\n".join(map(str, missing))
