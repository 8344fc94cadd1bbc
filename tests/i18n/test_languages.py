"""The table description, engine errors, names, the help page and the command line in English,
Russian, Slovak and Finnish."""

from __future__ import annotations

from pathlib import Path

import pytest

from spider.cli import main
from spider.engine import RULE_MESSAGES, Game, IllegalAction, SpiderError, describe, parse_code, variant
from spider.help import SECTIONS, help_page
from spider.i18n import LANGUAGES, negotiate, translate_error, translations
from spider.vocabulary import level_name

CODE = "SD1-S4-AAAAABD"

TABLE = {
    "en": "Stock: 24 cards, 4 deals left; no sequence removed. Column 1: 0 face-down, then 5 of diamonds; "
    "Column 2: 1 face-down, then 3 of hearts; Column 3: 2 face-down, then 6 of clubs; Column 4: 3 face-down, "
    "then 9 of diamonds; Column 5: 4 face-down, then ace of clubs; Column 6: 5 face-down, then 5 of clubs; "
    "Column 7: 6 face-down, then queen of diamonds.",
    "ru": "Колода: 24 карты, осталось 4 раздачи; ни одна последовательность не убрана. Столбец 1: 0 закрытых "
    "карт, затем 5 бубен; столбец 2: 1 закрытая карта, затем 3 червей; столбец 3: 2 закрытые карты, затем "
    "6 треф; столбец 4: 3 закрытые карты, затем 9 бубен; столбец 5: 4 закрытые карты, затем туз треф; "
    "столбец 6: 5 закрытых карт, затем 5 треф; столбец 7: 6 закрытых карт, затем дама бубен.",
    "sk": "Zásoba: 24 kariet, zostávajú 4 rozdania; žiadna postupka nie je odobratá. Stĺpec 1: 0 skrytých "
    "kariet, potom kárová 5; stĺpec 2: 1 skrytá karta, potom srdcová 3; stĺpec 3: 2 skryté karty, potom "
    "krížová 6; stĺpec 4: 3 skryté karty, potom kárová 9; stĺpec 5: 4 skryté karty, potom krížové eso; "
    "stĺpec 6: 5 skrytých kariet, potom krížová 5; stĺpec 7: 6 skrytých kariet, potom kárová dáma.",
    "fi": "Nostopakka: 24 korttia, 4 jakoa jäljellä; ei poistettuja sarjoja. Sarake 1: 0 piilokorttia, sitten "
    "ruutu 5; sarake 2: 1 piilokortti, sitten hertta 3; sarake 3: 2 piilokorttia, sitten risti 6; sarake 4: "
    "3 piilokorttia, sitten ruutu 9; sarake 5: 4 piilokorttia, sitten ristiässä; sarake 6: 5 piilokorttia, "
    "sitten risti 5; sarake 7: 6 piilokorttia, sitten ruutukuningatar.",
}

