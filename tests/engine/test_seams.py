"""The engine's seams: snapshots, the information state, one legality for the UI and the solver,
and checked play that says what it did."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from spider.engine import DEAL, UNDO, Deal, Game, IllegalAction, Move, Undo, parse_action

from .test_properties import PROPERTY, choices, do, pick, starts


def where(p):
    """Everything a snapshot keeps: the cards where they lie, runs, deals done, removals."""
    start = len(p.stock) - p.stock_count
    return {
        "columns": [(list(c[: p.down[i]]), list(c[p.down[i] :])) for i, c in enumerate(p.cols)],
        "stock": p.stock[start:],
        "deals_left": p.deals_left,
        "removed_suits": list(p.removed_suits),
        "won": p.won,
        "runs": list(p.run),
    }


def play_randomly(g, steps):
    for choice in steps:
        action = pick(g, choice)
        if action is None:
            break
        do(g, action)


def play_position_randomly(p, steps):
    """Random legal play on a position (unchecked, as the solver plays), undo included."""
    for choice in steps:
        actions = p.legal_moves() + (["undo"] if p.history and not p.won else [])
        if not actions:
            break
        action = actions[choice % len(actions)]
        if action == "undo":
            p.undo()
        else:
            p.play(action)


@PROPERTY
@given(starts(), choices, choices)
def test_restore_of_a_snapshot_gives_the_position_back(g, before, after):
    play_randomly(g, before)
    p = g.position()
    saved, expected, key = p.snapshot(), where(p), p.position_key()
    play_position_randomly(p, after)
    p.restore(saved)
    assert where(p) == expected
    assert p.position_key() == key
    assert p.snapshot() == saved
    assert not p.history  # undo entries of the position left are gone
    # the restored position plays on like the original: its legal actions are accepted
    for step in p.legal_moves():
        twin = p.search_copy()
        twin.check(step if step is DEAL else Move(*step))
        twin.play(step)
        twin.undo()
        assert where(twin) == expected


def hidden_permuted(p, rng):
    """A search copy of ``p`` whose face-down and stock cards are shuffled among themselves."""
    start = len(p.stock) - p.stock_count
    hidden = [c for i, col in enumerate(p.cols) for c in col[: p.down[i]]] + p.stock[start:]
    rng.shuffle(hidden)
    return p.with_hidden_cards(hidden)


def view(p):
    return Game.from_position(p).view()


@PROPERTY
@given(starts(), choices, choices)
def test_the_information_state_ignores_hidden_cards(g, steps, seed):
    play_randomly(g, steps)
    real = g.search_copy()
    twin = hidden_permuted(real, random.Random(sum(seed)))
    known, twin_known = g.information_state(), twin.information_state()
    assert known.snapshot() == twin_known.snapshot() == real.information_state().snapshot()
    assert known.stock == twin_known.stock
    assert not hasattr(known, "deck") and not hasattr(known, "deal_number")  # a position holds no deck
    assert known.position_key() == twin_known.position_key()
    assert view(real) == view(twin)
    assert {k: g.view()[k] for k in ("columns", "stock")} == {k: view(twin)[k] for k in ("columns", "stock")}
    # what the player sees of the real game is all there is in the information state
    p = g.position()
    assert [known.face_up(i) for i in range(len(p.cols))] == [p.face_up(i) for i in range(len(p.cols))]
    assert known.down == p.down and known.stock_count == p.stock_count


def test_hidden_cards_permuted_do_change_the_full_state():
    """The permutation above is not a no-op: a one-deck game has distinct hidden cards."""
    real = Game.from_code("SD1-S4-QWERTYU").search_copy()
    twin = hidden_permuted(real, random.Random(7))
    assert Game.from_position(real).state() != Game.from_position(twin).state()
    assert real.information_state().snapshot() == twin.information_state().snapshot()


def test_hidden_cards_fill_exactly_the_places_the_player_cannot_see():
    real = Game.from_code("SD1-S4-QWERTYU").information_state()
    with pytest.raises(ValueError):
        real.with_hidden_cards([0] * (sum(real.down) + real.stock_count - 1))
    filled = real.with_hidden_cards(list(range(sum(real.down) + real.stock_count)))
    assert filled.cols[1][0] == 0 and filled.cols[2][:2] == [1, 2]  # bottom up, column by column
    assert filled.next_deal() == list(range(sum(real.down), sum(real.down) + 7))  # then the stock
    assert real.cols[1][0] != 0  # the position filled is a copy


@PROPERTY
@given(starts(), choices)
def test_the_ui_groups_and_targets_are_the_legal_moves(g, steps):
    """Every (source, count, target) the UI offers is a legal move and every legal move is offered;
    everything else is refused by ``check_move`` (the rule-by-rule check behind a typed move)."""
    for choice in [*steps, None]:
        p = g.position()
        legal = {a for a in g.legal_actions() if a is not DEAL}
        offered = g.groups()
        assert {(src, dst, count) for (src, count), dests in offered.items() for dst in dests} == legal
        n = len(p.cols)
        for src in range(n):
            for count in range(1, len(p.cols[src]) + 1):
                assert offered.get((src, count), []) == sorted(d for s, d, k in legal if (s, k) == (src, count))
                for dst in range(n):
                    try:
                        assert p.check_move(src, dst, count) == count
                    except IllegalAction:
                        assert (src, dst, count) not in legal
                    else:
                        assert (src, dst, count) in legal
        for src, count in offered:
            try:
                assert (src, g.best_column(src, count, offered[src, count]), count) in legal
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
    g = Game.from_code("SD1-S4-QWERTYU")
    p = g.position()
    (src, dst, count) = next(a for a in g.legal_actions() if a is not DEAL)
    cards, onto = tuple(p.cols[src][-count:]), p.cols[dst][-1] if p.cols[dst] else None
    flips = len(p.cols[src]) - count == p.down[src] and p.down[src] > 0
    outcome = g.apply(Move(src, dst, None) if p.cols[dst] else Move(src, dst, count))
    assert outcome.action == (src, dst, count) and isinstance(outcome.action, Move)
    assert (outcome.cards, outcome.onto) == (cards, onto)
    assert outcome.revealed == ((src,) if flips else ())
    assert outcome.revealed_cards == ((g.position().cols[src][-1],) if flips else ())
    back = g.apply(UNDO)
    assert back.action is UNDO and back.undone == (src, dst, count) and back.hidden == int(flips)
    dealt = g.apply(DEAL)
    assert dealt.action is DEAL and len(dealt.cards) == 7 and tuple(c[-1] for c in g.position().cols) == dealt.cards
    assert g.apply(UNDO).undone is DEAL


def test_a_refused_action_changes_nothing_and_reports_nothing():
    g = Game.from_code("SD1-S4-QWERTYU")
    before = g.state()
    for action in (UNDO, Move(0, 0, 1), Move(0, 9, None), Move(0, 1, 5)):
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert g.state() == before
    assert g.actions == ()
