"""The full-information solver: restarted depth-first passes with a transposition table, and
seeded runs of a depth beam (``beam.py``) between them.

The search sees face-down cards and the stock. It plays through ``spider.engine.Position`` (its
``legal_moves``, ``move``, ``deal`` and ``undo``), so it follows the engine's rules exactly,
including "no deal while a column is empty".

Moves are ordered by the cost of the position they lead to (``heuristics.position_cost``: face-down
cards, breaks and suit changes in the face-up runs, empty columns, sequences removed), worked out
from the change each move makes; a deal comes after every move.

Passes. Most passes are *bounded* (none where the beam leads, ``BEAM_LEADS``): a
line is abandoned after ``slack`` moves in a row that don't improve on its best position ("tidy"
passes also skip moves that take a group off the card one rank higher unless it lands on its own
suit). Bounded passes with slacks 0, 1, 2, 3 and 5 and an
unbounded pass take turns with node budgets that grow by ``GROWTH`` each round; from the second
round the bounded passes break ties between equally good moves at random (seeded, so a solve is
reproducible), because the time a pass needs is heavy-tailed and fresh restarts beat long runs.
The unbounded pass is the exception: it carries on from where it stopped each round (its work is
what a proof is made of), with ``COMPLETE_SHARE`` times the budget on Spiderette.

Beam runs. Each round also makes one run of the depth beam per stock level (``beam.py``): a new
seed, a width growing each round (``beam_widths``: from 20 on 4 suits, from 10 otherwise, up to
``MAX_WIDTH``) and, on Spiderette, in turn one of ``BEAM_VARIANTS``' weightings. On 4 suits and
on 2-suit Spiderette it leads: it comes first in every round and wins most deals within seconds
where the passes needed minutes; on 1-suit games and 2-suit Spider the passes are quicker, so the
beam joins from round ``BEAM_FROM``. Beam runs are incomplete: they never prove a loss; only the
unbounded pass does.

Completeness: the unbounded pass tries every legal action of every position unless it is
*provably* useless, and skips a position only when an equivalent one has been searched already,
so when it runs out of positions the deal is proved lost. Its only pruning:

* once the stock is empty the columns are interchangeable, so the position key sorts them and only
  the first empty column is used as a target (the others lead to the same sorted position);
* moving a whole column into an empty column once the stock is empty changes nothing;
* a position where some card can provably never be removed (``reductions.buried_for_good``,
  tried once the stock is empty, on 2- and 4-suit Spiderette from the last deal) is a dead end
  (every pass skips it).

While the stock lasts, columns are *not* interchangeable (each deal puts a known card on each
column), so the key keeps their order.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from spider.engine import DEAL, Game, Position, RawAction, Variant, format_action, snapshot_key

from .beam import NO_CAP, depth_beam
from .heuristics import Weights, position_cost, weights_for
from .ordering import ordered_actions
from .reductions import buried_for_good, dead_end_deals

_CHECK_EVERY = 1024
_BIG = 1 << 30  # the slack of the unbounded pass: never runs out
FIRST_BUDGET = 500  # positions per pass in the first round
GROWTH = 1.2  # budgets grow by this factor each round
# The depth beam's widest, by game: on Spiderette a few hard 4-suit deals are won only by very wide
# beams, so its width keeps growing, faster on 4 suits (``BEAM_FOUR_SUITS``), with ``_V2`` every
# other round (spiderette-wider-beams; docs/SOLVER-NOTES.md, Spiderette).
MAX_WIDTH = {"spider": 400.0, "spiderette": 4000.0}
# The unbounded pass's budget, in bounded passes' budgets: Spiderette has 52 cards, so proofs are in
# reach there and deals that are lost are common; on Spider the unbounded pass rarely ends
# (complete-share).
COMPLETE_SHARE = {"spiderette": 3}
# Children one parent may give a beam layer of one stock level, by level (beam-per-parent): a
# layer of one position's children dies together, but a cap of 1 starves the beam. Spiderette's 7
# columns do better without a cap (docs/SOLVER-NOTES.md).
BEAM_PER_PARENT = {("spider", 1): 3, ("spider", 2): 3, ("spider", 4): 2}
BEAM_WIDTH, BEAM_FROM = 10.0, 3  # 1 and 2 suits: the passes alone are quicker at first (beam-from)
# 4 suits, by game: (first width, growth per round, first round). Many cheap runs with fresh seeds
# beat fewer wide ones, up to a point (beam-growth, spiderette-beam-growth); the Spiderette deals no
# beam wins need a proof the unbounded pass is far from (docs/SOLVER-NOTES.md, Spiderette).
BEAM_FOUR_SUITS = {"spider": (20.0, 1.25, 0), "spiderette": (20.0, 1.5, 0)}
# The levels where the beam leads: it runs first in every round and there are no bounded passes
# (beam-leads, and ``bounded_slacks``): there it finds the wins sooner than the passes.
BEAM_LEADS = {("spider", 4), ("spiderette", 4), ("spiderette", 2)}


@dataclass
class SolveResult:
    """``result`` is "won" (``actions`` win from the position given), "lost" (proved: the whole
    search space was exhausted) or "unknown" (a limit stopped the search)."""

    result: str
    actions: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # for "unknown": which limit stopped the search
    found_by: str = ""  # for "won": "beam", "bounded pass" or "complete pass" (for studies; not in as_dict)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "result": self.result,
            "actions": list(self.actions),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }
        if self.reason:
            out["reason"] = self.reason
        return out


def _memory_mb() -> float:
    """The resident memory of this process now (Linux), or its peak elsewhere."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return rss / 2**20 if sys.platform == "darwin" else rss / 1024


