"""The full-information solver: restarted depth-first passes with a transposition table, and
seeded runs of a depth beam (``beam.py``) between them.

The search sees face-down cards and the stock. It plays through ``spider.engine.Game`` (its
``legal_moves``, ``move``, ``deal`` and ``undo``), so it follows the engine's rules exactly,
including "no deal while a column is empty".

Moves are ordered by the cost of the position they lead to (``heuristics.position_cost``: face-down
cards, breaks and suit changes in the face-up runs, empty columns, sequences removed), worked out
from the change each move makes; a deal comes after every move.

Passes. Most passes are *bounded*: a line is abandoned after ``slack`` moves in a row that don't
improve on its best position ("tidy" passes also skip moves that take a group off the card one rank
higher unless it lands on its own suit). Bounded passes with slacks 0, 1, 2, 3 and 5 and an
unbounded pass take turns with node budgets that grow by ``GROWTH`` each round; from the second
round the bounded passes break ties between equally good moves at random (seeded, so a solve is
reproducible), because the time a pass needs is heavy-tailed and fresh restarts beat long runs.
The unbounded pass is the exception: it carries on from where it stopped each round (its work is
what a proof is made of), with ``COMPLETE_SHARE`` times the budget on Spiderette.

Beam runs. Each round also makes one run of the depth beam per stock level (``beam.py``): a new
seed, a width growing by a quarter each round (from 20 on 4 suits, from 10 otherwise) and, in
turn, one of ``BEAM_VARIANTS``' weightings. On 4 suits it comes first in every round and wins
most deals within seconds where the passes needed minutes; on 1 and 2 suits the passes are
quicker, so the beam joins from round ``BEAM_FROM``. Beam runs are incomplete: they never prove
a loss; only the unbounded pass does.

Completeness: the unbounded pass tries every legal action of every position unless it is
*provably* useless, and skips a position only when an equivalent one has been searched already,
so when it runs out of positions the deal is proved lost. Its only pruning:

* once the stock is empty the columns are interchangeable, so the position key sorts them and only
  the first empty column is used as a target (the others lead to the same sorted position);
* moving a whole column into an empty column once the stock is empty changes nothing.

While the stock lasts, columns are *not* interchangeable (each deal puts a known card on each
column), so the key keeps their order.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import time
from dataclasses import dataclass, field

from spider.engine import DEAL, Game, Variant

from .common import action_text, apply, working_copy
from .heuristics import Weights, position_cost, weights_for

_CHECK_EVERY = 1024
_BIG = 1 << 30  # the slack of the unbounded pass: never runs out
FIRST_BUDGET = 500  # positions per pass in the first round
GROWTH = 1.2  # budgets grow by this factor each round
MAX_WIDTH = 400  # the depth beam's widest
# The unbounded pass's budget, in bounded passes' budgets: Spiderette has 52 cards, so proofs are in
# reach there and deals that are lost are common; on Spider the unbounded pass rarely ends.
COMPLETE_SHARE = {"spiderette": 3}
BEAM_WIDTH, BEAM_FROM = 10, 3  # 1 and 2 suits (2 suits: median 0.5 s with the beam from round 0, 0.14 s from 3)


@dataclass
class SolveResult:
    """``result`` is "won" (``actions`` win from the position given), "lost" (proved: the whole
    search space was exhausted) or "unknown" (a limit stopped the search)."""

    result: str
    actions: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # for "unknown": which limit stopped the search

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


def position_key(g: Game) -> int:
    """A hash of the position, equal for positions the search treats as the same."""
    if g.deals_left:
        return hash((g.deals_done, tuple(map(tuple, g.cols)), tuple(g.down)))
    return hash(tuple(sorted(zip(map(tuple, g.cols), g.down, strict=True))))


def useful_actions(g: Game, tidy: bool = False) -> list[tuple[int, int, int]]:
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
            if a != DEAL:
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
    return [a for a in actions if a == DEAL or cols[a[1]] or (a[1] == first_empty and a[2] < len(cols[a[0]]))]


def _pack(g: Game) -> bytes:
    rs = g.removed_suits
    parts = [bytes((g.deals_done, len(rs), *rs))]
    down, run = g.down, g.run
    for c, col in enumerate(g.cols):
        parts.append(bytes((down[c], run[c], len(col))))
        parts.append(bytes(col))
    return b"".join(parts)


def _unpack(g: Game, b: bytes) -> None:
    g.deals_done = b[0]
    n = b[1]
    g.removed_suits = list(b[2 : 2 + n])
    i = 2 + n
    cols, down, run = [], [], []
    for _ in range(len(g.cols)):
        down.append(b[i])
        run.append(b[i + 1])
        end = i + 3 + b[i + 2]
        cols.append(list(b[i + 3 : end]))
        i = end
    g.cols, g.down, g.run = cols, down, run
    g.history.clear()


def _encode(action: tuple[int, int, int]) -> int:
    return -1 if action == DEAL else (action[0] * 64 + action[1]) * 256 + action[2]


def _decode(code: int) -> tuple[int, int, int]:
    if code < 0:
        return DEAL
    return code // 256 // 64, code // 256 % 64, code % 256


def _memory_mb() -> float:
    """The resident memory of this process now (Linux), or its peak elsewhere."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return rss / 2**20 if sys.platform == "darwin" else rss / 1024


