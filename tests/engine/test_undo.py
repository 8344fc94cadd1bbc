"""Undo (docs/RULES.md, Playing): an exact inverse, within the profile's limit."""

from __future__ import annotations

import pytest

from spider.engine import DEAL, IllegalAction, Move, variant

from .helpers import (
    SPIDER_PAD,
    SPIDER_PHASE1,
    SPIDER_T1,
    h,
    pos,
    position,
    s,
    snapshot,
    spider_game,
    spider_line,
    spiderette_game,
    spiderette_line,
)

SP4 = variant("spider", 4)
FILLER = (["AS", "AS"], ["KH"])


def undo_is_exact(g, action):
    before = snapshot(g)
    g.apply(action if action is DEAL else Move(*action))
    assert snapshot(g) != before
    pos(g).check_undo()
    g.undo()
    assert snapshot(g) == before


def test_undo_of_a_flip_turns_the_card_back_down():
    g = position(SP4, [(["4C", "3D"], ["6H", "5H"]), ([], ["7H"])] + [FILLER] * 8)
    g.apply(Move(0, 1, None))
    assert pos(g).down[0] == 1
    g.undo()
    assert pos(g).down[0] == 2 and g.view()["columns"][0] == {"down": 2, "up": ["6H", "5H"]}
    undo_is_exact(g, (0, 1, None))


def test_undo_brings_a_removed_sequence_back_face_down_beneath():
    g = position(SP4, [(["2C", "9D"], s("K Q J 10 9 8 7 6 5 4 3 2")), (["4D"], ["AS"])] + [FILLER] * 8)
    before = g.state()
    g.apply(Move(1, 0, None))
    assert g.removed == 1 and pos(g).down == [1, 0] + [2] * 8
    g.undo()
    assert g.state() == before and pos(g).removed_suits == [] and pos(g).run[:2] == [12, 1]
    undo_is_exact(g, (1, 0, None))


def test_undo_of_a_deal_that_completed_sequences():
    cols = [(["5D"], s("K Q J 10 9 8 7 6 5 4 3 2")), (["6D", "7D"], h("K Q J 10 9 8 7 6 5 4 3 2"))]
    g = position(SP4, cols + [FILLER] * 8, stock=[["AS", "AH"] + ["AC"] * 8, ["2D"] * 10])
    undo_is_exact(g, DEAL)
    g.apply(DEAL)
    assert g.removed == 2
    undo_is_exact(g, DEAL)


def test_undo_restores_score_and_moves_in_every_step_of_a_won_game():
    for g, line in ((spider_game(), spider_line(2)), (spiderette_game(), spiderette_line(2))):
        for a in line[:-1]:
            before = snapshot(g)
            g.apply(a)
            after = snapshot(g)
            g.apply("undo")
            assert snapshot(g) | {"history": 0} == before | {"history": 0}
            g.apply(a)
            assert snapshot(g) == after


def test_undo_at_the_start_is_refused():
    g = spider_game()
    with pytest.raises(IllegalAction) as exc:
        g.apply("undo")
    assert exc.value.reason == "nothing_to_undo"
    assert not g.state()["can_undo"]


def test_standard_undo_limit_is_100_actions():
    g = spider_game()
    actions = SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * 40  # 107 actions
    states = [g.state()]
    for a in actions:
        g.apply(a)
        states.append(g.state())
    for k in range(100):
        g.apply("undo")
        assert g.state() | {"can_undo": None} == states[106 - k] | {"can_undo": None}
    assert g.moves == 7 and g.score == states[7]["score"]
    assert not g.state()["can_undo"]
    with pytest.raises(IllegalAction) as exc:
        g.apply("undo")  # the 101st undo
    assert exc.value.reason == "undo_limit" and exc.value.params["limit"] == 100
    g.apply(actions[7])  # playing on works, and can be undone again
    g.apply("undo")


def test_standard_undo_back_to_the_start_within_the_limit():
    g = spider_game()
    for a in SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * 36:  # exactly 99 actions
        g.apply(a)
    start = spider_game().state()
    for _ in range(99):
        g.apply("undo")
    assert g.state() == start
    with pytest.raises(IllegalAction) as exc:
        g.apply("undo")
    assert exc.value.reason == "nothing_to_undo"


@pytest.mark.parametrize("name", ["timed", "moves"])
def test_unlimited_undo(name):
    g = spider_game(name)
    actions = SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * 60
    for a in actions:
        g.apply(a)
    for _ in range(len(actions)):
        g.apply("undo")
    start = spider_game(name).state()
    # timed: every undo is a move worth +10 and takes back what its action earned
    expected = {"moves": 2 * len(actions), "score": 10 * len(actions)} if name == "timed" else {}
    assert g.state() == start | expected
    with pytest.raises(IllegalAction) as exc:
        g.apply("undo")
    assert exc.value.reason == "nothing_to_undo"


def test_redo_by_replaying_after_undo_gives_the_same_state():
    g = spider_game()
    for a in SPIDER_PHASE1:
        g.apply(a)
    after = g.state()
    for _ in SPIDER_PHASE1:
        g.apply("undo")
    for a in SPIDER_PHASE1:
        g.apply(a)
    assert g.state() == after
