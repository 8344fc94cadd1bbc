"""Deal-level beam search (incomplete: it finds wins, it never proves a loss).

Not used by ``search.solve`` any more: the depth beam of ``beam.py`` measured far better on 4 suits.
Kept for experiments.

Deals are the moments of no return, so the search goes deal by deal: between two deals a
budgeted best-first search (by ``position_cost``) over moves looks for a win and collects the
positions from which a deal is possible; the ``width`` best positions *after* their deal
(distinct) start the next level. The solver sees the stock, so it ranks positions after the deal.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from spider.engine import DEAL, Game

from .heuristics import position_cost
from .search import _pack, _unpack, position_key, useful_actions

Line = list[tuple[int, int, int]]


def level_beam(g: Game, width: int, budget: int, stop: Callable[[int], bool]) -> tuple[Line | None, int]:
    """Search from ``g`` (left unchanged); return (winning line or None, positions generated).
    ``budget``: positions generated per start position per level. ``stop(nodes)`` True ends the
    search (a limit)."""
    start = _pack(g)
    starts: list[tuple[bytes, Line]] = [(start, [])]
    nodes = 0
    seen_after_deal: set[int] = set()
    try:
        while starts:
            # one level: best-first over moves from every start position together
            seen: set[int] = set()
            heap = []
            lines: list[Line] = []
            for packed, line in starts:
                _unpack(g, packed)
                seen.add(position_key(g))
                heap.append((position_cost(g), len(lines), packed))
                lines.append(line)
            heapq.heapify(heap)
            dealt: list[tuple[int, int, bytes, Line]] = []
            _unpack(g, starts[0][0])
            # after the last deal nothing is kept for later: the rest of the time goes there
            limit = nodes + budget * len(starts) if g.deals_left else 1 << 62
            while heap and nodes < limit:
                _, index, packed = heapq.heappop(heap)
                _unpack(g, packed)
                line = lines[index]
                for action in useful_actions(g):
                    nodes += 1
                    if action == DEAL:
                        g.deal()
                        if g.won:
                            return [*line, action], nodes
                        key = position_key(g)
                        if key not in seen_after_deal:
                            seen_after_deal.add(key)
                            dealt.append((position_cost(g), len(dealt), _pack(g), [*line, action]))
                        g.undo()
                        continue
                    g.move(*action)
                    if g.won:
                        return [*line, action], nodes
                    key = position_key(g)
                    if key not in seen:
                        seen.add(key)
                        heapq.heappush(heap, (position_cost(g), len(lines), _pack(g)))
                        lines.append([*line, action])
                    g.undo()
                if stop(nodes):
                    return None, nodes
            dealt.sort(key=lambda t: (t[0], t[1]))
            starts = [(packed, line) for _, _, packed, line in dealt[:width]]
        return None, nodes
    finally:
        _unpack(g, start)
