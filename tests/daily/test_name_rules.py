"""The display-name rule against impersonation: look-alikes (UTS #39 skeletons, case-folded too),
blank fillers, stacked combining marks and the reserved anonymous pattern in every language."""

from __future__ import annotations

import pytest

from spider.daily.confusables import name_keys
from spider.daily.names import anonymous_like, check_name
from spider.engine import SpiderError
from spider.i18n import LANGUAGES, translations


def collide(a: str, b: str) -> bool:
    return any(x == y for x, y in zip(name_keys(check_name(a)), name_keys(check_name(b)), strict=True))


@pytest.mark.parametrize(
    "look_alike",
    [
        "Ada Lovelace",
        "ada lovelace",  # case folded: the same name
        "ADA LOVELACE",
        "\u0410da Lovelace",  # a Cyrillic А
        "Ada Lovel\u0430ce",  # a Cyrillic а
        "Ada  Lovelace",  # a browser shows two spaces as one
        "Ada LoveIace",  # a capital I for the l
        "Ada Love1ace",  # a digit one for the l
    ],
)
def test_a_look_alike_has_a_key_of_the_name(look_alike: str) -> None:
    assert collide(look_alike, "Ada Lovelace")


@pytest.mark.parametrize(("a", "b"), [("Ada Lovelace", "Ada Lovelock"), ("Zuzana", "Zuzanna"), ("Пётр", "Петр")])
def test_other_names_have_other_keys(a: str, b: str) -> None:
    assert not collide(a, b)


@pytest.mark.parametrize("name", ["Zuzana Kováčová", "Пётр", "Äänekoski", "Nguyễn Thị Ánh", "Jürgen_2.0", "Player One"])
def test_names_with_their_accents_are_kept(name: str) -> None:
    assert check_name(name) == name


def refusal(name: str) -> str:
    with pytest.raises(SpiderError) as err:
        check_name(name)
    assert err.value.reason == "bad_name"
    return err.value.message


@pytest.mark.parametrize(
    "name",
    [
        "\u3164\u3164\u3164",  # Hangul filler
        "Ada\u3164",
        "\u115f\u115fAda",  # Hangul choseong filler
        "Ada\u1160x",  # Hangul jungseong filler
        "Ada\uffa0x",  # halfwidth Hangul filler
        "Ada\u2800x",  # braille blank
        "Ada\u034fx",  # combining grapheme joiner: default-ignorable
        "Ada\u17b4x",  # Khmer inherent vowel: default-ignorable, drawn as nothing
    ],
)
def test_invisible_and_filler_characters_are_refused(name: str) -> None:
    assert "invisible or blank" in refusal(name)


@pytest.mark.parametrize(
    "name", ["Ada\u0301\u0301\u0301", "Za\u0300\u0301\u0302\u0303lgo", "\u0301Ada", "e\u0301\u0302\u0323x"]
)
def test_more_than_two_marks_on_a_letter_are_refused(name: str) -> None:
    assert "at most 2 accents" in refusal(name)


def test_two_marks_on_a_letter_are_kept() -> None:
    assert check_name("Vie\u0323\u0302t Nam") == "Việt Nam"  # ệ: a dot below and a circumflex


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", ["1234", "42", "9999"])
def test_the_anonymous_name_of_every_language_is_reserved(lang: str, number: str) -> None:
    anonymous = translations(lang).gettext("Player {number}").format(number=number)
    assert anonymous_like(anonymous)
    assert "Player 1234" in refusal(anonymous)
    assert "Player 1234" in refusal(anonymous.upper())


@pytest.mark.parametrize(
    "name",
    ["P1ayer 1234", "PIayer 1234", "player 0042", "Player1234", "Рlayer 1234", "Hrac 1234", "Игрок l234", "PELAAJA 77"],
)
def test_look_alikes_of_the_anonymous_name_are_reserved(name: str) -> None:
    assert "Player 1234" in refusal(name)


@pytest.mark.parametrize("name", ["Player One", "Players 12", "Player 12 Ada", "Pelaaja Ada", "Hráčka 12"])
def test_names_that_only_begin_like_it_are_kept(name: str) -> None:
    assert check_name(name) == name
