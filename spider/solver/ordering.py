"""Which actions the solver tries, and in what order (shared by the depth-first passes in
``search.py`` and the depth beam in ``beam.py``).

Only provably useless actions are left out of the complete search:

* once the stock is empty the columns are interchangeable (``Game.position_key`` sorts them), so
  only the first empty column is used as a target;
* moving a whole column into an empty column once the stock is empty changes nothing.
"""

from __future__ import annotations

import random

from spider.engine import DEAL, Game, Step

from .heuristics import Weights


def useful_actions(g: Game, tidy: bool = False) -> list[Step]:
    """The legal actions minus the provably useless ones (see the module docstring).

    ``tidy`` (bounded passes only: it gives up completeness) also drops moves that take a group
    off the card one rank higher unless the group then sits on its own suit where it did not:
    such moves rarely help and multiply the positions enormously."""
    actions = g.legal_moves()
    cols = g.cols
    if tidy:
        down = g.down
        kept = []
        for a in actions:
            if a is not DEAL:
                s, d, k = a
                src = cols[s]
                rest = len(src) - k
                if rest > down[s]:
                    under, first = src[rest - 1], src[-k]
                    if under % 13 == first % 13 + 1:
                        same = under // 13 == first // 13
                        dst = cols[d]
                        if same or (dst and dst[-1] // 13 != first // 13):
                            continue
            kept.append(a)
        actions = kept
    if g.deals_left:
        return actions
    first_empty = next((i for i, c in enumerate(cols) if not c), -1)
    if first_empty < 0:
        return actions
    return [a for a in actions if a is DEAL or cols[a[1]] or (a[1] == first_empty and a[2] < len(cols[a[0]]))]


def ordered_actions(
    g: Game, cost: int, tidy: bool, rng: random.Random | None, w: Weights
) -> list[tuple[int, float, Step]]:
    """``scored_actions`` best first (the depth-first passes play them in this order)."""
    out = scored_actions(g, cost, tidy, rng, w)
    out.sort()
    return out


def scored_actions(
    g: Game, cost: int, tidy: bool, rng: random.Random | None, w: Weights
) -> list[tuple[int, float, Step]]:
    """The useful actions of a position with the (estimated) cost of the position each leads to
    and a tie-break, in move order. The estimate is ``position_cost`` worked out from the change
    the action makes, without playing it. The beams sort whole layers, so they take these unsorted."""
    out: list[tuple[int, float, Step]] = []
    cols, down, run = g.cols, g.down, g.run
    big_cost = 1 << 40
    W_DOWN, W_BREAK, W_SUIT, W_EMPTY, W_REMOVED = w[:5]  # noqa: N806  (the solver's hidden weight is 0)
    for n, action in enumerate(useful_actions(g, tidy)):
        tie = n if rng is None else rng.random()  # ties broken at random: restarts explore differently
        if action is DEAL:
            out.append((big_cost, tie, action))  # a deal only when the moves are used up
            continue
        s, d, k = action
        src, dst = cols[s], cols[d]
        first = src[-k]
        rest = len(src) - k
        delta = 0
        if rest == 0:
            delta -= W_EMPTY
        elif rest == down[s]:
            delta -= W_DOWN
        else:
            under = src[rest - 1]
            if under % 13 != first % 13 + 1:
                delta -= W_BREAK
            elif under // 13 != first // 13:
                delta -= W_SUIT
        if not dst:
            delta += W_EMPTY
        elif dst[-1] // 13 != first // 13:
            delta += W_SUIT
        elif k + run[d] >= 13 and first % 13 + run[d] >= 12 and run[s] >= k:
            delta -= W_REMOVED
        out.append((cost + delta, tie, action))
    return out
