"""Solver, autoplay and hint figures on the fixed deal ranges of bench/solver_deals.json.

    python bench/solver.py                        # everything, as committed (slow: hours)
    python bench/solver.py --deals 20 --workers 2 # the first 20 deals of each range
    python bench/solver.py --only spider-4 --mode play --deals 50
    python bench/solver.py --hints                # hint latency on 4-suit Spider positions only
    python bench/solver.py --deep-hints           # the deeper hint's (strong player's) CPU time there
    python bench/solver.py --tuning hint-progress --deals 40   # one tuning choice against its alternative
    PYTHONPATH=build/compiled/site python bench/solver.py --only spider-4 --deals 20  # the compiled build
                                                  # (docs/DEVELOPING.md builds it; tuning needs the sources)

Prints one table per range (the same table as ``spider study``) and the hint latency p50/p95; with
``--tuning``, the figures behind a tuning choice of the solver or the hints instead (docs/SOLVER-NOTES.md
records them, with the trials that have no entry here).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from spider.engine import DEAL, Game, Move, format_code, parse_code
from spider.solver import heuristics, hint_action, hints, public_key, search, strong, study

RANGES = Path(__file__).with_name("solver_deals.json")


def hint_latency(spec: dict, deals: int | None = None, deep: bool = False) -> dict[str, float]:
    """Time hints along games the quick hints play: the positions players meet, from the opening to
    the end. ``deep``: time the deeper hint (the strong player's action) at each of those positions,
    in CPU seconds (the limit it is built to), and still play the quick hint's. (Both are asked
    to make progress: the quick hint at every position, the strong player whatever the stall.)"""
    first = parse_code(spec["start"])
    times = []
    for i in range(deals or spec["deals"]):
        game = Game.from_code(format_code(first.variant, first.deal + i), profile="moves")
        seen = {public_key(game)}
        for _ in range(spec["positions_per_deal"]):
            if deep:
                t = time.process_time()
                strong.strong_choice(game.information_state(), seen, True)
                times.append(time.process_time() - t)
                action = hint_action(game, seen)
            else:
                t = time.perf_counter()
                action = hint_action(game, seen)
                times.append(time.perf_counter() - t)
            if action is None or game.won:
                break
            game.apply(action if action is DEAL else Move(*action))
            seen.add(public_key(game))
    times.sort()
    return {
        "positions": len(times),
        "p50_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[max(0, int(0.95 * len(times)) - 1)],
        "max_ms": 1000 * times[-1],
    }


def _strong_sizes(suits: int, **changes: Any) -> tuple[Any, str, Any]:
    """A tuning setting: the strong player's ``Sizes`` for one level, with ``changes``."""
    return strong, "SIZES", {**strong.SIZES, suits: strong.SIZES[suits]._replace(**changes)}


_OLD_V1 = heuristics.Weights(20, 8, 4, 20, 60, 2)  # a beam variant on Spiderette until spiderette-wider-beams
# The 4-suit strong player's sizes before strong.FOUR_SUITS: 16 samples, its choice solved from the
# last deal with at most 10 cards face down (docs/SOLVER-NOTES.md)
_SOLVING_FOUR = strong.Sizes(
    samples=16,
    candidates=10,
    budget=24000,
    width=4,
    depth=20,
    sooner=True,
    solve_nodes=3000,
    solve_budget=80_000,
    solve_deals=1,
    solve_down=10,
    solve_samples=8,
)

