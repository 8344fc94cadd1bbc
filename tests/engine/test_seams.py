"""The engine's seams: snapshots, the information state, one legality for the UI and the solver,
and checked play that says what it did."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from spider.engine import (
    DEAL,
    UNDO,
    IllegalAction,
    Move,
    best_column,
    full_state,
    groups,
    new_session,
    parse_action,
    public_view,
    targets,
)
from spider.engine.actions import Deal, Undo

from .test_properties import PROPERTY, choices, do, pick, starts


def position(g):
    """Everything a snapshot keeps: the cards where they lie, runs, deals done, removals."""
    state = full_state(g)
    return {k: state[k] for k in ("columns", "stock", "deals_left", "removed_suits", "won")} | {"runs": list(g.run)}


def play_randomly(g, steps):
    for choice in steps:
        action = pick(g, choice)
        if action is None:
            break
        do(g, action)


@PROPERTY
@given(starts(), choices, choices)
def test_restore_of_a_snapshot_gives_the_position_back(sess, before, after):
    g = sess.game
    play_randomly(g, before)
    saved, expected, key = g.snapshot(), position(g), g.position_key()
    play_randomly(g, after)
    g.restore(saved)
    assert position(g) == expected
    assert g.position_key() == key
    assert g.snapshot() == saved
    assert not g.history  # undo entries of the position left are gone
    # the restored position plays on like the original: its legal actions are accepted
    for step in g.legal_moves():
        twin = g.search_copy()
        twin.apply(step)
        twin.undo()
        assert position(twin) == expected


def hidden_permuted(g, rng):
    """A copy of ``g`` whose face-down and stock cards are shuffled among themselves."""
    twin = g.clone()
    start = len(g.stock) - g.stock_count
    hidden = [c for i, col in enumerate(g.cols) for c in col[: g.down[i]]] + g.stock[start:]
    rng.shuffle(hidden)
    twin.cols = [list(col) for col in g.cols]
    twin.stock = list(g.stock)
    for i, col in enumerate(twin.cols):
        col[: g.down[i]], hidden = hidden[: g.down[i]], hidden[g.down[i] :]
    twin.stock[start:] = hidden
    return twin


@PROPERTY
@given(starts(), choices, choices)
def test_the_information_state_ignores_hidden_cards(sess, steps, seed):
    g = sess.game
    play_randomly(g, steps)
    twin = hidden_permuted(g, random.Random(sum(seed)))
    known, twin_known = g.information_state(), twin.information_state()
    assert known.snapshot() == twin_known.snapshot()
    assert known.stock == twin_known.stock and known.deck == twin_known.deck == []
    assert known.deal_number is None
    assert known.position_key() == twin_known.position_key()
    assert public_view(g) == public_view(twin)
    # what the player sees of the real game is all there is in the information state
    assert [known.face_up(i) for i in range(len(g.cols))] == [g.face_up(i) for i in range(len(g.cols))]
    assert known.down == g.down and known.stock_count == g.stock_count


def test_hidden_cards_permuted_do_change_the_full_state():
    """The permutation above is not a no-op: a one-deck game has distinct hidden cards."""
    g = new_session("SD1-S4-QWERTYU").game
    twin = hidden_permuted(g, random.Random(7))
    assert full_state(g) != full_state(twin)
    assert g.information_state().snapshot() == twin.information_state().snapshot()


@PROPERTY
@given(starts(), choices)
def test_the_ui_groups_and_targets_are_the_legal_moves(sess, steps):
    """Every (source, count, target) the UI offers is a legal move and every legal move is offered;
    everything else is refused by ``check_move`` (the rule-by-rule check behind a typed move)."""
    g = sess.game
    for choice in [*steps, None]:
        legal = {a for a in g.legal_moves() if a is not DEAL}
        offered = groups(g)
        assert {(src, dst, count) for (src, count), dests in offered.items() for dst in dests} == legal
        n = len(g.cols)
        for src in range(n):
            for count in range(1, len(g.cols[src]) + 1):
                assert targets(g, src, count) == sorted(d for s, d, k in legal if (s, k) == (src, count))
                for dst in range(n):
                    try:
                        assert g.check_move(src, dst, count) == count
                    except IllegalAction:
                        assert (src, dst, count) not in legal
                    else:
                        assert (src, dst, count) in legal
        for src, count in offered:
            try:
                assert (src, best_column(g, src, count, offered[src, count]), count) in legal
            except IllegalAction as e:
                assert e.reason == "no_target"
        if choice is None:
            break
        action = pick(g, choice)
        if action is None:
            break
        do(g, action)


def test_parse_action_gives_types_a_checker_can_narrow():
    move = parse_action("3>7:2")
    assert isinstance(move, Move) and (move.src, move.dst, move.size) == (2, 6, 2)
    assert parse_action("3>7") == Move(2, 6, None)
    assert parse_action("Deal") is DEAL and isinstance(DEAL, Deal)
    assert parse_action(" undo ") is UNDO and isinstance(UNDO, Undo)


def test_apply_says_what_it_did_and_undo_what_it_took_back():
    sess = new_session("SD1-S4-QWERTYU")
    g = sess.game
    (src, dst, count) = next(a for a in g.legal_moves() if a is not DEAL)
    cards, onto = tuple(g.cols[src][-count:]), g.cols[dst][-1] if g.cols[dst] else None
    flips = len(g.cols[src]) - count == g.down[src] and g.down[src] > 0
    outcome = g.apply(Move(src, dst, None) if g.cols[dst] else Move(src, dst, count))
    assert outcome.action == (src, dst, count)
    assert (outcome.cards, outcome.onto) == (cards, onto)
    assert outcome.revealed == ((src,) if flips else ())
    back = g.apply(UNDO)
    assert back.action is UNDO and back.undone == (src, dst, count) and back.hidden == int(flips)
    dealt = g.apply(DEAL)
    assert dealt.action is DEAL and len(dealt.cards) == 7 and tuple(c[-1] for c in g.cols) == dealt.cards
    assert g.apply(UNDO).undone is DEAL


def test_a_refused_action_changes_nothing_and_reports_nothing():
    g = new_session("SD1-S4-QWERTYU").game
    before = full_state(g)
    for action in (UNDO, Move(0, 0, 1), Move(0, 9, None), Move(0, 1, 5)):
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert full_state(g) == before
