"""Solver, autoplay and hint figures on the fixed deal ranges of bench/solver_deals.json.

    python bench/solver.py                        # everything, as committed (slow: hours)
    python bench/solver.py --deals 20 --workers 2 # the first 20 deals of each range
    python bench/solver.py --only spider-4 --mode play --deals 50
    python bench/solver.py --hints                # hint latency on 4-suit Spider positions only

Prints one table per range (the same table as ``spider study``) and the hint latency p50/p95.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from spider.engine import DEAL, new_session
from spider.engine.codes import format_code, parse_code
from spider.solver import hint_action, public_key, study

RANGES = Path(__file__).with_name("solver_deals.json")


def hint_latency(spec: dict, deals: int | None = None) -> dict[str, float]:
    """Time hints along autoplayed games: the positions players meet, from the opening to the end."""
    first = parse_code(spec["start"])
    times = []
    for i in range(deals or spec["deals"]):
        game = new_session(format_code(first.variant, first.deal + i), profile_name="moves").game
        seen = {public_key(game)}
        for _ in range(spec["positions_per_deal"]):
            t = time.perf_counter()
            action = hint_action(game, seen)
            times.append(time.perf_counter() - t)
            if action is None or game.won:
                break
            if action == DEAL:
                game.deal()
            else:
                game.move(*action)
            seen.add(public_key(game))
    times.sort()
    return {
        "positions": len(times),
        "p50_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[max(0, int(0.95 * len(times)) - 1)],
        "max_ms": 1000 * times[-1],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, help="deals per range (default: as committed)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--mode", choices=["solve", "play"], default="solve")
    parser.add_argument("--only", action="append", help="game-suits, e.g. spider-4 (repeatable)")
    parser.add_argument("--time-limit", type=float, help="override the committed per-game limits")
    parser.add_argument("--hints", action="store_true", help="only the hint latency")
    args = parser.parse_args(argv)
    spec = json.loads(RANGES.read_text())
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
