"""Redo: after an undo, "redo" plays the undone action again, until a different action is played.
It is scored as that action (an undo restores the score, so redo is exactly the state before the
undo in the standard and moves profiles; in the timed profile both count as moves), and a record
keeps the action itself, so a replayed record can redo just what the game could."""

from __future__ import annotations

import pytest

from spider.engine import DEAL, REDO, IllegalAction, load_record, parse_action

from .helpers import SPIDER_PHASE1, SPIDER_T1, play, snapshot, spider_line, spider_session


def test_redo_is_parsed_from_its_word():
    assert parse_action(" Redo ") is REDO


@pytest.mark.parametrize("name", ["standard", "moves"])
def test_undos_then_redos_give_back_the_exact_state(name):
    sess = spider_session(name)
    play(sess, SPIDER_PHASE1)  # deals, moves and sequences removed
    after = snapshot(sess.game)
    for _ in SPIDER_PHASE1:
        sess.play("undo")
    assert sess.game.moves == 0 and sess.game.removed == 0
    played = [sess.play("redo") for _ in SPIDER_PHASE1]
    # the actions come back in their order, each in explicit notation
    moves = [f"{src}>{dst}:{count}" for src, dst in ((6, 1), (7, 2), (8, 3), (9, 4), (10, 5)) for count in (6, 1)]
    assert played == ["deal"] * 5 + moves
    assert snapshot(sess.game) == after
    assert sess.game.score == (500 - 15 + 500 if name == "standard" else 0)
    with pytest.raises(IllegalAction) as exc:
        sess.play("redo")
    assert exc.value.reason == "nothing_to_redo"


def test_timed_redo_scores_as_the_action_and_counts_as_a_move():
    sess = spider_session("timed")
    play(sess, SPIDER_PHASE1[:7])  # five deals, then 6>1 (a card) and 6>1 (removes a sequence)
    score, moves = sess.game.score, sess.game.moves
    assert (score, moves) == (80, 7)
    sess.play("undo")  # takes back +10 and +10 for the sequence, earns +10
    assert (sess.game.score, sess.game.moves, sess.game.removed) == (70, 8, 0)
    sess.play("redo")  # earns the move's +10 and the sequence's +10 again
    assert (sess.game.score, sess.game.moves, sess.game.removed) == (90, 9, 1)


def test_a_different_action_ends_redo():
    sess = spider_session()
    play(sess, SPIDER_PHASE1 + SPIDER_T1)
    sess.play("undo")
    sess.play("undo")
    assert sess.game.check(REDO) == (5, 0, 1)  # the first of the two "6>1" that ended SPIDER_T1
    sess.play("6>2")  # a new action
    before = snapshot(sess.game)
    with pytest.raises(IllegalAction) as exc:
        sess.play("redo")
    assert exc.value.reason == "nothing_to_redo"
    assert snapshot(sess.game) == before  # a refused redo changes nothing


def test_playing_the_undone_action_by_hand_is_the_redo():
    sess = spider_session()
    play(sess, SPIDER_PHASE1[:7])
    sess.play("undo")
    sess.play("undo")
    _, outcome = sess.step("6>1")  # by hand, implied count: the same action as the first redo
    assert outcome.redone
    assert sess.actions[-1] == "6>1"  # the record keeps what the player sent
    _, outcome = sess.step("redo")
    assert outcome.redone and outcome.completed == ((0, 0),)
    assert sess.actions[-1] == "6>1:1"


def test_a_record_replayed_can_redo_what_the_game_could():
    sess = spider_session()
    play(sess, SPIDER_PHASE1[:7])
    play(sess, ["undo", "undo", "undo", "redo"])
    record = sess.record()
    assert "redo" not in record["actions"] and record["actions"][-1] == "deal"
    replayed = load_record(record)
    assert replayed.game.undone == sess.game.undone == [(5, 0, 1), (5, 0, 6)]
    assert replayed.play("redo") == sess.play("redo") == "6>1:6"


def test_redo_up_to_the_win_and_not_after_it():
    line = spider_line()
    sess = spider_session()
    play(sess, line[:-1])
    sess.play("undo")
    sess.play("redo")
    sess.play(line[-1])
    assert sess.game.won
    with pytest.raises(IllegalAction) as exc:
        sess.play("redo")
    assert exc.value.reason == "game_over"


def test_a_deal_is_redone_too():
    sess = spider_session()
    sess.play("deal")
    after = snapshot(sess.game)
    sess.play("undo")
    assert sess.game.check(REDO) is DEAL
    assert sess.play("redo") == "deal"
    assert snapshot(sess.game) == after


def test_copies_keep_their_own_redo_and_search_copies_none():
    sess = spider_session()
    sess.play("deal")
    sess.play("undo")
    copy = sess.game.clone()
    copy.apply(REDO)
    assert sess.game.undone == [DEAL] and copy.undone == []
    assert sess.game.search_copy().undone == []
