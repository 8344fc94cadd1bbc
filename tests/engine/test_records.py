"""Action notation, game records, replay and playing a game (docs/FORMATS.md, Actions, Game records)."""

from __future__ import annotations

import json

import pytest

from spider.engine import Game, Move, ReplayError, SpiderError, format_action, parse_action, variant

from .helpers import SPIDER1, SPIDER_DECK, SPIDERETTE1, SPIDERETTE_DECK, spider_line, spiderette_line

# ----- notation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("3>7", (2, 6, None)),
        (" 3 > 7 ", (2, 6, None)),
        ("10>1:4", (9, 0, 4)),
        ("1 > 2 : 13", (0, 1, 13)),
        ("deal", "deal"),
        ("DEAL", "deal"),
        (" Undo ", "undo"),
    ],
)
def test_parse_action(text, parsed):
    assert parse_action(text) == parsed


@pytest.mark.parametrize(
    "text", ["", "3", "3>", ">7", "3-7", "3>7:", "3>7:x", "3>7:0", "1000>1", "dealx", "redox", "3>7>8", "٣>٧", "3>7:-1"]
)
def test_parse_action_rejects(text):
    with pytest.raises(SpiderError) as exc:
        parse_action(text)
    assert exc.value.reason == "bad_action"


@pytest.mark.parametrize("value", [None, 3, ["3>7"], {"a": 1}, b"deal"])
def test_parse_action_rejects_non_text(value):
    with pytest.raises(SpiderError) as exc:
        parse_action(value)
    assert exc.value.reason == "bad_action"


def test_format_action():
    assert format_action(Move(2, 6)) == "3>7"
    assert format_action(Move(9, 0, 4)) == "10>1:4"


# ----- playing ------------------------------------------------------------------------------


def test_apply_returns_the_canonical_text():
    s = Game.from_code("SP1-S1C-AAAAAAA")
    move = next(a for a in s.legal_actions() if a != "deal" and a[2] == 1 and s.position().cols[a[1]])
    text = f" {move[0] + 1} > {move[1] + 1} "
    assert s.apply(text).text == f"{move[0] + 1}>{move[1] + 1}"
    assert s.apply("UNDO").text == "undo"
    assert s.apply(f"{move[0] + 1}>{move[1] + 1}:1").text == f"{move[0] + 1}>{move[1] + 1}:1"
    assert s.apply("Deal").text == "deal"
    assert s.actions == (f"{move[0] + 1}>{move[1] + 1}", "undo", f"{move[0] + 1}>{move[1] + 1}:1", "deal")


def test_refused_action_is_not_recorded():
    s = Game.from_code("SD1-S1-AAAAAAA")
    before = s.state()
    with pytest.raises(SpiderError):
        s.apply("undo")
    with pytest.raises(SpiderError):
        s.apply("9>1")
    with pytest.raises(SpiderError):
        s.apply("nonsense")
    assert s.actions == () and s.state() == before


def test_a_game_needs_a_code_or_a_variant_and_a_deck():
    with pytest.raises(SpiderError) as exc:
        Game.from_record({"actions": []})
    assert exc.value.reason == "bad_record"
    with pytest.raises(SpiderError) as exc:
        Game.from_code(None)
    assert exc.value.reason == "bad_code"
    with pytest.raises(SpiderError) as exc:
        Game.from_record({"code": "SP1-S2C-AAAAAAA", "game": "spider", "suits": 1})
    assert exc.value.reason == "bad_record"


def test_legal_actions_use_explicit_counts():
    s = Game.from_code("SP1-S1C-AAAAAAB")
    texts = [format_action(a) for a in s.legal_actions()]
    assert texts[-1] == "deal"
    assert all(t == "deal" or ":" in t for t in texts)
    for t in texts:
        s.apply(t)
        s.apply("undo")


# ----- records ------------------------------------------------------------------------------


def test_record_round_trip_with_code():
    s = Game.from_code("SP1-S2R-BCDEFGH")
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    s.apply("undo")
    rec = s.record()
    assert rec == {
        "game": "spider",
        "suits": 2,
        "rules": "relaxed",
        "code": "SP1-S2R-BCDEFGH",
        "actions": list(s.actions),
        "profile": "standard",
    }
    again = Game.from_record(json.dumps(rec))
    assert again.state() == s.state()
    assert again.record() == rec


def test_record_round_trip_with_deck_and_times():
    s = Game.from_deck(SPIDERETTE1, SPIDERETTE_DECK, profile="timed")
    for i, a in enumerate(spiderette_line()[:12]):
        s.apply(a, elapsed=10.0 * i)
    rec = s.record()
    assert rec["deck"] == SPIDERETTE_DECK and rec["game"] == "spiderette" and "code" not in rec
    assert rec["times"] == [10.0 * i for i in range(12)]
    again = Game.from_record(rec)
    assert again.state() == s.state()
    assert again.elapsed == s.elapsed


def test_record_with_code_only_takes_the_variant_from_the_code():
    s = Game.from_record({"code": "sd1-s4-zzzzzzz", "actions": []})
    assert s.variant == variant("spiderette", 4)
    assert s.code == "SD1-S4-ZZZZZZZ"


def test_record_lower_case_actions_and_bytes():
    s = Game.from_record(json.dumps({"code": "SP1-S1C-AAAAAAA", "actions": ["DEAL", "Undo"]}).encode())
    assert s.actions == ("deal", "undo")


