"""Best column and legal targets (docs/RULES.md, The best column), full state and public view
(docs/FORMATS.md, The full state; docs/API.md, The game view)."""

from __future__ import annotations

import json

import pytest

from spider.engine import Game, IllegalAction, card_text, variant

from .helpers import pos, position, s

SP4 = variant("spider", 4)
SP4R = variant("spider", 4, "relaxed")
FILLER = (["AS", "AS"], ["KH"])


def cols(*given):
    return list(given) + [FILLER] * (10 - len(given))


def test_best_column_prefers_same_suit():
    g = position(SP4, cols(([], ["9D"]), ([], []), ([], ["9H"]), (["2C"], ["8H"]), ([], ["9H"])))
    assert g.best_column(3, 1) == 2  # the leftmost 9H (same suit) beats the leftmost 9D and the empty column


def test_best_column_any_suit_one_higher_leftmost():
    g = position(SP4, cols(([], []), ([], ["9D"]), ([], ["9C"]), (["2C"], ["8H"])))
    assert g.best_column(3, 1) == 1  # a card one higher beats an empty column; leftmost wins ties


def test_best_column_group_placed_like_its_first_card():
    g = position(SP4, cols(([], ["JD"]), ([], ["JS"]), (["2C"], s("10 9 8"))))
    assert g.best_column(2, 3) == 1  # 10S onto JS
    g2 = position(SP4, cols(([], ["JD"]), ([], ["9S"]), (["2C"], s("10 9 8"))))
    assert g2.best_column(2, 3) == 0  # 10S onto JD
    assert g2.best_column(2, 1) == 1  # 8S onto 9S
    with pytest.raises(IllegalAction) as exc:
        g2.best_column(2, 2)  # 9S fits nowhere
    assert exc.value.reason == "no_target"


def test_best_column_leftmost_empty_column():
    g = position(SP4, cols(([], ["KD"]), ([], []), ([], ["5C"]), ([], []), (["2C"], ["8H", "7H"])))
    assert g.best_column(4, 2) == 1
    assert g.best_column(4, 1) == 1


def test_best_column_never_moves_a_whole_column_into_an_empty_one():
    g = position(SP4, cols(([], s("9 8")), ([], []), ([], ["5C"])))
    with pytest.raises(IllegalAction) as exc:
        g.best_column(0, 2)
    assert exc.value.reason == "no_target"
    assert g.best_column(0, 1) == 1  # part of the column may go


def test_best_column_whole_column_with_a_fitting_target():
    g = position(SP4, cols(([], s("9 8")), ([], []), ([], ["10H"])))
    assert g.best_column(0, 2) == 2


def test_best_column_refused_when_nothing_fits():
    g = position(SP4, cols(([], ["KD"]), (["2C"], ["8H"])))
    with pytest.raises(IllegalAction) as exc:
        g.best_column(1, 1)
    assert exc.value.reason == "no_target"


def test_best_column_checks_the_pick_first():
    g = position(SP4, cols(([], ["KD"]), (["2C"], ["9S", "8H"]), ([], [])))
    with pytest.raises(IllegalAction) as exc:
        g.best_column(1, 2)
    assert exc.value.reason == "not_a_run"
    with pytest.raises(IllegalAction) as exc:
        g.best_column(1, 3)
    assert exc.value.reason == "bad_count"
    g_relaxed = position(SP4R, cols(([], ["10D"]), (["2C"], ["9S", "8H"])))
    assert g_relaxed.best_column(1, 2) == 0


def test_best_column_result_is_a_legal_move():
    g = Game.from_code("SP1-S4C-ABCDEFG")
    for src, run in enumerate(pos(g).run):
        for count in range(1, run + 1):
            try:
                dst = g.best_column(src, count)
            except IllegalAction as e:
                assert e.reason == "no_target"
                assert not [d for d in g.groups().get((src, count), []) if pos(g).cols[d]]
                continue
            assert (src, dst, count) in g.legal_actions()


def test_groups_and_their_targets():
    g = position(SP4, cols(([], ["9D"]), ([], []), (["2C"], ["8H", "7H"]), ([], ["8C"]), ([], ["AS"])))
    groups = g.groups()
    assert groups[2, 1] == [1, 3]
    assert groups[2, 2] == [0, 1]
    assert all(src != 1 for src, _count in groups)
    legal = {a for a in g.legal_actions() if a[0] >= 0}
    assert legal == {(src, t, count) for (src, count), targets in groups.items() for t in targets}


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
    state = g.state()
    return {card for col in state["columns"] for card in col["down"]} | set(state["stock"])


@pytest.mark.parametrize("code", ["SD1-S4-AAAAAAA", "SD1-S4-QWERTYU"])
def test_public_view_never_shows_face_down_cards(code):
    g = Game.from_code(code)  # one 52-card deck: every card is unique
    for _step in range(40):
        view = g.view()
        hidden = hidden_cards(g)
        text = json.dumps(view)
        assert not hidden & set(strings(view)), hidden & set(strings(view))
        for card in hidden:
            assert f'"{card}"' not in text
        assert all(isinstance(c["down"], int) for c in view["columns"]) and isinstance(view["stock"], int)
        moves = g.legal_actions()
        if not moves:
            break
        g.apply(moves[_step % len(moves)])


def test_full_state_shape():
    g = Game.from_code("SP1-S2C-AAAAAAD")
    state = g.state()
    assert json.loads(json.dumps(state)) == state
    assert len(state["columns"]) == 10 and len(state["stock"]) == 50
    assert [len(c["down"]) for c in state["columns"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert all(len(c["up"]) == 1 for c in state["columns"])
    counters = (state["deals_left"], state["removed"], state["moves"], state["score"], state["won"])
    assert counters == (5, 0, 0, 500, False)
    assert state["stock"] == [card_text(c) for c in g.deck[54:]]
    g.apply("deal")
    state = g.state()
    assert state["stock"] == [card_text(c) for c in g.deck[64:]] and state["deals_left"] == 4


def test_public_view_shape():
    g = Game.from_code("SD1-S2-AAAAAAD")
    view = g.view()
    assert [c["down"] for c in view["columns"]] == [0, 1, 2, 3, 4, 5, 6]
    assert view["stock"] == 24 and view["deals_left"] == 4 and view["sequences"] == 4
    full = g.state()
    assert [c["up"] for c in view["columns"]] == [c["up"] for c in full["columns"]]
    assert {k: v for k, v in view.items() if k not in ("columns", "stock")} == {
        k: v for k, v in full.items() if k not in ("columns", "stock")
    }
