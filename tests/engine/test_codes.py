"""Game codes and the shuffle (docs/FORMATS.md, Game codes), pinned by test vectors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spider.engine import (
    DEAL_LIMIT,
    Game,
    SpiderError,
    SplitMix64,
    card_text,
    format_code,
    parse_code,
    shuffled_deck,
    variant,
)

VECTORS = json.loads((Path(__file__).parent / "vectors.json").read_text())
MASK = (1 << 64) - 1


def reference_splitmix64(seed):
    """SplitMix64 written out again, independently of the engine's class."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def reference_deck(v, deal):
    """The documented shuffle, step by step, from the documented composition."""
    cards = [
        f"{r}{suit}"
        for suit in "SHDC"[: v.suits]
        for _ in range(v.card_count // (13 * v.suits))
        for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    ]
    rng = reference_splitmix64(deal)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        x = next(rng)
        while x >= limit:
            x = next(rng)
        j = x % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


# ----- the generator ------------------------------------------------------------------------


def test_splitmix64_known_output_for_seed_0():
    assert next(reference_splitmix64(0)) == 0xE220A8397B1DCDAF  # the published first value for seed 0
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    ref = reference_splitmix64(0)
    next(ref)
    assert [rng.next() for _ in range(100)] == [next(ref) for _ in range(100)]


@pytest.mark.parametrize("seed", [1, 12345, 26**7 - 1, 2**64 - 1])
def test_splitmix64_matches_reference(seed):
    rng, ref = SplitMix64(seed), reference_splitmix64(seed)
    assert [rng.next() for _ in range(50)] == [next(ref) for _ in range(50)]


def test_below_is_in_range_and_redraws_above_the_limit():
    rng = SplitMix64(7)
    assert all(0 <= rng.below(n) < n for n in range(1, 200) for _ in range(3))

    class Fixed(SplitMix64):
        def __init__(self, values):
            self.values = iter(values)

        def next(self):
            return next(self.values)

    # 2**64 % 3 == 1, so the top value 2**64 - 1 is refused and the next draw is used
    assert Fixed([2**64 - 1, 5]).below(3) == 2
    assert Fixed([2**64 - 2, 5]).below(3) == (2**64 - 2) % 3


# ----- pinned vectors -----------------------------------------------------------------------


def test_vectors_cover_both_games_and_all_suit_counts():
    levels = {(parse_code(c).variant.game, parse_code(c).variant.suits, parse_code(c).variant.rules) for c in VECTORS}
    assert {(g, n) for g, n, _ in levels} == {(g, n) for g in ("spider", "spiderette") for n in (1, 2, 4)}
    assert ("spider", 4, "relaxed") in levels and len(VECTORS) >= 6


@pytest.mark.parametrize("code", sorted(VECTORS))
def test_code_deals_the_pinned_deck(code):
    vector = VECTORS[code]
    gc = parse_code(code)
    assert gc.deal == vector["deal"]
    assert [card_text(c) for c in shuffled_deck(gc.variant, gc.deal)] == vector["deck"]
    assert reference_deck(gc.variant, gc.deal) == vector["deck"]
    g = Game.from_code(code)
    assert [card_text(c) for c in g.deck] == vector["deck"]
    assert len(vector["deck"]) == gc.variant.card_count


def test_different_deals_differ():
    v = variant("spider", 4)
    assert shuffled_deck(v, 0) != shuffled_deck(v, 1)
    assert sorted(shuffled_deck(v, 0)) == sorted(v.composition())


# ----- parsing and formatting ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "game", "suits", "rules", "deal"),
    [
        ("SP1-S1C-AAAAAAA", "spider", 1, "classic", 0),
        ("SP1-S1C-AAAAAAD", "spider", 1, "classic", 3),
        ("SP1-S4R-QZKAAFE", "spider", 4, "relaxed", 16 * 26**6 + 25 * 26**5 + 10 * 26**4 + 5 * 26 + 4),
        ("SP1-S2C-AAAAABA", "spider", 2, "classic", 26),
        ("SD1-S1-AAAAABD", "spiderette", 1, "classic", 29),
        ("SD1-S4-ZZZZZZZ", "spiderette", 4, "classic", 26**7 - 1),
        ("SD1-S2-HELLOAB", "spiderette", 2, "classic", None),
    ],
)
def test_parse_and_format(code, game, suits, rules, deal):
    gc = parse_code(code)
    assert gc.variant == variant(game, suits, rules)
    if deal is not None:
        assert gc.deal == deal
    assert format_code(gc.variant, gc.deal) == code == str(gc)


