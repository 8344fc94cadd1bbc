"""Action notation, game records, replay and sessions (docs/FORMATS.md, Actions, Game records)."""

from __future__ import annotations

import json

import pytest

from spider.engine import (
    SpiderError,
    full_state,
    legal_action_texts,
    load_record,
    new_session,
    variant,
)
from spider.engine.notation import format_move, parse_action
from spider.engine.records import ReplayError

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


def test_format_move():
    assert format_move(2, 6) == "3>7"
    assert format_move(9, 0, 4) == "10>1:4"


# ----- sessions -----------------------------------------------------------------------------


def test_play_returns_canonical_text():
    s = new_session("SP1-S1C-AAAAAAA")
    g = s.game
    move = next(a for a in g.legal_moves() if a[2] == 1 and g.cols[a[1]])
    text = f" {move[0] + 1} > {move[1] + 1} "
    assert s.play(text) == f"{move[0] + 1}>{move[1] + 1}"
    assert s.play("UNDO") == "undo"
    assert s.play(f"{move[0] + 1}>{move[1] + 1}:1") == f"{move[0] + 1}>{move[1] + 1}:1"
    assert s.play("Deal") == "deal"
    assert s.actions == [f"{move[0] + 1}>{move[1] + 1}", "undo", f"{move[0] + 1}>{move[1] + 1}:1", "deal"]


def test_refused_action_is_not_recorded():
    s = new_session("SD1-S1-AAAAAAA")
    before = full_state(s.game)
    with pytest.raises(SpiderError):
        s.play("undo")
    with pytest.raises(SpiderError):
        s.play("9>1")
    with pytest.raises(SpiderError):
        s.play("nonsense")
    assert s.actions == [] and full_state(s.game) == before


def test_new_session_needs_code_or_variant_and_deck():
    with pytest.raises(SpiderError) as exc:
        new_session()
    assert exc.value.reason == "bad_record"
    with pytest.raises(SpiderError) as exc:
        new_session(deck=SPIDER_DECK)
    assert exc.value.reason == "bad_record"
    with pytest.raises(SpiderError) as exc:
        new_session("SP1-S2C-AAAAAAA", v=variant("spider", 1))
    assert exc.value.reason == "bad_record"


def test_legal_action_texts_use_explicit_counts():
    s = new_session("SP1-S1C-AAAAAAB")
    texts = legal_action_texts(s.game)
    assert texts[-1] == "deal"
    assert all(t == "deal" or ":" in t for t in texts)
    for t in texts:
        s.play(t)
        s.play("undo")


# ----- records ------------------------------------------------------------------------------


def test_record_round_trip_with_code():
    s = new_session("SP1-S2R-BCDEFGH")
    for _ in range(3):
        s.play(legal_action_texts(s.game)[0])
    s.play("undo")
    rec = s.record()
    assert rec == {
        "game": "spider",
        "suits": 2,
        "rules": "relaxed",
        "code": "SP1-S2R-BCDEFGH",
        "actions": s.actions,
        "profile": "standard",
    }
    again = load_record(json.dumps(rec))
    assert full_state(again.game) == full_state(s.game)
    assert again.record() == rec


def test_record_round_trip_with_deck_and_times():
    s = new_session(deck=SPIDERETTE_DECK, v=SPIDERETTE1, profile_name="timed")
    for i, a in enumerate(spiderette_line()[:12]):
        s.play(a, elapsed=10.0 * i)
    rec = s.record()
    assert rec["deck"] == SPIDERETTE_DECK and rec["game"] == "spiderette" and "code" not in rec
    assert rec["times"] == [10.0 * i for i in range(12)]
    again = load_record(rec)
    assert full_state(again.game) == full_state(s.game)
    assert again.game.elapsed == s.game.elapsed


def test_record_with_code_only_takes_the_variant_from_the_code():
    s = load_record({"code": "sd1-s4-zzzzzzz", "actions": []})
    assert s.game.variant == variant("spiderette", 4)
    assert s.code == "SD1-S4-ZZZZZZZ"


def test_record_lower_case_actions_and_bytes():
    s = load_record(json.dumps({"code": "SP1-S1C-AAAAAAA", "actions": ["DEAL", "Undo"]}).encode())
    assert s.actions == ["deal", "undo"]


def test_won_record_replays():
    s = load_record({"game": "spider", "suits": 1, "rules": "classic", "deck": SPIDER_DECK, "actions": spider_line()})
    assert s.game.won


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
        load_record(record)
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
        load_record({"code": "SP1-S1C-AAAAAAA", "colour": "red"})
    assert "colour" in str(exc.value)


def test_huge_times_do_not_hang():
    s = load_record(
        {"code": "SP1-S1C-AAAAAAA", "profile": "timed", "actions": ["deal", "deal"], "times": [1e300, 1e300]}
    )
    assert s.game.score == 20  # the clock ran out before the first deal: 0, then +10, +10


def test_illegal_action_in_record_names_index_action_and_rule():
    rec = {"code": "SP1-S1C-AAAAAAA", "actions": ["deal", "undo", "undo"]}
    with pytest.raises(ReplayError) as exc:
        load_record(rec)
    e = exc.value
    assert (e.index, e.action, e.reason) == (2, "undo", "nothing_to_undo")
    assert e.cause.reason == "nothing_to_undo"
    with pytest.raises(ReplayError) as exc:
        load_record({"code": "SP1-S1C-AAAAAAA", "actions": ["deal", 5]})
    assert (exc.value.index, exc.value.reason) == (1, "bad_action")


def test_load_record_without_replay():
    s = load_record({"code": "SP1-S1C-AAAAAAA", "actions": ["undo"]}, replay=False)
    assert s.actions == [] and s.game.moves == 0


def test_deck_record_defaults_to_one_suit_spider():
    s = load_record({"deck": SPIDER_DECK})
    assert s.game.variant == SPIDER1 and s.game.profile.name == "standard"


def test_times_stay_one_per_action_so_the_record_loads_again():
    s = new_session("SP1-S1C-AAAAAAA", profile_name="timed")
    s.play("deal")  # no time given
    s.play("deal", elapsed=45)
    s.play("deal")  # no time: the clock as it stands
    s.play("deal", elapsed=20)  # a clock that goes back is ignored
    s.play("deal", elapsed=-3)
    rec = s.record()
    assert rec["times"] == [0.0, 45, 45, 45, 45]
    again = load_record(rec)
    assert full_state(again.game) == full_state(s.game) and again.game.elapsed == 45
    assert s.game.score == 40  # 10, floored to 0 by the first 30 s, then four more actions


def test_bad_elapsed_changes_nothing():
    s = new_session("SP1-S1C-AAAAAAA", profile_name="timed")
    with pytest.raises(SpiderError) as exc:
        s.play("deal", elapsed=float("inf"))
    assert exc.value.reason == "bad_time"
    assert s.actions == [] and s.game.moves == 0 and s.game.elapsed == 0
    with pytest.raises(SpiderError):
        s.game.advance_clock(float("nan"))


def test_a_record_with_a_code_may_omit_variant_fields_the_code_implies() -> None:
    from spider.engine import SpiderError, load_record

    session = load_record({"code": "SP1-S2R-AAAAAAD", "suits": 2, "actions": []})
    assert session.game.variant.rules == "relaxed"
    try:
        load_record({"code": "SP1-S2R-AAAAAAD", "suits": 4})
    except SpiderError as e:
        assert e.reason == "bad_record"
    else:
        raise AssertionError("a suit count that contradicts the code must be refused")
