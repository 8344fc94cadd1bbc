"""Games, decks and layouts (docs/RULES.md, The two games; docs/FORMATS.md, Decks); cards."""

from __future__ import annotations

from collections import Counter

import pytest

from spider.engine import Game, SpiderError, card_text, parse_card, profile, variant

from .helpers import LEVELS, pos

# ----- variants -----------------------------------------------------------------------------


def test_spider_shape():
    v = variant("spider", 4)
    assert (v.columns, v.tableau, v.deals, v.card_count, v.sequences) == (
        10,
        (6, 6, 6, 6, 5, 5, 5, 5, 5, 5),
        (10, 10, 10, 10, 10),
        104,
        8,
    )
    assert sum(v.tableau) == 54 and sum(v.deals) == 50


def test_spiderette_shape():
    v = variant("spiderette", 4)
    assert (v.columns, v.tableau, v.deals, v.card_count, v.sequences) == (7, (1, 2, 3, 4, 5, 6, 7), (7, 7, 7, 3), 52, 4)
    assert sum(v.tableau) == 28 and sum(v.deals) == 24


@pytest.mark.parametrize(
    ("game", "suits", "expected"),
    [
        ("spider", 1, {"S": 104}),
        ("spider", 2, {"S": 52, "H": 52}),
        ("spider", 4, {"S": 26, "H": 26, "D": 26, "C": 26}),
        ("spiderette", 1, {"S": 52}),
        ("spiderette", 2, {"S": 26, "H": 26}),
        ("spiderette", 4, {"S": 13, "H": 13, "D": 13, "C": 13}),
    ],
)
def test_compositions(game, suits, expected):
    cards = variant(game, suits).composition()
    assert Counter(card_text(c)[-1] for c in cards) == expected
    # every rank equally often within each suit: 13 ranks × copies
    per_card = Counter(cards)
    assert len(set(per_card.values())) == 1
    assert len(per_card) == 13 * suits


def test_composition_order_is_documented():
    cards = [card_text(c) for c in variant("spiderette", 2).composition()]
    assert cards[:14] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert cards[26] == "AH" and cards[-1] == "KH"


@pytest.mark.parametrize("args", LEVELS)
def test_variant_keys(args):
    assert variant(*args).key == "-".join(map(str, args))


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"game": "klondike"}, "bad_game"),
        ({"game": "Spider"}, "bad_game"),
        ({"suits": 3}, "bad_suits"),
        ({"suits": 0}, "bad_suits"),
        ({"suits": "2"}, "bad_suits"),
        ({"suits": 2.0}, "bad_suits"),
        ({"suits": True}, "bad_suits"),
        ({"rules": "easy"}, "bad_rules"),
        ({"suits": 1, "rules": "relaxed"}, "bad_rules"),
        ({"game": "spiderette", "suits": 2, "rules": "relaxed"}, "bad_rules"),
    ],
)
def test_variant_rejects(kwargs, reason):
    with pytest.raises(SpiderError) as exc:
        variant(**kwargs)
    assert exc.value.reason == reason


def test_profiles_rejected():
    for name in ("fast", "", None, ["standard"]):
        with pytest.raises(SpiderError) as exc:
            profile(name)
        assert exc.value.reason == "bad_profile"


# ----- layout and deck numbering ------------------------------------------------------------


def dealt(code):
    """A deal's columns (bottom to top) and stock, and a function giving the cards at positions
    1…n of its deck: to see which position lands where (the 4-suit Spiderette deck has every card
    once; with Spider's two decks, a wrong place would still show up as a wrong card)."""
    g = Game.from_code(code)
    deck, state = g.deck, g.state()
    columns = [col["down"] + col["up"] for col in state["columns"]]

    def at(*positions):
        return [card_text(deck[p - 1]) for p in positions]

    return columns, state["stock"], at


def test_spider_numbering():
    columns, stock, at = dealt("SP1-S4C-QWERTYU")
    assert columns[0] == at(1, 11, 21, 31, 41, 51)
    assert columns[3] == at(4, 14, 24, 34, 44, 54)
    assert columns[4] == at(5, 15, 25, 35, 45)
    assert columns[9] == at(10, 20, 30, 40, 50)
    assert [len(c) for c in columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert stock == at(*range(55, 105))


def test_spiderette_numbering():
    columns, stock, at = dealt("SD1-S4-QWERTYU")
    assert columns[0] == at(1)
    assert columns[1] == at(2, 8)
    assert columns[2] == at(3, 9, 14)
    assert columns[6] == at(7, 13, 18, 22, 25, 27, 28)
    assert stock == at(*range(29, 53))


def test_spider_start_position_and_deals():
    g = Game.from_code("SP1-S4C-AAAAAAA")
    deck = list(g.deck)
    assert pos(g).down == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert [pos(g).face_up(c) for c in range(10)] == [[deck[c + 50 if c < 4 else c + 40]] for c in range(10)]
    assert (g.deals_left, g.stock_count, g.removed, g.moves, g.score, g.won) == (5, 50, 0, 0, 500, False)
    for d in range(5):
        g.apply("deal")
        # deal d puts cards 55+10d … 64+10d (numbered from 1) onto columns 1…10, face up
        assert [pos(g).cols[c][-1] for c in range(10)] == deck[54 + 10 * d : 64 + 10 * d]
        assert g.stock_count == 40 - 10 * d and g.deals_left == 4 - d
    assert pos(g).down == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]