def _children(
    g: Game, cost: int, tidy: bool, rng: random.Random | None, w: Weights
) -> list[tuple[int, float, tuple[int, int, int]]]:
    """The useful actions of a position with the (estimated) cost of the position each leads to,
    best first. The estimate is ``position_cost`` worked out from the change the action makes,
    without playing it."""
    out = []
    cols, down, run = g.cols, g.down, g.run
    big_cost = 1 << 40
    W_DOWN, W_BREAK, W_SUIT, W_EMPTY, W_REMOVED = w[:5]  # noqa: N806  (the solver's hidden weight is 0)
    for n, action in enumerate(useful_actions(g, tidy)):
        if rng is not None:
            n = rng.random()  # ties broken at random (restarts explore differently)
        if action == DEAL:
            out.append((big_cost, n, action))  # a deal only when the moves are used up
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
        out.append((cost + delta, n, action))
    out.sort()
    return out


def beam_widths(v: Variant) -> tuple[int, float, int]:
    """The first width of the depth beam, its growth per round and the first round with a beam.
    Measured on the bench deals: on 4 suits short seeded beam runs win far more than the
    depth-first passes; on 1 and 2 suits the passes are quick and the beam only helps later."""
    return (20, 1.25, 0) if v.suits == 4 else (BEAM_WIDTH, 1.25, BEAM_FROM)


# The beam's weights take turns by round (None: the level's own). 4-suit deals SP1-S4C-AAAABAA+20 at
# 60 s: own weights only 19/20 won, median 3.3 s, 146 s over the wins; (None, V1, V2) 19/20, median
# 3.2 s, 113 s, but the first ten's median 6.0 s; this order 19/20, median 3.6 s, 116 s, first ten 3.3 s.
_V1, _V2 = Weights(20, 8, 4, 20, 60, 2), Weights(30, 8, 6, 30, 60, 0)
BEAM_VARIANTS: tuple[Weights | None, ...] = (None, None, _V1, None, _V2)


def beam_weights(w: Weights, round_number: int) -> Weights:
    """The weights of a round's beam run: the level's own, or in turn the variants."""
    return BEAM_VARIANTS[round_number % len(BEAM_VARIANTS)] or w