def beam_leads(v: Variant) -> bool:
    """Whether the beam leads on this level (``BEAM_LEADS``)."""
    return (v.game, v.suits) in BEAM_LEADS


def bounded_slacks(v: Variant) -> tuple[int, ...]:
    """The slacks of a level's bounded passes. Where the beam leads it finds the wins and the
    bounded passes only take their share of the time (bounded-passes; docs/SOLVER-NOTES.md)."""
    return () if beam_leads(v) else (0, 1, 2, 3, 5)


def beam_widths(v: Variant) -> tuple[float, float, int]:
    """The first width of the depth beam, its growth per round and the first round with a beam.
    Measured on the bench deals: on 4 suits short seeded beam runs win far more than the
    depth-first passes; on 1 and 2 suits the passes are quick and the beam only helps later."""
    return BEAM_FOUR_SUITS[v.game] if v.suits == 4 else (BEAM_WIDTH, 1.25, BEAM_FROM)


# On Spiderette the beam's weights take turns by round (None: the level's own): ``_V2`` wins hard
# 4-suit deals where the level's own weights die. On Spider the level's own serve every round
# (beam-variants, beam-variants-spider; docs/SOLVER-NOTES.md).
_V2 = Weights(30, 8, 6, 30, 60, 0)
BEAM_VARIANTS: dict[str, tuple[Weights | None, ...]] = {"spiderette": (None, _V2)}


def beam_weights(v: Variant, w: Weights, round_number: int) -> Weights:
    """The weights of a round's beam run: the level's own, or on Spiderette in turn the variants."""
    variants = BEAM_VARIANTS.get(v.game, (None,))
    return variants[round_number % len(variants)] or w


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector: the search makes millions of tuples and lists that form no
    cycles, and collecting them again and again took a good part of a solve's time
    (docs/SOLVER-NOTES.md, Speed and memory). It runs again afterwards, and was paused only in this
    process (solves run in worker processes)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@_no_cycle_collection()
def solve(
    game: Game | Position,
    time_limit: float = 60.0,
    node_limit: int | None = None,
    memory_limit_mb: float = 1024,
    slacks: tuple[int, ...] | None = None,
    beam: bool | None = None,
) -> SolveResult:
    """Decide whether ``game`` can still be won from its current position (seeing every card).

    ``actions`` of a win are in explicit notation (``F>T:N``, ``deal``) from the position given;
    for a fresh deal that is from the start, so ``spider replay`` accepts them as a record's
    actions. ``nodes`` counts positions visited over all passes.

    The search runs in rounds. Each round has depth-first passes: the first passes are bounded
    (a line of play is abandoned after ``slack`` actions in a row that do not improve on its
    best position so far; a deal starts afresh); they find most wins quickly but prove nothing.
    The last pass has no bound, so if it runs out of positions the deal is lost. Passes restart
    from the position given with node budgets growing each round, because how long a pass
    needs varies wildly. Each round also makes one run of the depth beam (``beam.py``,
    incomplete too) with a new seed and a wider beam: first in the round on 4 suits, after the
    passes otherwise (from round ``BEAM_FROM``). ``beam`` False leaves the beam out, True puts
    it first on every level. ``slacks`` are the bounded passes' (default: ``bounded_slacks``)."""
    start = time.perf_counter()
    g = game.search_copy()
    if g.won:
        return SolveResult("won", [], 0, time.perf_counter() - start)
    return _Solve(g, start, _Limits(start + time_limit, node_limit, memory_limit_mb), slacks, beam).run()


