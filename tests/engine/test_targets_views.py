"""Best column and legal targets (docs/RULES.md, The best column), full state and public view
(docs/FORMATS.md, The full state; docs/API.md, The game view)."""

from __future__ import annotations

import json

import pytest

from spider.engine import (
    IllegalAction,
    best_column,
    card_text,
    full_state,
    new_session,
    pickable_targets,
    public_view,
    targets,
    variant,
)

from .helpers import position, s

SP4 = variant("spider", 4)
SP4R = variant("spider", 4, "relaxed")
FILLER = (["AS", "AS"], ["KH"])


def cols(*given):
    return list(given) + [FILLER] * (10 - len(given))


def test_best_column_prefers_same_suit():
    g = position(SP4, cols(([], ["9D"]), ([], []), ([], ["9H"]), (["2C"], ["8H"]), ([], ["9H"])))
    assert best_column(g, 3, 1) == 2  # the leftmost 9H (same suit) beats the leftmost 9D and the empty column


def test_best_column_any_suit_one_higher_leftmost():
    g = position(SP4, cols(([], []), ([], ["9D"]), ([], ["9C"]), (["2C"], ["8H"])))
    assert best_column(g, 3, 1) == 1  # a card one higher beats an empty column; leftmost wins ties


def test_best_column_group_placed_like_its_first_card():
    g = position(SP4, cols(([], ["JD"]), ([], ["JS"]), (["2C"], s("10 9 8"))))
    assert best_column(g, 2, 3) == 1  # 10S onto JS
    g2 = position(SP4, cols(([], ["JD"]), ([], ["9S"]), (["2C"], s("10 9 8"))))
    assert best_column(g2, 2, 3) == 0  # 10S onto JD
    assert best_column(g2, 2, 1) == 1  # 8S onto 9S
    with pytest.raises(IllegalAction) as exc:
        best_column(g2, 2, 2)  # 9S fits nowhere
    assert exc.value.reason == "no_target"


def test_best_column_leftmost_empty_column():
    g = position(SP4, cols(([], ["KD"]), ([], []), ([], ["5C"]), ([], []), (["2C"], ["8H", "7H"])))
    assert best_column(g, 4, 2) == 1
    assert best_column(g, 4, 1) == 1


def test_best_column_never_moves_a_whole_column_into_an_empty_one():
    g = position(SP4, cols(([], s("9 8")), ([], []), ([], ["5C"])))
    with pytest.raises(IllegalAction) as exc:
        best_column(g, 0, 2)
    assert exc.value.reason == "no_target"
    assert best_column(g, 0, 1) == 1  # part of the column may go


def test_best_column_whole_column_with_a_fitting_target():
    g = position(SP4, cols(([], s("9 8")), ([], []), ([], ["10H"])))
    assert best_column(g, 0, 2) == 2


def test_best_column_refused_when_nothing_fits():
    g = position(SP4, cols(([], ["KD"]), (["2C"], ["8H"])))
    with pytest.raises(IllegalAction) as exc:
        best_column(g, 1, 1)
    assert exc.value.reason == "no_target"


def test_best_column_checks_the_pick_first():
    g = position(SP4, cols(([], ["KD"]), (["2C"], ["9S", "8H"]), ([], [])))
    with pytest.raises(IllegalAction) as exc:
        best_column(g, 1, 2)
    assert exc.value.reason == "not_a_run"
    with pytest.raises(IllegalAction) as exc:
        best_column(g, 1, 3)
    assert exc.value.reason == "bad_count"
    g_relaxed = position(SP4R, cols(([], ["10D"]), (["2C"], ["9S", "8H"])))
    assert best_column(g_relaxed, 1, 2) == 0


def test_best_column_result_is_a_legal_move():
    sess = new_session("SP1-S4C-ABCDEFG")
    g = sess.game
    for src, run in enumerate(g.run):
        for count in range(1, run + 1):
            try:
                dst = best_column(g, src, count)
            except IllegalAction as e:
                assert e.reason == "no_target"
                assert not [d for d in targets(g, src, count) if g.cols[d]]
                continue
            assert (src, dst, count) in g.legal_moves()


def test_targets_and_pickable_targets():
    g = position(SP4, cols(([], ["9D"]), ([], []), (["2C"], ["8H", "7H"]), ([], ["8C"]), ([], ["AS"])))
    assert targets(g, 2, 1) == [1, 3]
    assert targets(g, 2, 2) == [0, 1]
    picks = pickable_targets(g)
    assert {"column": 2, "count": 2, "targets": [0, 1]} in picks
    assert {"column": 2, "count": 1, "targets": [1, 3]} in picks
    assert all(p["column"] != 1 for p in picks)
    legal = {a for a in g.legal_moves() if a[0] >= 0}
    assert legal == {(p["column"], t, p["count"]) for p in picks for t in p["targets"]}


# ----- views --------------------------------------------------------------------------------


def strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)


def hidden_cards(g):
    down = {card_text(c) for i, col in enumerate(g.cols) for c in col[: g.down[i]]}
    start = len(g.stock) - g.stock_count
    return down | {card_text(c) for c in g.stock[start:]}


@pytest.mark.parametrize("code", ["SD1-S4-AAAAAAA", "SD1-S4-QWERTYU"])
def test_public_view_never_shows_face_down_cards(code):
    sess = new_session(code)  # one 52-card deck: every card is unique
    g = sess.game
    for _step in range(40):
        view = public_view(g)
        hidden = hidden_cards(g)
        text = json.dumps(view)
        assert not hidden & set(strings(view)), hidden & set(strings(view))
        for card in hidden:
            assert f'"{card}"' not in text
        assert all(isinstance(c["down"], int) for c in view["columns"]) and isinstance(view["stock"], int)
        moves = g.legal_moves()
        if not moves:
            break
        g.apply(moves[_step % len(moves)])


def test_full_state_shape():
    sess = new_session("SP1-S2C-AAAAAAD")
    state = full_state(sess.game)
    assert json.loads(json.dumps(state)) == state
    assert len(state["columns"]) == 10 and len(state["stock"]) == 50
    assert [len(c["down"]) for c in state["columns"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert all(len(c["up"]) == 1 for c in state["columns"])
    counters = (state["deals_left"], state["removed"], state["moves"], state["score"], state["won"])
    assert counters == (5, 0, 0, 500, False)
    assert state["stock"] == [card_text(c) for c in sess.game.deck[54:]]
    sess.play("deal")
    state = full_state(sess.game)
    assert state["stock"] == [card_text(c) for c in sess.game.deck[64:]] and state["deals_left"] == 4


def test_public_view_shape():
    sess = new_session("SD1-S2-AAAAAAD")
    view = public_view(sess.game)
    assert [c["down"] for c in view["columns"]] == [0, 1, 2, 3, 4, 5, 6]
    assert view["stock"] == 24 and view["deals_left"] == 4 and view["sequences"] == 4
    full = full_state(sess.game)
    assert [c["up"] for c in view["columns"]] == [c["up"] for c in full["columns"]]
    assert {k: v for k, v in view.items() if k not in ("columns", "stock")} == {
        k: v for k, v in full.items() if k not in ("columns", "stock")
    }