def solve(
    game: Game,
    time_limit: float = 60.0,
    node_limit: int | None = None,
    memory_limit_mb: float = 1024,
    slacks: tuple[int, ...] = (0, 1, 2, 3, 5),
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
    it first on every level."""
    start = time.perf_counter()
    g = working_copy(game)
    if g.won:
        return SolveResult("won", [], 0, time.perf_counter() - start)
    limits = _Limits(start + time_limit, node_limit, memory_limit_mb)
    nodes = 0
    passes: list[int | None] = [*slacks, None]
    budget = FIRST_BUDGET
    width, growth, beam_from = beam_widths(g.variant)
    beam_first = g.variant.suits == 4 if beam is None else beam
    if beam is False:
        width = 0
    w = weights_for(g.variant)
    complete = _Pass(g, None)  # the unbounded pass, resumed every round
    complete_share = COMPLETE_SHARE.get(g.variant.game, 1)
    rounds = 0

    def run_beam() -> SolveResult | None:
        nonlocal nodes

        def stop(n: int, base: int = nodes) -> bool:
            return bool(limits.reached_now(base + n))

        path, used = depth_beam(g, int(width), beam_weights(w, rounds), rounds or None, stop)
        nodes += used
        if path is not None:
            return SolveResult("won", [action_text(a) for a in path], nodes, time.perf_counter() - start)
        reason = limits.reached_now(nodes)
        if reason:
            return SolveResult("unknown", [], nodes, time.perf_counter() - start, reason)
        return None

    while passes:
        if width and beam_first:
            done = run_beam()
            if done:
                return done
        for slack in list(passes):
            if slack is None:
                dfs, share = complete, complete_share
            else:
                dfs, share = _Pass(g, slack, random.Random(rounds * 1000 + slack) if rounds else None), 1
            limits.pass_limit = nodes + budget * share
            outcome, path, nodes = dfs.run(limits, nodes)
            if outcome == "won":
                return SolveResult("won", [action_text(a) for a in path], nodes, time.perf_counter() - start)
            if outcome == "exhausted":
                if slack is None:
                    return SolveResult("lost", [], nodes, time.perf_counter() - start)
                passes.remove(slack)
            elif outcome != "pass limit":
                return SolveResult("unknown", [], nodes, time.perf_counter() - start, outcome)
        if width and not beam_first and rounds >= beam_from:
            done = run_beam()
            if done:
                return done
        reason = limits.reached_now(nodes)
        if reason:
            return SolveResult("unknown", [], nodes, time.perf_counter() - start, reason)
        budget = int(budget * GROWTH)
        width = min(MAX_WIDTH, width * growth)
        rounds += 1
    raise AssertionError("the unbounded pass always ends the search")


@dataclass
class _Limits:
    deadline: float
    node_limit: int | None
    memory_limit_mb: float
    pass_limit: int = 0

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
        """Like ``reached`` but checks the clock and memory whatever ``nodes`` is."""
        if self.node_limit is not None and nodes >= self.node_limit:
            return "node limit"
        if time.perf_counter() >= self.deadline:
            return "time limit"
        if _memory_mb() >= self.memory_limit_mb:
            return "memory limit"
        return ""


class _Pass:
    """One depth-first pass. ``run`` searches until a win, the end of the search space or a
    limit; after a limit, ``g`` is back at its start and a later ``run`` carries on where this
    one stopped (the unbounded pass keeps its work across rounds instead of starting again)."""

    def __init__(self, g: Game, slack: int | None, rng: random.Random | None = None) -> None:
        self.g, self.slack, self.bounded = g, slack, slack is not None
        self.w = weights_for(g.variant)
        self.seen: dict[int, int] = {position_key(g): _BIG}
        cost = position_cost(g, self.w)
        # a frame: [children, next index, best cost on the line, slack left]
        self.stack: list[list] = [
            [_children(g, cost, self.bounded, rng, self.w), 0, cost, slack if self.bounded else _BIG]
        ]
        self.path: list[tuple[int, int, int]] = []
        self.rng = rng

    def run(self, limits: _Limits, nodes: int) -> tuple[str, list, int]:
        g, w, seen, stack, path, rng = self.g, self.w, self.seen, self.stack, self.path, self.rng
        bounded, slack = self.bounded, self.slack
        move, deal, undo = g.move, g.deal, g.undo
        for action in path:  # back to where the last run stopped
            apply(g, action)
        while stack:
            frame = stack[-1]
            children, i, best, left = frame
            if i >= len(children):
                stack.pop()
                if path:
                    path.pop()
                    undo()
                continue
            frame[1] = i + 1
            child_cost, _, action = children[i]
            if action == DEAL:
                child_best, child_left = -1, left
            elif child_cost < best:
                child_best, child_left = child_cost, slack if bounded else _BIG
            else:
                child_best, child_left = best, left - 1 if bounded else left
                if child_left < 0:
                    continue
            if action == DEAL:
                deal()
                child_best = child_cost = position_cost(g, w)
            else:
                move(*action)
            nodes += 1
            if g.won:
                path.append(action)
                return "won", path, nodes
            key = position_key(g)
            if seen.get(key, -1) >= child_left:
                undo()
                continue
            seen[key] = child_left
            path.append(action)
            stack.append([_children(g, child_cost, bounded, rng, w), 0, child_best, child_left])
            reason = limits.reached(nodes)
            if reason:
                for _ in path:
                    undo()
                return reason, [], nodes
        return "exhausted", [], nodes


from .beam import depth_beam  # noqa: E402  (beam.py uses this module's helpers)
