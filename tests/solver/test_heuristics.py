"""The solver's cost estimates against the position they estimate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider.engine import DEAL, DEAL_LIMIT, Game, format_code, variant
from spider.solver.heuristics import SOLVER, SOLVER_ONE_SUIT, dealt_cost, position_cost

pytestmark = pytest.mark.slow

# (game, suits, rules): relaxed rules run across suits, so their deals are worth checking too
LEVELS = [("spider", 1, "classic"), ("spider", 2, "relaxed"), ("spider", 4, "classic"), ("spiderette", 2, "classic")]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(LEVELS), st.integers(0, DEAL_LIMIT - 1), st.lists(st.integers(0, 2**16), max_size=150))
def test_dealt_cost_is_the_cost_after_the_deal(level, deal, steps):
    """Wherever a deal is legal, ``dealt_cost`` (worked out without dealing) is the cost of the
    position the deal leads to, or None only when the deal may complete a sequence; and
    ``next_deal`` names the cards the deal puts down."""
    g = Game.from_code(format_code(variant(*level), deal)).search_copy()
    for choice in steps:
        if DEAL in g.legal_moves():
            expected_cards = g.next_deal()
            estimates = {w: dealt_cost(g, w) for w in (SOLVER, SOLVER_ONE_SUIT)}
            assert dealt_cost(g, SOLVER, position_cost(g, SOLVER)) == estimates[SOLVER]
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
        actions = g.legal_moves()
        if not actions or g.won:
            break
        action = actions[choice % len(actions)]
        if action is DEAL:
            g.deal()
        else:
            g.move(*action)
