"""Which actions the solver tries, and in what order (shared by the depth-first passes in
``search.py`` and the depth beam in ``beam.py``).

Only provably useless actions are left out of the complete search:

* once the stock is empty the columns are interchangeable (``Position.position_key`` sorts them), so
  only the first empty column is used as a target;
* moving a whole column into an empty column once the stock is empty changes nothing.
"""

from __future__ import annotations

import random

from spider.engine import DEAL, Position, RawAction

from .heuristics import Weights


def ordered_actions(
    g: Position, cost: int, tidy: bool, rng: random.Random | None, w: Weights
) -> list[tuple[int, float, RawAction]]:
    """``scored_actions`` best first (the depth-first passes play them in this order)."""
    out = scored_actions(g, cost, tidy, rng, w)
    out.sort()
    return out


def scored_actions(
    g: Position, cost: int, tidy: bool, rng: random.Random | None, w: Weights
) -> list[tuple[int, float, RawAction]]:
    """The useful actions of a position (the legal ones minus the provably useless, see the
    module docstring) with the (estimated) cost of the position each leads to and a tie-break,
    in move order. The estimate is ``position_cost`` worked out from the change the action
    makes, without playing it. The beams sort whole layers, so they take these unsorted.

    ``tidy`` (bounded passes and beams: it gives up completeness) also leaves out moves that
    take a group off the card one rank higher unless the group then sits on its own suit where
    it did not: such moves rarely help and multiply the positions enormously.

    One loop both leaves out and scores, reading each move's cards once: it runs for every
    position a search expands."""
    out: list[tuple[int, float, RawAction]] = []
    cols, down, run = g.cols, g.down, g.run
    big_cost = 1 << 40
    W_DOWN, W_BREAK, W_SUIT, W_EMPTY, W_REMOVED = w[:5]  # noqa: N806  (the solver's hidden weight is 0)
    # once the stock is empty, only the first empty column is a target, and not for a whole column
    first_empty = -1 if g.deals_left else next((i for i, c in enumerate(cols) if not c), -1)
    n = 0
    for action in g.legal_moves():
        if action is DEAL:
            out.append((big_cost, n if rng is None else rng.random(), action))  # only when the moves are used up
            n += 1
            continue
        s, d, k = action
        src, dst = cols[s], cols[d]
        if first_empty >= 0 and not dst and (d != first_empty or k == len(src)):
            continue
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
                if tidy and dst and dst[-1] // 13 != first // 13:
                    continue  # off its card one rank higher and not onto its own suit
                delta -= W_SUIT
            elif tidy:
                continue  # off its card one rank higher of its own suit
        if not dst:
            delta += W_EMPTY
        elif dst[-1] // 13 != first // 13:
            delta += W_SUIT
        elif k + run[d] >= 13 and first % 13 + run[d] >= 12 and run[s] >= k:
            delta -= W_REMOVED
        out.append((cost + delta, n if rng is None else rng.random(), action))  # random ties: restarts differ
        n += 1
    return out