def test_won_record_replays():
    s = Game.from_record(
        {"game": "spider", "suits": 1, "rules": "classic", "deck": SPIDER_DECK, "actions": spider_line()}
    )
    assert s.won


@pytest.mark.parametrize(
    "record",
    [
        "{",
        "[]",
        '"text"',
        "[" * 100000 + "]" * 100000,
        b"\xff\xfe\x00",
        {"code": "SP1-S1C-AAAAAAA", "extra": 1},
        {"code": "SP1-S1C-AAAAAAA", "Actions": []},
        {},
        {"code": "SP1-S1C-AAAAAAA", "deck": SPIDER_DECK},
        {"code": 7},
        {"code": "SP1-S1C-AAAAAA"},
        {"deck": "AS KS"},
        {"deck": SPIDER_DECK[:-1]},
        {"deck": SPIDER_DECK, "suits": 2},
        {"deck": SPIDER_DECK, "game": "solitaire"},
        {"deck": SPIDER_DECK, "suits": "1"},
        {"deck": SPIDER_DECK, "suits": 1.0},
        {"deck": SPIDER_DECK, "suits": True},
        {"deck": SPIDER_DECK, "rules": "relaxed"},
        {"deck": SPIDER_DECK, "rules": ["classic"]},
        {"deck": SPIDER_DECK, "profile": "fast"},
        {"deck": SPIDER_DECK, "profile": ["standard"]},
        {"code": "SP1-S1C-AAAAAAA", "game": "spiderette"},
        {"code": "SP1-S1C-AAAAAAA", "game": "spider", "suits": 2},
        {"code": "SP1-S1C-AAAAAAA", "actions": "deal"},
        {"code": "SP1-S1C-AAAAAAA", "actions": None},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": [1, 2]},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": 1},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": ["1"]},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": [True]},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": [-1]},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": [float("inf")]},
        {"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": [float("nan")]},
    ],
)
def test_malformed_records_are_rejected(record):
    with pytest.raises(SpiderError) as exc:
        Game.from_record(record)
    assert exc.value.reason in {
        "bad_record",
        "bad_code",
        "bad_deck",
        "bad_card",
        "bad_game",
        "bad_suits",
        "bad_rules",
        "bad_profile",
    }
    assert "\n" not in str(exc.value)


def test_unknown_field_is_named():
    with pytest.raises(SpiderError) as exc:
        Game.from_record({"code": "SP1-S1C-AAAAAAA", "colour": "red"})
    assert "colour" in str(exc.value)


def test_huge_times_do_not_hang():
    s = Game.from_record(
        {"code": "SP1-S1C-AAAAAAA", "profile": "timed", "actions": ["deal", "deal"], "times": [1e300, 1e300]}
    )
    assert s.score == 20  # the clock ran out before the first deal: 0, then +10, +10


def test_illegal_action_in_record_names_index_action_and_rule():
    rec = {"code": "SP1-S1C-AAAAAAA", "actions": ["deal", "undo", "undo"]}
    with pytest.raises(ReplayError) as exc:
        Game.from_record(rec)
    e = exc.value
    assert (e.index, e.action, e.reason) == (2, "undo", "nothing_to_undo")
    assert e.cause.reason == "nothing_to_undo"
    with pytest.raises(ReplayError) as exc:
        Game.from_record({"code": "SP1-S1C-AAAAAAA", "actions": ["deal", 5]})
    assert (exc.value.index, exc.value.reason) == (1, "bad_action")


def test_a_record_without_replay():
    s = Game.from_record({"code": "SP1-S1C-AAAAAAA", "actions": ["undo"]}, replay=False)
    assert s.actions == () and s.moves == 0


def test_deck_record_defaults_to_one_suit_spider():
    s = Game.from_record({"deck": SPIDER_DECK})
    assert s.variant == SPIDER1 and s.profile.name == "standard"


def test_times_stay_one_per_action_so_the_record_loads_again():
    s = Game.from_code("SP1-S1C-AAAAAAA", profile="timed")
    s.apply("deal")  # no time given
    s.apply("deal", elapsed=45)
    s.apply("deal")  # no time: the clock as it stands
    s.apply("deal", elapsed=20)  # a clock that goes back is ignored
    s.apply("deal", elapsed=-3)
    rec = s.record()
    assert rec["times"] == [0.0, 45, 45, 45, 45]
    again = Game.from_record(rec)
    assert again.state() == s.state() and again.elapsed == 45
    assert s.score == 40  # 10, floored to 0 by the first 30 s, then four more actions


def test_bad_elapsed_changes_nothing():
    s = Game.from_code("SP1-S1C-AAAAAAA", profile="timed")
    with pytest.raises(SpiderError) as exc:
        s.apply("deal", elapsed=float("inf"))
    assert exc.value.reason == "bad_time"
    assert s.actions == () and s.moves == 0 and s.elapsed == 0
    with pytest.raises(SpiderError):
        s.advance_clock(float("nan"))


def test_a_record_with_a_code_may_omit_variant_fields_the_code_implies() -> None:
    game = Game.from_record({"code": "SP1-S2R-AAAAAAD", "suits": 2, "actions": []})
    assert game.variant.rules == "relaxed"
    try:
        Game.from_record({"code": "SP1-S2R-AAAAAAD", "suits": 4})
    except SpiderError as e:
        assert e.reason == "bad_record"
    else:
        raise AssertionError("a suit count that contradicts the code must be refused")
