"""Depth beam search per stock level (incomplete: it finds wins, it never proves a loss).

The search advances one action at a time. Every position of the current layer is expanded (its
useful actions, "tidy" as in the bounded passes, see ``ordering.useful_actions``); children already
met anywhere in this run are dropped; then, *separately for each number of deals done*, only the
``width`` children of least ``position_cost`` form the next layer. Keeping a beam per stock level
means a deal never has to beat the positions that have not dealt yet, and undealt positions keep
being worked on while the dealt ones go ahead.

A run ends with a win, when the layer is empty (every child was met before: the beam has died)
or when ``stop`` says so. Runs are cheap and the outcome of one depends a lot on how ties are
broken, so ``search.solve`` makes many runs with different seeds and growing widths.
Positions are kept as ``Game.snapshot`` bytes; the line to a position is kept as parent links.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable

from spider.engine import DEAL, Game, Step

from .heuristics import Weights, position_cost
from .ordering import ordered_actions

Line = list[Step]
_CHECK_EVERY = 2048


def depth_beam(
    g: Game, width: int, w: Weights, seed: int | None, stop: Callable[[int], bool]
) -> tuple[Line | None, int]:
    """One run from ``g`` (left unchanged): (winning line or None, positions generated).
    ``seed`` None breaks ties by move order, else at random from that seed. ``stop(nodes)``
    True ends the run (a limit); it is asked every few thousand positions."""
    rng = random.Random(seed) if seed is not None else None
    start = g.snapshot()
    parents: list[tuple[int, Step]] = [(-1, DEAL)]  # the root's action is never read
    layer: list[tuple[int, bytes, int]] = [(position_cost(g, w), start, 0)]
    seen = {g.position_key()}
    nodes = 0
    check = _CHECK_EVERY
    move, deal, undo, restore, key_of = g.move, g.deal, g.undo, g.restore, g.position_key
    try:
        while layer:
            children: dict[int, list[tuple[int, float, int, Step]]] = {}
            for index, (cost, packed, _) in enumerate(layer):
                restore(packed)
                for child_cost, tie, action in ordered_actions(g, cost, True, rng, w):
                    if action is DEAL:
                        deal()
                        child_cost = position_cost(g, w)
                    else:
                        move(*action)
                    nodes += 1
                    if g.won:
                        line = [action]
                        node = layer[index][2]
                        while node:
                            node, a = parents[node]
                            line.append(a)
                        return line[::-1], nodes
                    key = key_of()
                    if key not in seen:
                        seen.add(key)
                        level = children.get(g.deals_done)
                        if level is None:
                            children[g.deals_done] = level = []
                        level.append((child_cost, tie, index, action))
                    undo()
                if nodes >= check:
                    check = nodes + _CHECK_EVERY
                    if stop(nodes):
                        return None, nodes
            nxt = []
            for level in children.values():
                for child_cost, _, index, action in heapq.nsmallest(width, level):
                    _, packed, node = layer[index]
                    restore(packed)
                    if action is DEAL:
                        deal()
                    else:
                        move(*action)
                    parents.append((node, action))
                    nxt.append((child_cost, g.snapshot(), len(parents) - 1))
            layer = nxt
        return None, nodes
    finally:
        restore(start)
