"""Depth beam search per stock level (incomplete: it finds wins, it never proves a loss).

The search advances one action at a time. The useful actions of every position of the current
layer ("tidy" as in the bounded passes, see ``ordering.scored_actions``) are candidates, each
with the cost of the position it leads to (``position_cost``, worked out from the change the
action makes, so without playing it). Then, *separately for each number of deals done*, the
candidates are played best first until ``width`` children not met before in this run form the
next layer; the rest are never played, which is where most of the time used to go. Keeping a
beam per stock level means a deal never has to beat the positions that have not dealt yet, and
undealt positions keep being worked on while the dealt ones go ahead. A parent may give at most
``per_parent`` children to a layer: the best candidates are often a few moves of one position,
and a layer of one position's children dies together.

A run ends with a win, when the layer is empty (every child was met before: the beam has died)
or when ``stop`` says so. Runs are cheap and the outcome of one depends a lot on how ties are
broken, so ``search.solve`` makes many runs with different seeds and growing widths.
Positions are kept as ``Position.snapshot`` tuples with their columns' hashes; a child shares the
columns a move leaves alone with its parent, so making its snapshot and key touches two columns,
not all of them. The line to a position is kept as parent links.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from spider.engine import DEAL, Position, RawAction, Snapshot, column_hash, column_hashes, snapshot_key

from .heuristics import Weights, dealt_cost, position_cost
from .ordering import scored_actions

Line = list[RawAction]
# (estimated cost of the child, tie-break, index of the parent in the layer, action)
Candidate = tuple[int, float, int, RawAction]
# A position of a layer: (cost, position, its node in the parent links, its columns' hashes)
Entry = tuple[int, Snapshot, int, tuple[int, ...]]
_CHECK_EVERY = 2048
MAY_COMPLETE = -(1 << 40)  # a deal that may complete a sequence is tried before anything else
NO_CAP = 1 << 30


class _Won(Exception):
    """A candidate won: ``line`` plays from the start of the run to the win."""

    def __init__(self, line: Line) -> None:
        self.line = line


def depth_beam(
    g: Position,
    width: int,
    w: Weights,
    seed: int | None,
    stop: Callable[[int], bool],
    per_parent: int = NO_CAP,
) -> tuple[Line | None, int]:
    """One run from ``g`` (left unchanged): (winning line or None, positions generated).
    ``seed`` None breaks ties by move order, else at random from that seed. ``stop(nodes)``
    True ends the run (a limit); it is asked every few thousand positions. A layer of one stock
    level takes at most ``per_parent`` children of one position."""
    rng = random.Random(seed) if seed is not None else None
    start = g.snapshot()
    hashes = column_hashes(start[2], start[3])
    beam = _Beam(g, w, width, per_parent, snapshot_key(start[0], hashes, g.deals_left == 0))
    layer: list[Entry] = [(position_cost(g, w), start, 0, hashes)]
    check = _CHECK_EVERY
    try:
        while layer:
            candidates: dict[int, list[Candidate]] = {}
            for index, (cost, snap, _, _) in enumerate(layer):
                g.restore(snap)
                done = snap[0]
                for child_cost, tie, action in scored_actions(g, cost, True, rng, w):
                    level = done
                    if action is DEAL:
                        level += 1
                        dealt = dealt_cost(g, w, cost)
                        child_cost = MAY_COMPLETE if dealt is None else dealt
                    found = candidates.get(level)
                    if found is None:
                        candidates[level] = found = []
                    found.append((child_cost, tie, index, action))
            layer = [child for level in candidates.values() for child in beam.select(layer, level)]
            if beam.nodes >= check:
                check = beam.nodes + _CHECK_EVERY
                if stop(beam.nodes):
                    return None, beam.nodes
        return None, beam.nodes
    except _Won as won:
        return won.line, beam.nodes
    finally:
        g.restore(start)


class _Beam:
    """The state of one run that outlives a layer: positions met, parent links, nodes played."""

    def __init__(self, g: Position, w: Weights, width: int, per_parent: int, root_key: int) -> None:
        self.g, self.w, self.width, self.per_parent = g, w, width, per_parent
        self.seen = {root_key}
        self.parents: list[tuple[int, RawAction]] = [(-1, DEAL)]  # the root's action is never read
        self.nodes = 0

    def select(self, layer: list[Entry], level: list[Candidate]) -> list[Entry]:
        """Play ``level``'s candidates best first until ``width`` new children are found (or
        none is left), at most ``per_parent`` from one parent. They are played in batches of as
        many as are still wanted, each batch grouped by parent so a parent's position is restored
        once per batch. (Most candidates are never played; docs/SOLVER-NOTES.md has a heap tried
        instead of the sort.)"""
        level.sort()
        kept: list[Entry] = []
        given: dict[int, int] = {}  # children kept so far, by parent index
        taken = 0
        while len(kept) < self.width and taken < len(level):
            wanted = self.width - len(kept)
            batch = sorted(level[taken : taken + wanted], key=lambda candidate: candidate[2])
            taken += wanted
            self._play(layer, batch, kept, given)
        return kept

    def _play(
        self,
        layer: list[Entry],
        batch: list[Candidate],
        kept: list[Entry],
        given: dict[int, int],
    ) -> None:
        g, seen, parents = self.g, self.seen, self.parents
        parent = -1
        cap = self.per_parent
        for child_cost, _, index, action in batch:
            if given.get(index, 0) >= cap:
                continue
            if index != parent:
                g.restore(layer[index][1])
                parent = index
            if action is DEAL:
                g.deal()
                if child_cost == MAY_COMPLETE:
                    child_cost = position_cost(g, self.w)
            else:
                s, d, k = action  # unpacked: a starred call is a generic call in compiled code
                g.move(s, d, k)
            self.nodes += 1
            if g.won:
                raise _Won(self._line(layer[index][2], action))
            if action is DEAL:  # every column changed
                snap = g.snapshot()
                hashes = column_hashes(snap[2], snap[3])
            else:
                snap, hashes = _moved(g, layer[index], s, d)
            key = snapshot_key(snap[0], hashes, g.deals_left == 0)
            if key not in seen:
                seen.add(key)
                parents.append((layer[index][2], action))
                kept.append((child_cost, snap, len(parents) - 1, hashes))
                given[index] = given.get(index, 0) + 1
            g.undo()

    def _line(self, node: int, last: RawAction) -> Line:
        line = [last]
        parents = self.parents
        while node:
            node, action = parents[node]
            line.append(action)
        return line[::-1]


def _moved(g: Position, parent: Entry, s: int, d: int) -> tuple[Snapshot, tuple[int, ...]]:
    """``g.snapshot()`` and its columns' hashes after a move from ``s`` to ``d`` played from
    ``parent``: only those two columns changed (a flip or a completed sequence stays in them),
    so the others' tuples and hashes are the parent's."""
    _, snap, _, parent_hashes = parent
    cols, hashes, down = list(snap[2]), list(parent_hashes), g.down
    col = tuple(g.cols[s])
    cols[s], hashes[s] = col, column_hash(col, down[s])
    col = tuple(g.cols[d])
    cols[d], hashes[d] = col, column_hash(col, down[d])
    return (g.deals_done, tuple(g.removed_suits), tuple(cols), tuple(down), tuple(g.run)), tuple(hashes)