# Plural forms (1, 2–4, 5+, 21, 22, 11) and an empty column first and later.
VIEW = {
    "stock": 21,
    "deals_left": 1,
    "removed": 2,
    "columns": [
        {"down": 0, "up": []},
        {"down": 22, "up": ["KS", "QS"]},
        {"down": 11, "up": ["JH", "10H"]},
        {"down": 1, "up": ["AC"]},
        {"down": 0, "up": []},
    ],
}
VIEW_TEXT = {
    "en": "Stock: 21 cards, 1 deal left; 2 sequences removed. Column 1: empty; Column 2: 22 face-down, then king "
    "of spades, queen of spades; Column 3: 11 face-down, then jack of hearts, 10 of hearts; Column 4: 1 "
    "face-down, then ace of clubs; Column 5: empty.",
    "ru": "Колода: 21 карта, осталась 1 раздача; убраны 2 последовательности. Столбец 1: пуст; столбец 2: 22 "
    "закрытые карты, затем король пик, дама пик; столбец 3: 11 закрытых карт, затем валет червей, 10 "
    "червей; столбец 4: 1 закрытая карта, затем туз треф; столбец 5: пуст.",
    "sk": "Zásoba: 21 kariet, zostáva 1 rozdanie; odobraté sú 2 postupky. Stĺpec 1: prázdny; stĺpec 2: 22 "
    "skrytých kariet, potom pikový kráľ, piková dáma; stĺpec 3: 11 skrytých kariet, potom srdcový "
    "dolník, srdcová 10; stĺpec 4: 1 skrytá karta, potom krížové eso; stĺpec 5: prázdny.",
    "fi": "Nostopakka: 21 korttia, 1 jako jäljellä; 2 sarjaa poistettu. Sarake 1: tyhjä; sarake 2: 22 "
    "piilokorttia, sitten patakuningas, patakuningatar; sarake 3: 11 piilokorttia, sitten herttajätkä, "
    "hertta 10; sarake 4: 1 piilokortti, sitten ristiässä; sarake 5: tyhjä.",
}
VIEW_FIVE = {"stock": 5, "deals_left": 0, "removed": 5, "columns": [{"down": 2, "up": ["9D", "8D"]}]}
VIEW_FIVE_TEXT = {
    "en": "Stock: 5 cards, 0 deals left; 5 sequences removed. Column 1: 2 face-down, then 9 of diamonds, 8 of "
    "diamonds.",
    "ru": "Колода: 5 карт, осталось 0 раздач; убрано 5 последовательностей. Столбец 1: 2 закрытые карты, затем "
    "9 бубен, 8 бубен.",
    "sk": "Zásoba: 5 kariet, zostáva 0 rozdaní; odobratých je 5 postupiek. Stĺpec 1: 2 skryté karty, potom "
    "kárová 9, kárová 8.",
    "fi": "Nostopakka: 5 korttia, 0 jakoa jäljellä; 5 sarjaa poistettu. Sarake 1: 2 piilokorttia, sitten ruutu "
    "9, ruutu 8.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_description(lang: str) -> None:
    view = Game.from_code(CODE).view()
    assert describe(view, translations(lang)) == TABLE[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_description_plural_forms(lang: str) -> None:
    assert describe(VIEW, translations(lang)) == VIEW_TEXT[lang]
    assert describe(VIEW_FIVE, translations(lang)) == VIEW_FIVE_TEXT[lang]


def test_english_description_needs_no_catalog() -> None:
    assert describe(Game.from_code(CODE).view()) == TABLE["en"]


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("ru-RU,ru;q=0.9,en-US;q=0.8", "ru"),
        ("sk", "sk"),
        ("fi-FI", "fi"),
        ("de-DE,de;q=0.9", "en"),
        ("de;q=0.9,sk;q=0.8,en;q=0.7", "sk"),
        ("en;q=0.5,fi;q=0.9", "fi"),
        ("cs-CZ,sk;q=0.4", "sk"),
        ("*", "en"),
        ("ru;q=abc,fi", "fi"),
        ("!!,ru", "ru"),
    ],
)
def test_negotiate(header: str | None, lang: str) -> None:
    assert negotiate(header) == lang


def _error(action) -> SpiderError:  # type: ignore[no-untyped-def]
    with pytest.raises(SpiderError) as info:
        action()
    return info.value


