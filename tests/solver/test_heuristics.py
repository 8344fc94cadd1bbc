"""The solver's cost estimates against the position they estimate."""

from __future__ import annotations

from hypothesis import given

from spider.engine import DEAL
from spider.solver.heuristics import SOLVER, SOLVER_ONE_SUIT, dealt_cost, position_cost
from tests.engine.test_properties import PROPERTY, choices, do, pick, starts


@PROPERTY
@given(starts(), choices)
def test_dealt_cost_is_the_cost_after_the_deal(sess, steps):
    """Wherever a deal is legal, ``dealt_cost`` (worked out without dealing) is the cost of the
    position the deal leads to, or None only when the deal may complete a sequence; and
    ``next_deal`` names the cards the deal puts down."""
    g = sess.game.search_copy()
    for choice in steps:
        if DEAL in g.legal_moves():
            expected_cards = g.next_deal()
            estimates = {w: dealt_cost(g, w) for w in (SOLVER, SOLVER_ONE_SUIT)}
            tops_before = [len(c) for c in g.cols]
            removed_before = len(g.removed_suits)
            g.deal()
            completed = len(g.removed_suits) > removed_before
            if not completed:
                assert [g.cols[c][tops_before[c]] for c in range(len(expected_cards))] == expected_cards
            for w, estimate in estimates.items():
                if completed:
                    assert estimate is None
                elif estimate is not None:
                    assert estimate == position_cost(g, w)
            g.undo()
        action = pick(g, choice)
        if action is None:
            break
        do(g, action)
