"""Each language's terms and voice are one: a native reader's review, kept. The level names are of
one grammatical form; the words the review replaced (a term beside its synonym, a word that reads
as something else, the app speaking as "I" or "we") appear in no message; and the replay's Play
button is worded apart from the new game's."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from spider.i18n import po_path

# Words no message may use, by language, with the term used instead.
FORBIDDEN: dict[str, dict[str, str]] = {
    "ru": {
        "Средне": "Средний (an adjective like Лёгкий and Сложный)",
        "Сложно": "Сложный",
        "Серии:": "Собрано: (серия is a streak)",
        "Раздача.": "Расклад. (the deal on the table; раздача is dealing from the stock)",
        "проигрыш": "поражение",
        "с помощью)": "вне зачёта",
        "Обдумываю": "the app's one voice: impersonal (Подбирается…)",
        "Ищем": "the app's one voice: impersonal (Идёт поиск…)",
        "Продолжаем": "the app's one voice: impersonal (…продолжается)",
    },
    "sk": {
        "horník": "dáma (as the help says)",
        "Ľahké": "Ľahká (feminine like Stredná and Ťažká)",
        "Prehrať": "Záznam (prehrať reads as 'lose' beside Prehra)",
        "Postupnosti": "postupka",
        "Body:": "Skóre",
        "pletivo": "tkanina (pletivo is wire mesh)",
        "v inej karte": "v inej záložke (karta reads as a playing card)",
        "Premýšľam": "the app's one voice: impersonal (Hľadá sa…)",
    },
    "fi": {
        "Jaa tämä jako": "Jaa linkki tähän jakoon",
        "Ajastettu": "Aikapeli",
        "Voitettu": "Voitto (beside tappio)",
        "Hävitty": "Tappio",
        " jono": "ryhmä (as the help says)",
        "Keskitaso": "Keskivaikea (an adjective like Helppo and Vaikea)",
        "Mietin ": "the app's one voice: the passive (Mietitään…)",
    },
}
# The level names (Easy, Medium, Hard) end as one grammatical form: Russian masculine adjectives
# (уровень), Slovak feminine adjectives (úroveň).
LEVEL_FORM = {"ru": re.compile(r"(ий|ый|ой)$"), "sk": re.compile(r"á$")}


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def _strings(message) -> list[str]:  # type: ignore[no-untyped-def]
    return [message.string] if isinstance(message.string, str) else list(message.string)


@pytest.mark.parametrize("lang", sorted(FORBIDDEN))
def test_no_message_uses_a_replaced_term(lang: str) -> None:
    found = [
        (word, instead, text)
        for message in _catalog(lang)
        if message.id
        for text in _strings(message)
        for word, instead in FORBIDDEN[lang].items()
        if word in text
    ]
    assert not found, found


@pytest.mark.parametrize("lang", sorted(LEVEL_FORM))
def test_the_level_names_are_of_one_form(lang: str) -> None:
    catalog = _catalog(lang)
    names = [catalog.get(level).string for level in ("Easy", "Medium", "Hard")]
    assert all(LEVEL_FORM[lang].search(name) for name in names), names


@pytest.mark.parametrize("lang", sorted(FORBIDDEN))
def test_the_replays_play_button_has_words_of_its_own(lang: str) -> None:
    catalog = _catalog(lang)
    replay, new_game = catalog.get("Play", context="replay").string, catalog.get("Play").string
    assert replay and new_game and replay != new_game