ERRORS = {
    "rule": (
        lambda: Game.from_record({"code": CODE, "actions": ["1>2"]}),
        {
            "en": "action 0 ('1>2'): A card goes onto a card one rank higher",
            "ru": "действие 0 ('1>2'): Карту кладут на карту на один ранг выше",
            "sk": "akcia 0 ('1>2'): Karta sa kladie na kartu s hodnotou o jeden vyššou",
            "fi": "toiminto 0 ('1>2'): Kortti asetetaan yhtä arvoa suuremman kortin päälle",
        },
    ),
    "suits": (
        lambda: parse_code("SP1-S3C-AAAAAAA"),
        {
            "en": "Game code 'SP1-S3C-AAAAAAA': S3 is not a suit count (1, 2 or 4)",
            "ru": "Код партии 'SP1-S3C-AAAAAAA': S3 — недопустимое число мастей (возможно 1, 2 или 4)",
            "sk": "Kód hry 'SP1-S3C-AAAAAAA': S3 nie je platný počet farieb (1, 2 alebo 4)",
            "fi": "Pelikoodi 'SP1-S3C-AAAAAAA': S3 ei ole kelvollinen maiden määrä (1, 2 tai 4)",
        },
    ),
    "deck": (
        lambda: Game.from_deck(variant("spider", 1), ["AS"] * 3),
        {
            "en": "A Spider deck has 104 cards, this one has 3",
            "ru": "В колоде для игры «Паук» должно быть карт: 104, а в этой: 3",
            "sk": "Balíček pre hru Spider má 104 kariet, tento má 3",
            "fi": "Spider-pakassa on 104 korttia, tässä on 3",
        },
    ),
    "relaxed": (
        lambda: variant("spiderette", 2, "relaxed"),
        {
            "en": "Spiderette has no relaxed rules",
            "ru": "В Паучке нет свободных правил",
            "sk": "Hra Spiderette nemá uvoľnené pravidlá",
            "fi": "Spiderette-pelissä ei ole väljiä sääntöjä",
        },
    ),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_translate_error(case: str, lang: str) -> None:
    action, texts = ERRORS[case]
    err = _error(action)
    assert translate_error(err, translations(lang)) == texts[lang]
    assert translate_error(err) == err.message == str(err)


def test_every_rule_refusal_renders_in_every_language() -> None:
    for reason, message in RULE_MESSAGES.items():
        err = IllegalAction(reason, message, column=11, count=5, limit=100)
        for lang in ("ru", "sk", "fi"):
            text = translate_error(err, translations(lang))
            assert text and text != err.message, (reason, lang)


def test_level_names() -> None:
    assert level_name("spider", 2, "relaxed") == "Spider, 2 suits (Medium), relaxed rules"
    assert level_name("spiderette", 1, tr=translations("ru")) == "Паучок, 1 масть (Лёгкий)"
    assert level_name("spider", 4, "classic", translations("sk")) == "Spider, 4 farby (Ťažká), klasické pravidlá"
    assert level_name("spider", 2, "classic", translations("fi")) == "Spider, 2 maata (Keskivaikea), klassiset säännöt"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_page(lang: str) -> None:
    page = help_page(translations(lang))
    english = help_page()
    assert [len(s["paragraphs"]) for s in page["sections"]] == [len(p) for _, p in SECTIONS]
    texts = [page["title"]] + [s["title"] for s in page["sections"]]
    texts += [p for s in page["sections"] for p in s["paragraphs"]]
    assert all(texts)
    if lang != "en":
        english_texts = [english["title"]] + [s["title"] for s in english["sections"]]
        english_texts += [p for s in english["sections"] for p in s["paragraphs"]]
        assert all(t != e for t, e in zip(texts, english_texts, strict=True))
    whole = " ".join(texts)
    for fact in ("500", "100", "847", "1183", "600", "SP1-S2C-ABCDEFG", "SD1-S4-ABCDEFG", "Ctrl+Z", "Esc", "Tab"):
        assert fact in whole, (lang, fact)


def test_help_covers_the_rules_in_english() -> None:
    whole = " ".join(p for s in help_page()["sections"] for p in s["paragraphs"]).lower()
    for words in (
        "one rank higher",
        "empty column",
        "relaxed",
        "cannot deal",
        "king down to ace",
        "double-click",
        "drag",
        "timed",
        "30 seconds",
        "never goes below 0",
        "no lower limit",
        "undo",
        "hint",
    ):
        assert words in whole, words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_explains_the_daily_deals_as_the_rules_do(lang: str) -> None:
    """docs/RULES.md, Daily deals, has the full rules: the help's short part must agree with it."""
    english = help_page()["sections"][-1]
    daily = help_page(translations(lang))["sections"][-1]
    assert daily["title"] == translations(lang).gettext("Daily deals")  # the toolbar button's name
    assert "UTC" in daily["paragraphs"][0] and len(daily["paragraphs"]) == 4
    rules = " ".join((Path(__file__).parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8").split())
    said = " ".join(english["paragraphs"])
    for words in (
        "midnight",
        "winnable",
        "first game of a daily deal is the one that counts",
        "lost when you start any other game",
        "never counts",
        "practice",
        "wins first, by fewer moves, then less time",
        "undos included",
        "listed apart and never ranked",
        "the deeper hint",
        "winning line",
    ):
        assert words in said, words
        assert words in rules.replace("**", ""), words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cli_deal_lang(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", CODE, "--lang", lang]) == 0
    assert capsys.readouterr().out == f"{CODE}\n{TABLE[lang]}\n"


def test_cli_deal_defaults_to_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", CODE]) == 0
    assert capsys.readouterr().out == f"{CODE}\n{TABLE['en']}\n"


def test_cli_deal_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", CODE, "--lang", "de"]) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "de" in captured.err


def test_cli_deal_bad_code_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "SD1-S3-AAAAAAA", "--lang", "fi"]) != 0
    captured = capsys.readouterr()
    assert captured.err == "spider: Pelikoodi 'SD1-S3-AAAAAAA': S3 ei ole kelvollinen maiden määrä (1, 2 tai 4)\n"