class _Solve:
    """One ``solve``'s rounds: its passes, its beam and what they have spent so far."""

    def __init__(
        self, g: Position, start: float, limits: _Limits, slacks: tuple[int, ...] | None, beam: bool | None
    ) -> None:
        self.g = g
        self.start = start
        self.limits = limits
        self.nodes = 0
        self.passes: list[int | None] = [*(bounded_slacks(g.variant) if slacks is None else slacks), None]
        self.budget = FIRST_BUDGET
        self.width, self.growth, self.beam_from = beam_widths(g.variant)
        self.beam_first = beam_leads(g.variant) if beam is None else beam
        if beam is False:
            self.width = 0.0
        self.w = weights_for(g.variant)
        self.complete = _Pass(g, None)  # the unbounded pass, resumed every round
        self.complete_share = COMPLETE_SHARE.get(g.variant.game, 1)
        self.per_parent = BEAM_PER_PARENT.get((g.variant.game, g.variant.suits), NO_CAP)
        self.rounds = 0

    def result(
        self, outcome: str, actions: list[str] | None = None, reason: str = "", found_by: str = ""
    ) -> SolveResult:
        return SolveResult(outcome, actions or [], self.nodes, time.perf_counter() - self.start, reason, found_by)

    def run(self) -> SolveResult:
        while self.passes:
            if self.width and self.beam_first:
                done = self.run_beam()
                if done:
                    return done
            done = self.run_passes()
            if done:
                return done
            if self.width and not self.beam_first and self.rounds >= self.beam_from:
                done = self.run_beam()
                if done:
                    return done
            reason = self.limits.reached_now(self.nodes)
            if reason:
                return self.result("unknown", reason=reason)
            self.budget = int(self.budget * GROWTH)
            self.width = min(MAX_WIDTH[self.g.variant.game], self.width * self.growth)
            self.rounds += 1
        raise AssertionError("the unbounded pass always ends the search")

    def run_beam(self) -> SolveResult | None:
        base, limits = self.nodes, self.limits

        def stop(n: int) -> bool:
            return bool(limits.reached_now(base + n))

        g, rounds = self.g, self.rounds
        path, used = depth_beam(
            g, int(self.width), beam_weights(g.variant, self.w, rounds), rounds or None, stop, self.per_parent
        )
        self.nodes += used
        if path is not None:
            return self.result("won", [format_action(a) for a in path], found_by="beam")
        reason = limits.reached_now(self.nodes)
        return self.result("unknown", reason=reason) if reason else None

    def run_passes(self) -> SolveResult | None:
        """This round's depth-first passes, bounded ones first; a result if one ends the search."""
        for slack in list(self.passes):
            if slack is None:
                dfs, share = self.complete, self.complete_share
            else:
                seeded = random.Random(self.rounds * 1000 + slack) if self.rounds else None
                dfs, share = _Pass(self.g, slack, seeded), 1
            self.limits.pass_limit = self.nodes + self.budget * share
            outcome, path, self.nodes = dfs.run(self.limits, self.nodes)
            if outcome == "won":
                found_by = "complete pass" if slack is None else "bounded pass"
                return self.result("won", [format_action(a) for a in path], found_by=found_by)
            if outcome == "exhausted":
                if slack is None:
                    return self.result("lost")
                self.passes.remove(slack)
            elif outcome != "pass limit":
                return self.result("unknown", reason=outcome)
        return None