# Each tuning choice: (what it decides, mode, range, the alternative it is measured against as
# (module, name, value) settings). The deal ranges are the first deals of bench/solver_deals.json.
TUNINGS: dict[str, tuple[str, str, str, list[tuple[Any, str, Any]]]] = {
    "hint-one-suit": (
        "1-suit hints: weights of their own vs the 2- and 4-suit ones",
        "play",
        "spider-1",
        [(hints, "HINT_ONE_SUIT", hints.HINT._replace(hidden=0))],
    ),
    "hint-hidden": (
        "2- and 4-suit hints: +10 for each column with face-down cards vs nothing",
        "play",
        "spider-2",
        [(hints, "HINT", hints.HINT._replace(hidden=0))],
    ),
    "hint-deep": ("hints: the deeper look before dealing vs none", "play", "spider-4", [(hints, "DEEP_DEPTH", 0)]),
    "hint-progress": (
        "hints: the search for the next card to turn up vs none",
        "play",
        "spider-2",
        [(hints, "PROGRESS_BUDGET", 0)],
    ),
    "solver-one-suit": (
        "1-suit solver: weights of its own vs the 2- and 4-suit ones",
        "solve",
        "spider-1",
        [(heuristics, "SOLVER_ONE_SUIT", heuristics.SOLVER)],
    ),
    "beam-from": (
        "2-suit solver: the depth beam from round 3 vs from round 0",
        "solve",
        "spider-2",
        [(search, "BEAM_FROM", 0)],
    ),
    "beam-variants": (
        "4-suit Spiderette solver: the beam's weights taking turns vs the level's own only",
        "solve",
        "spiderette-4",
        [(search, "BEAM_VARIANTS", {})],
    ),
    "beam-variants-spider": (
        "4-suit Spider solver: the beam's own weights only vs taking turns with the variants",
        "solve",
        "spider-4",
        [(search, "BEAM_VARIANTS", {"spider": search.BEAM_VARIANTS["spiderette"]})],
    ),
    "beam-per-parent": (
        "4-suit solver: at most 2 children of one parent in a beam layer vs 3",
        "solve",
        "spider-4",
        [(search, "BEAM_PER_PARENT", {**search.BEAM_PER_PARENT, ("spider", 4): 3})],
    ),
    "beam-growth": (
        "4-suit solver: beam widths growing by a quarter each round vs by a half",
        "solve",
        "spider-4",
        [(search, "BEAM_FOUR_SUITS", {**search.BEAM_FOUR_SUITS, "spider": (20.0, 1.5, 0)})],
    ),
    "spiderette-beam-growth": (
        "4-suit Spiderette solver: beam widths growing by a quarter each round vs doubling, uncapped",
        "solve",
        "spiderette-4",
        [
            (search, "BEAM_FOUR_SUITS", {**search.BEAM_FOUR_SUITS, "spiderette": (20.0, 2.0, 0)}),
            (search, "MAX_WIDTH", {**search.MAX_WIDTH, "spiderette": float(1 << 20)}),
        ],
    ),
    "spiderette-wider-beams": (
        "4-suit Spiderette: beams growing by 1.5 to 4,000, weight variants every other round vs 1.25, 400, 1 in 5",
        "solve",
        "spiderette-4",
        [
            (search, "BEAM_FOUR_SUITS", {**search.BEAM_FOUR_SUITS, "spiderette": (20.0, 1.25, 0)}),
            (search, "MAX_WIDTH", {**search.MAX_WIDTH, "spiderette": 400.0}),
            (search, "BEAM_VARIANTS", {"spiderette": (None, None, _OLD_V1, None, search._V2)}),
        ],
    ),
    "bounded-passes": (
        "4-suit solver: the beam and the unbounded pass alone vs the bounded passes too",
        "solve",
        "spider-4",
        [(search, "bounded_slacks", lambda v: (0, 1, 2, 3, 5))],
    ),
    "beam-leads": (
        "2-suit Spiderette solver: the beam first and no bounded passes vs the beam from round 3 after them",
        "solve",
        "spiderette-2",
        [(search, "BEAM_LEADS", {("spider", 4), ("spiderette", 4)})],
    ),
    "strong-solving": (
        "1-suit strong player: the solver checks its choice once the stock is empty vs the look-ahead alone",
        "play strong",
        "spider-1",
        [_strong_sizes(1, solve_nodes=0)],
    ),
    "hint-suit-12": (
        "4-suit strong player: a suit change in its look-ahead's (and the hints') cost 8 vs 12",
        "play strong",
        "spider-4",
        [(hints, "HINT", hints.HINT._replace(suit=12))],
    ),
    "samples-4": (
        "4-suit strong player: 32 samples, the look-ahead alone vs 16, its choice solved from 10 cards down",
        "play strong",
        "spider-4",
        [(strong, "SIZES", {**strong.SIZES, 4: _SOLVING_FOUR})],
    ),
    "endgame-solving-4": (
        "4-suit strong player, 32 samples: the look-ahead alone vs the solver checking it from 10 cards down",
        "play strong",
        "spider-4",
        [(strong, "SIZES", {**strong.SIZES, 4: _SOLVING_FOUR._replace(samples=32, budget=48000)})],
    ),
    # (the 16-sample player's endgame trials in docs/SOLVER-NOTES.md are samples-4's alternative
    # with solve_down=16 and strong.GIVE_UP 100, or solve_budget=60_000)
    "way-out": (
        "1-suit strong player: stalled play also checks the first move of a shortest line to progress vs not",
        "play strong",
        "spider-1",
        [(strong, "WAY_OUT_BUDGET", 0)],
    ),
    "sooner-ties": (
        "4-suit strong player: where summed costs tie, the action reaching them sooner vs the first in order",
        "play strong",
        "spider-4",
        [_strong_sizes(4, sooner=False)],
    ),
    "complete-share": (
        "Spiderette solver: 3 times the budget for the unbounded pass vs the same",
        "solve",
        "spiderette-1",
        [(search, "COMPLETE_SHARE", {})],
    ),
}


