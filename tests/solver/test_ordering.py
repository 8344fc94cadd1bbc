"""The actions the solver tries (``ordering.scored_actions``) against the rules its docstrings
state, written out plainly here, on positions with and without a stock and with empty columns."""

from __future__ import annotations

import random

import pytest
from test_reductions import small_position  # a sibling module (tests/solver is on the path in both phases)

from spider.engine import DEAL, Game, Position, RawAction
from spider.solver.heuristics import position_cost, weights_for
from spider.solver.ordering import ordered_actions, scored_actions

pytestmark = pytest.mark.slow


def useful(g: Position, action: RawAction, tidy: bool) -> bool:
    """Whether the solver should try ``action``, from the rules as stated: with the stock empty,
    into an empty column only the first one and never a whole column; tidy also skips a group
    taken off the card one rank higher unless it then sits on its own suit where it did not."""
    if action is DEAL:
        return True
    s, d, k = action
    src, dst = g.cols[s], g.cols[d]
    if not g.deals_left and not dst:
        first_empty = next(i for i, col in enumerate(g.cols) if not col)
        if d != first_empty or k == len(src):
            return False
    if tidy and len(src) - k > g.down[s]:
        under, first = src[-k - 1], src[-k]
        on_its_card = under % 13 == first % 13 + 1
        if on_its_card and (under // 13 == first // 13 or (dst and dst[-1] // 13 != first // 13)):
            return False
    return True


def positions() -> list[Position]:
    """Random walks from 4- and 2-suit deals and from small stock-empty Spiderette positions."""
    rng = random.Random(3)
    starts = [Game.from_code(code).search_copy() for code in ("SP1-S4C-AAAAAAB", "SP1-S2R-AAAAAAC")]
    starts += [small_position(suits, rng) for suits in (1, 2, 4) for _ in range(6)]
    out = []
    for g in starts:
        for _ in range(60):
            out.append(g.search_copy())
            actions = g.legal_moves()
            if not actions or g.won:
                break
            g.play(rng.choice(actions))
    return out


@pytest.mark.parametrize("tidy", [False, True])
def test_the_solver_tries_the_useful_actions_in_move_order(tidy: bool) -> None:
    seen_empty_target = seen_tidy_cut = 0
    for g in positions():
        w = weights_for(g.variant)
        cost = position_cost(g, w)
        scored = scored_actions(g, cost, tidy, None, w)
        expected = [a for a in g.legal_moves() if useful(g, a, tidy)]
        assert [a for *_, a in scored] == expected
        assert [tie for _, tie, _ in scored] == list(range(len(expected)))  # ties by move order
        assert ordered_actions(g, cost, tidy, None, w) == sorted(scored)
        seen_empty_target += any(a is not DEAL and not g.cols[a[1]] for a in expected)
        seen_tidy_cut += len(expected) < len([a for a in g.legal_moves() if useful(g, a, False)])
    assert seen_empty_target and (seen_tidy_cut or not tidy)  # the walks met what the rules are about


def test_random_ties_come_from_the_generator_one_per_action_in_order() -> None:
    g = Game.from_code("SP1-S4C-AAAAAAB").search_copy()
    w = weights_for(g.variant)
    scored = scored_actions(g, position_cost(g, w), True, random.Random(5), w)
    draws = random.Random(5)
    assert [tie for _, tie, _ in scored] == [draws.random() for _ in scored]