@dataclass
class _Limits:
    deadline: float
    node_limit: int | None
    memory_limit_mb: float
    pass_limit: int = 0
    memory_read_at: int = -_CHECK_EVERY  # the positions visited when memory was last read

    def reached(self, nodes: int) -> str:
        if nodes >= self.pass_limit:
            return "pass limit"
        if self.node_limit is not None and nodes >= self.node_limit:
            return "node limit"
        if nodes % _CHECK_EVERY == 0:
            if time.perf_counter() >= self.deadline:
                return "time limit"
            if _memory_mb() >= self.memory_limit_mb:
                return "memory limit"
        return ""

    def reached_now(self, nodes: int) -> str:
        """Like ``reached`` but checks the clock whatever ``nodes`` is, and memory unless it was
        read within the last ``_CHECK_EVERY`` positions: a few thousand positions add little to
        it, and the strong player's small solves asked often enough for the reads to show in a
        profile."""
        if self.node_limit is not None and nodes >= self.node_limit:
            return "node limit"
        if time.perf_counter() >= self.deadline:
            return "time limit"
        if nodes - self.memory_read_at >= _CHECK_EVERY:
            self.memory_read_at = nodes
            if _memory_mb() >= self.memory_limit_mb:
                return "memory limit"
        return ""


class _Pass:
    """One depth-first pass. ``run`` searches until a win, the end of the search space or a
    limit; after a limit, ``g`` is back at its start and a later ``run`` carries on where this
    one stopped (the unbounded pass keeps its work across rounds instead of starting again).

    The unbounded pass's line grows very deep, and its frames, not the table of positions met,
    are most of its memory (docs/SOLVER-NOTES.md, Speed and memory)."""

    def __init__(self, g: Position, slack: int | None, rng: random.Random | None = None) -> None:
        self.g, self.slack, self.bounded = g, slack, slack is not None
        self.w = weights_for(g.variant)
        self.seen: dict[int, int] = {g.position_key(): _BIG}
        cost = position_cost(g, self.w)
        # a frame: [children, next index, best cost on the line, slack left, the columns' hashes]
        self.stack: list[list[Any]] = [
            [ordered_actions(g, cost, self.bounded, rng, self.w), 0, cost, slack if self.bounded else _BIG, g.hashes()]
        ]
        self.path: list[RawAction] = []
        self.rng = rng

    def run(self, limits: _Limits, nodes: int) -> tuple[str, list[RawAction], int]:
        g, w, seen, stack, path, rng = self.g, self.w, self.seen, self.stack, self.path, self.rng
        bounded, slack = self.bounded, self.slack
        dead_end = dead_end_deals(g.variant)
        for step in path:  # back to where the last run stopped
            g.play(step)
        while stack:
            frame = stack[-1]
            children, i, best, left, hashes = frame
            if i >= len(children):
                stack.pop()
                if path:
                    path.pop()
                    g.undo()
                continue
            frame[1] = i + 1
            child_cost, _, action = children[i]
            if action is DEAL:
                child_best, child_left = -1, left
            elif child_cost < best:
                child_best, child_left = child_cost, slack if bounded else _BIG
            else:
                child_best, child_left = best, left - 1 if bounded else left
                if child_left < 0:
                    continue
            # direct calls, not bound methods kept in locals or a starred call: the compiled
            # build makes those generic calls
            if action is DEAL:
                g.deal()
                child_best = child_cost = position_cost(g, w)
                child_hashes = g.hashes()
            else:
                s, d, k = action
                g.move(s, d, k)
                child_hashes = g.hashes_after_move(hashes, s, d)  # two columns, not all
            nodes += 1
            if g.won:
                path.append(action)
                return "won", path, nodes
            key = snapshot_key(g.deals_done, child_hashes, g.deals_left == 0)  # = g.position_key()
            if seen.get(key, -1) >= child_left:
                g.undo()
                continue
            seen[key] = child_left
            if g.deals_left <= dead_end and buried_for_good(g):
                g.undo()  # lost whatever follows (reductions.py)
                continue
            path.append(action)
            stack.append([ordered_actions(g, child_cost, bounded, rng, w), 0, child_best, child_left, child_hashes])
            reason = limits.reached(nodes)
            if reason:
                for _ in path:
                    g.undo()
                return reason, [], nodes
        return "exhausted", [], nodes