def test_spiderette_start_position_and_deals():
    g = Game.from_code("SD1-S4-AAAAAAA")
    deck = list(g.deck)
    assert pos(g).down == [0, 1, 2, 3, 4, 5, 6]
    assert [card_text(pos(g).cols[6][-1])] == [card_text(deck[27])]
    assert (g.deals_left, g.stock_count) == (4, 24)
    for d in range(3):
        g.apply("deal")
        assert [pos(g).cols[c][-1] for c in range(7)] == deck[28 + 7 * d : 35 + 7 * d]
        assert [len(c) for c in pos(g).cols] == [n + d + 1 for n in range(1, 8)]
    g.apply("deal")  # the fourth deal: 3 cards onto columns 1–3 only
    assert [pos(g).cols[c][-1] for c in range(3)] == deck[49:52]
    assert [len(c) for c in pos(g).cols] == [5, 6, 7, 7, 8, 9, 10]
    assert (g.deals_left, g.stock_count) == (0, 0)


@pytest.mark.parametrize("args", LEVELS)
def test_every_variant_starts_with_the_last_card_face_up(args):
    v = variant(*args)
    g = Game.from_deck(v, [card_text(c) for c in v.composition()])
    assert all(len(pos(g).cols[c]) - pos(g).down[c] == 1 for c in range(v.columns))
    assert [len(c) for c in pos(g).cols] == list(v.tableau)


# ----- deck validation ----------------------------------------------------------------------


def test_parse_deck_accepts_any_spelling():
    v = variant("spiderette", 4)
    texts = [card_text(c).lower().replace("10", "t") for c in v.composition()]
    assert Game.from_deck(v, texts).deck == tuple(v.composition())


def test_deck_wrong_count():
    v = variant("spiderette", 1)
    with pytest.raises(SpiderError) as exc:
        Game.from_deck(v, ["AS"] * 51)
    assert exc.value.reason == "bad_deck"
    assert exc.value.params["count"] == 51
    assert "52" in str(exc.value) and "51" in str(exc.value)


def test_deck_not_a_list():
    with pytest.raises(SpiderError) as exc:
        Game.from_deck(variant(), "AS 2S")
    assert exc.value.reason == "bad_deck"


def test_deck_unknown_card():
    v = variant("spiderette", 1)
    cards = [card_text(c) for c in v.composition()]
    cards[5] = "1S"
    with pytest.raises(SpiderError) as exc:
        Game.from_deck(v, cards)
    assert exc.value.reason == "bad_card" and "1S" in str(exc.value)


def test_deck_missing_and_extra_cards_named():
    v = variant("spiderette", 1)
    cards = [card_text(c) for c in v.composition()]
    cards[cards.index("QS")] = "QH"  # a heart in a one-suit deck
    with pytest.raises(SpiderError) as exc:
        Game.from_deck(v, cards)
    e = exc.value
    assert e.reason == "bad_deck"
    assert "QS" in e.params["missing"] and "QH" in e.params["extra"]
    assert "QS" in str(e) and "QH" in str(e)


def test_deck_duplicates_counted():
    v = variant("spiderette", 4)
    cards = [card_text(c) for c in v.composition()]
    cards[cards.index("2D")] = "KC"
    cards[cards.index("3D")] = "KC"
    with pytest.raises(SpiderError) as exc:
        Game.from_deck(v, cards)
    assert "2D" in exc.value.params["missing"] and "3D" in exc.value.params["missing"]
    assert "KC ×2" in exc.value.params["extra"]


def test_deck_only_extra():
    v = variant("spider", 2)
    cards = [card_text(c) for c in v.composition()]
    with pytest.raises(SpiderError) as exc:
        Game.from_deck(v, cards[:-1] + ["KD"])
    assert "KD" in str(exc.value)


# ----- cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10S", "10S"),
        ("TS", "10S"),
        ("ts", "10S"),
        ("10s", "10S"),
        ("qh", "QH"),
        ("aD", "AD"),
        (" kc ", "KC"),
        ("2s", "2S"),
        ("9C", "9C"),
        ("jd", "JD"),
        ("tH", "10H"),
    ],
)
def test_parse_card(text, canonical):
    assert card_text(parse_card(text)) == canonical


def test_every_card_round_trips():
    for suit in range(4):
        for rank in range(1, 14):
            c = suit * 13 + rank - 1  # a card's int (cards.py)
            assert parse_card(card_text(c)) == c
    assert [card_text(r - 1) for r in (1, 10, 11, 12, 13)] == ["AS", "10S", "JS", "QS", "KS"]


@pytest.mark.parametrize(
    "text", ["", "S", "10", "1S", "11S", "0S", "AX", "A♠", "10SS", "KING", "T", "ZS", 10, None, ["AS"]]
)
def test_parse_card_rejects(text):
    with pytest.raises(SpiderError) as exc:
        parse_card(text)
    assert exc.value.reason == "bad_card"