@pytest.mark.parametrize("text", ["sp1-s4r-qzkaafe", "Sp1-S4r-QzKaAfE", "  SP1-S4R-QZKAAFE\n"])
def test_codes_are_case_insensitive(text):
    assert str(parse_code(text)) == "SP1-S4R-QZKAAFE"


def test_deal_letters():
    def deal_letters(deal):
        return format_code(variant("spiderette"), deal).split("-")[2]

    assert deal_letters(0) == "AAAAAAA"
    assert deal_letters(25) == "AAAAAAZ"
    assert deal_letters(26) == "AAAAABA"
    assert deal_letters(DEAL_LIMIT - 1) == "ZZZZZZZ"
    for bad in (-1, DEAL_LIMIT):
        with pytest.raises(SpiderError) as exc:
            deal_letters(bad)
        assert exc.value.reason == "bad_code"


@pytest.mark.parametrize(
    ("code", "part"),
    [
        ("XX1-S1C-AAAAAAA", "XX"),
        ("SS1-S1C-AAAAAAA", "SS"),
        ("KL1-S1-AAAAAAA", "KL"),
        ("SP2-S1C-AAAAAAA", "2"),
        ("SP0-S1C-AAAAAAA", "0"),
        ("SPX-S1C-AAAAAAA", "X"),
        ("SP-S1C-AAAAAAA", "(none)"),
        ("SP1-S3C-AAAAAAA", "S3"),
        ("SP1-S0C-AAAAAAA", "S0"),
        ("SP1-S12C-AAAAAAA", "S12"),
        ("SD1-S8-AAAAAAA", "S8"),
        ("SP1-1C-AAAAAAA", "1C"),
        ("SP1-SXC-AAAAAAA", "SXC"),
        ("SP1-S1-AAAAAAA", "(none)"),  # Spider without its rules letter
        ("SP1-S2X-AAAAAAA", "X"),
        ("SP1-S2CC-AAAAAAA", "CC"),
        ("SP1-S1R-AAAAAAA", "R"),  # relaxed with one suit
        ("SD1-S1C-AAAAAAA", "C"),  # Spiderette has no rules letter
        ("SD1-S4R-AAAAAAA", "R"),
        ("SP1-S1C-AAAAAA", "AAAAAA"),
        ("SP1-S1C-AAAAAAAA", "AAAAAAAA"),
        ("SP1-S1C-AAAA1AA", "AAAA1AA"),
        ("SP1-S1C-AAA AAA", "AAA AAA"),
        ("SP1-S1C-ÄAAAAAA", "ÄAAAAAA"),
        ("SP1-S1C-ııııııı", "ııııııı"),
        ("SP1-S1C-", ""),
    ],
)
def test_malformed_codes_name_the_part(code, part):
    with pytest.raises(SpiderError) as exc:
        parse_code(code)
    assert exc.value.reason == "bad_code"
    assert exc.value.params["part"] == part


@pytest.mark.parametrize("code", ["", "SP1", "SP1-S1C", "SP1-S1C-AAAAAAA-B", "SP1_S1C_AAAAAAA", "garbage"])
def test_malformed_code_shape(code):
    with pytest.raises(SpiderError) as exc:
        parse_code(code)
    assert exc.value.reason == "bad_code"


@pytest.mark.parametrize("value", [None, 5, ["SP1-S1C-AAAAAAA"], b"SP1-S1C-AAAAAAA"])
def test_code_must_be_text(value):
    with pytest.raises(SpiderError) as exc:
        parse_code(value)
    assert exc.value.reason == "bad_code"