@contextmanager
def settings(changes: list[tuple[Any, str, Any]]) -> Iterator[None]:
    """The solver with some module settings changed (in this process: the study runs here)."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in changes]
    try:
        for module, name, value in changes:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def tuning(name: str, spec: dict, deals: int | None, time_limit: float | None) -> None:
    what, mode_and_player, level, alternative = TUNINGS[name]
    mode, _, player = mode_and_player.partition(" ")  # "play strong": the strong player
    r = next(r for r in spec["ranges"] if f"{r['game']}-{r['suits']}" == level)
    deals = deals or r["deals"]
    limit = time_limit or spec["time_limits"][r["game"]]
    print(f"== {name}: {what} ({mode}, {deals} deals from {r['start']})", flush=True)
    for label, changes in (("as committed", []), ("alternative", alternative)):
        with settings(changes):
            report = study(r["game"], r["suits"], deals, r["start"], mode, limit, workers=1, player=player or "quick")
        s = report.summary()
        figures = f"won {s['won']}/{deals}, median {s['median_seconds']:.3f} s"
        if mode == "play":
            removed = sum(int(x["removed"]) for x in report.results) / deals
            figures += f", {removed:.2f} sequences removed a game"
        else:
            figures += f", lost {s['lost']}, unknown {s['unknown']}"
            figures += f", median {statistics.median(int(x['nodes']) for x in report.results):.0f} positions"
        print(f"{label:<14}{figures}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, help="deals per range (default: as committed)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--mode", choices=["solve", "play"], default="solve")
    parser.add_argument("--only", action="append", help="game-suits, e.g. spider-4 (repeatable)")
    parser.add_argument("--time-limit", type=float, help="override the committed per-game limits")
    parser.add_argument("--hints", action="store_true", help="only the hint latency")
    parser.add_argument("--deep-hints", action="store_true", help="only the deeper hint's CPU time, same positions")
    parser.add_argument("--tuning", choices=[*TUNINGS, "all"], help="a tuning choice against its alternative")
    args = parser.parse_args(argv)
    spec = json.loads(RANGES.read_text())
    if args.tuning:
        for name in TUNINGS if args.tuning == "all" else [args.tuning]:
            tuning(name, spec, args.deals, args.time_limit)
        return 0
    if args.deep_hints:
        h = hint_latency(spec["hint_positions"], args.deals and min(args.deals, 10), deep=True)
        print("== deeper hint, CPU time, 4-suit Spider:", json.dumps({k: round(v, 1) for k, v in h.items()}))
        return 0
    if not args.hints:
        for r in spec["ranges"]:
            name = f"{r['game']}-{r['suits']}"
            if args.only and name not in args.only:
                continue
            limit = args.time_limit or spec["time_limits"][r["game"]]
            report = study(r["game"], r["suits"], args.deals or r["deals"], r["start"], args.mode, limit, args.workers)
            print(f"== {name} ({args.mode})")
            print(report.table(), flush=True)
            print(json.dumps({k: v for k, v in report.summary().items() if k != "proved_lost"}), flush=True)
    h = hint_latency(spec["hint_positions"], args.deals and min(args.deals, 10))  # whole autoplayed games
    print("== hint latency, 4-suit Spider:", json.dumps({k: round(v, 1) for k, v in h.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
