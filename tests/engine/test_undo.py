"""Undo (docs/RULES.md, Playing): an exact inverse, within the profile's limit."""

from __future__ import annotations

import pytest

from spider.engine import DEAL, IllegalAction, full_state, public_view, variant

from .helpers import (
    SPIDER_PAD,
    SPIDER_PHASE1,
    SPIDER_T1,
    h,
    position,
    s,
    snapshot,
    spider_line,
    spider_session,
    spiderette_line,
    spiderette_session,
)

SP4 = variant("spider", 4)
FILLER = (["AS", "AS"], ["KH"])


def undo_is_exact(g, action):
    before = snapshot(g)
    g.apply(action)
    assert snapshot(g) != before
    g.check_undo()
    g.undo()
    assert snapshot(g) == before


def test_undo_of_a_flip_turns_the_card_back_down():
    g = position(SP4, [(["4C", "3D"], ["6H", "5H"]), ([], ["7H"])] + [FILLER] * 8)
    g.apply((0, 1, None))
    assert g.down[0] == 1
    g.undo()
    assert g.down[0] == 2 and public_view(g)["columns"][0] == {"down": 2, "up": ["6H", "5H"]}
    undo_is_exact(g, (0, 1, None))


def test_undo_brings_a_removed_sequence_back_face_down_beneath():
    g = position(SP4, [(["2C", "9D"], s("K Q J 10 9 8 7 6 5 4 3 2")), (["4D"], ["AS"])] + [FILLER] * 8)
    before = full_state(g)
    g.apply((1, 0, None))
    assert g.removed == 1 and g.down == [1, 0] + [2] * 8
    g.undo()
    assert full_state(g) == before and g.removed_suits == [] and g.run[:2] == [12, 1]
    undo_is_exact(g, (1, 0, None))


def test_undo_of_a_deal_that_completed_sequences():
    cols = [(["5D"], s("K Q J 10 9 8 7 6 5 4 3 2")), (["6D", "7D"], h("K Q J 10 9 8 7 6 5 4 3 2"))]
    g = position(SP4, cols + [FILLER] * 8, stock=[["AS", "AH"] + ["AC"] * 8, ["2D"] * 10])
    undo_is_exact(g, DEAL)
    g.apply(DEAL)
    assert g.removed == 2
    undo_is_exact(g, DEAL)


def test_undo_restores_score_and_moves_in_every_step_of_a_won_game():
    for sess, line in ((spider_session(), spider_line(2)), (spiderette_session(), spiderette_line(2))):
        g = sess.game
        for a in line[:-1]:
            before = snapshot(g)
            sess.play(a)
            after = snapshot(g)
            sess.play("undo")
            assert snapshot(g) | {"history": 0} == before | {"history": 0}
            sess.play(a)
            assert snapshot(g) == after


def test_undo_at_the_start_is_refused():
    sess = spider_session()
    with pytest.raises(IllegalAction) as exc:
        sess.play("undo")
    assert exc.value.reason == "nothing_to_undo"
    assert not full_state(sess.game)["can_undo"]


def test_standard_undo_limit_is_100_actions():
    sess = spider_session()
    g = sess.game
    actions = SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * 40  # 107 actions
    states = [full_state(g)]
    for a in actions:
        sess.play(a)
        states.append(full_state(g))
    for k in range(100):
        sess.play("undo")
        assert full_state(g) | {"can_undo": None} == states[106 - k] | {"can_undo": None}
    assert g.moves == 7 and g.score == states[7]["score"]
    assert not full_state(g)["can_undo"]
    with pytest.raises(IllegalAction) as exc:
        sess.play("undo")  # the 101st undo
    assert exc.value.reason == "undo_limit" and exc.value.params["limit"] == 100
    sess.play(actions[7])  # playing on works, and can be undone again
    sess.play("undo")


def test_standard_undo_back_to_the_start_within_the_limit():
    sess = spider_session()
    for a in SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * 36:  # exactly 99 actions
        sess.play(a)
    start = full_state(spider_session().game)
    for _ in range(99):
        sess.play("undo")
    assert full_state(sess.game) == start
    with pytest.raises(IllegalAction) as exc:
        sess.play("undo")
    assert exc.value.reason == "nothing_to_undo"


@pytest.mark.parametrize("name", ["timed", "moves"])
def test_unlimited_undo(name):
    sess = spider_session(name)
    actions = SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * 60
    for a in actions:
        sess.play(a)
    for _ in range(len(actions)):
        sess.play("undo")
    start = full_state(spider_session(name).game)
    g = sess.game
    # timed: every undo is a move worth +10 and takes back what its action earned
    expected = {"moves": 2 * len(actions), "score": 10 * len(actions)} if name == "timed" else {}
    assert full_state(g) == start | expected
    with pytest.raises(IllegalAction) as exc:
        sess.play("undo")
    assert exc.value.reason == "nothing_to_undo"


def test_redo_by_replaying_after_undo_gives_the_same_state():
    sess = spider_session()
    for a in SPIDER_PHASE1:
        sess.play(a)
    after = full_state(sess.game)
    for _ in SPIDER_PHASE1:
        sess.play("undo")
    for a in SPIDER_PHASE1:
        sess.play(a)
    assert full_state(sess.game) == after
