"""Redo: after an undo, "redo" plays the undone action again, until a different action is played.
It is scored as that action (an undo restores the score, so redo is exactly the state before the
undo in the standard and moves profiles; in the timed profile both count as moves), and a record
keeps the action itself, so a replayed record can redo just what the game could."""

from __future__ import annotations

import pytest

from spider.engine import DEAL, REDO, Game, IllegalAction, parse_action

from .helpers import SPIDER_PHASE1, SPIDER_T1, play, snapshot, spider_game, spider_line


def test_redo_is_parsed_from_its_word():
    assert parse_action(" Redo ") is REDO


@pytest.mark.parametrize("name", ["standard", "moves"])
def test_undos_then_redos_give_back_the_exact_state(name):
    g = spider_game(name)
    play(g, SPIDER_PHASE1)  # deals, moves and sequences removed
    after = snapshot(g)
    for _ in SPIDER_PHASE1:
        g.apply("undo")
    assert g.moves == 0 and g.removed == 0
    played = [g.apply("redo").text for _ in SPIDER_PHASE1]
    # the actions come back in their order, each in explicit notation
    moves = [f"{src}>{dst}:{count}" for src, dst in ((6, 1), (7, 2), (8, 3), (9, 4), (10, 5)) for count in (6, 1)]
    assert played == ["deal"] * 5 + moves
    assert snapshot(g) == after
    assert g.score == (500 - 15 + 500 if name == "standard" else 0)
    with pytest.raises(IllegalAction) as exc:
        g.apply("redo")
    assert exc.value.reason == "nothing_to_redo"


def test_timed_redo_scores_as_the_action_and_counts_as_a_move():
    g = spider_game("timed")
    play(g, SPIDER_PHASE1[:7])  # five deals, then 6>1 (a card) and 6>1 (removes a sequence)
    score, moves = g.score, g.moves
    assert (score, moves) == (80, 7)
    g.apply("undo")  # takes back +10 and +10 for the sequence, earns +10
    assert (g.score, g.moves, g.removed) == (70, 8, 0)
    g.apply("redo")  # earns the move's +10 and the sequence's +10 again
    assert (g.score, g.moves, g.removed) == (90, 9, 1)


def test_a_different_action_ends_redo():
    g = spider_game()
    play(g, SPIDER_PHASE1 + SPIDER_T1)
    g.apply("undo")
    g.apply("undo")
    assert g.apply(REDO).action == (5, 0, 1)  # the first of the two "6>1" that ended SPIDER_T1
    g.undo()
    g.apply("6>2")  # a new action
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply("redo")
    assert exc.value.reason == "nothing_to_redo"
    assert snapshot(g) == before  # a refused redo changes nothing


def test_playing_the_undone_action_by_hand_is_the_redo():
    g = spider_game()
    play(g, SPIDER_PHASE1[:7])
    g.apply("undo")
    g.apply("undo")
    outcome = g.apply("6>1")  # by hand, implied count: the same action as the first redo
    assert outcome.redone
    assert g.actions[-1] == "6>1"  # the record keeps what the player sent
    outcome = g.apply("redo")
    assert outcome.redone and outcome.completed == ((0, 0),)
    assert g.actions[-1] == "6>1:1"


def test_a_record_replayed_can_redo_what_the_game_could():
    g = spider_game()
    play(g, SPIDER_PHASE1[:7])
    play(g, ["undo", "undo", "undo", "redo"])
    record = g.record()
    assert "redo" not in record["actions"] and record["actions"][-1] == "deal"
    replayed = Game.from_record(record)
    assert replayed.can_redo and g.can_redo
    assert replayed.apply("redo").text == g.apply("redo").text == "6>1:6"
    assert replayed.apply("redo").text == g.apply("redo").text == "6>1:1"
    assert not replayed.can_redo and not g.can_redo


def test_redo_up_to_the_win_and_not_after_it():
    line = spider_line()
    g = spider_game()
    play(g, line[:-1])
    g.apply("undo")
    g.apply("redo")
    g.apply(line[-1])
    assert g.won
    with pytest.raises(IllegalAction) as exc:
        g.apply("redo")
    assert exc.value.reason == "game_over"


def test_a_deal_is_redone_too():
    g = spider_game()
    g.apply("deal")
    after = snapshot(g)
    g.apply("undo")
    assert g.apply("redo").text == "deal"
    assert snapshot(g) == after


def test_copies_keep_their_own_redo():
    g = spider_game()
    g.apply("deal")
    g.apply("undo")
    copy = g.copy()
    assert copy.apply(REDO).action is DEAL
    assert g.can_redo and not copy.can_redo
    assert g.apply(REDO).action is DEAL
