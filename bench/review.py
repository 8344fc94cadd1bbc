"""Game review figures (``spider review``; docs/FORMATS.md, Game review): on games the strong
no-peeking player (``spider study --mode play --player strong``) loses, how long a review takes,
how soon it gives its first answer, how often it finds the turning point, and its memory.

    python bench/review.py                                  # 20 lost games per level, 1, 2 and 4-suit Spider
    python bench/review.py --games 5 --suits 1 2 --time-limit 20
    python bench/review.py --player quick                   # games the quick hints lose (fast to play)
    python bench/review.py --records /tmp/lost.json         # keep the games played, reuse them next time
    PYTHONPATH=build/compiled/site python bench/review.py   # the compiled build (docs/DEVELOPING.md)

Lost games are the first ones of each level's range (bench/solver_deals.json) that the player
loses; playing them takes far longer than reviewing them (minutes a game for the strong player), so
``--records`` saves them. Each review runs alone in a fresh worker process (one at a time), so its
peak memory is its own. Prints, per level: the median and 90th-percentile review seconds, the
median seconds to the first answer (the deal's probe), the share of reviews that found the turning
point exactly (proved lost after it), that named one with no win found after it, or that left only
a range, and the largest peak memory; beside the targets. Nothing is asserted: the figures are
reported as they are.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import statistics
import sys
from pathlib import Path
from typing import Any

from spider.engine import Game, format_code, parse_code
from spider.solver import hints, strong
from spider.solver.review import TIME_LIMIT, Budget, review

RANGES = Path(__file__).with_name("solver_deals.json")
TARGET_MEDIAN, TARGET_P90 = 10.0, 20.0  # seconds, on every level
PLAYERS = {"strong": strong.strong_choice, "quick": hints.quick_choice}


def lost_record(code: str, player: str) -> dict[str, Any] | None:
    """The record of ``code`` played by ``player`` without peeking or undo, or None if it won."""
    game = Game.from_code(code, profile="moves")
    play = strong.strong_autoplay if player == "strong" else hints.autoplay
    won = play(game, choose=PLAYERS[player])
    return None if won else {"code": code, "actions": list(game.actions)}


def _lost_record_star(args: tuple[str, str]) -> dict[str, Any] | None:
    return lost_record(*args)


def lost_games(suits: int, count: int, player: str, most: int, workers: int) -> list[dict[str, Any]]:
    """The first ``count`` games of the level's range that ``player`` loses (of ``most`` deals at most)."""
    spec = json.loads(RANGES.read_text())
    r = next(r for r in spec["ranges"] if r["game"] == "spider" and r["suits"] == suits)
    first = parse_code(r["start"])
    codes = [format_code(first.variant, first.deal + i) for i in range(most)]
    found: list[dict[str, Any]] = []
    with multiprocessing.Pool(workers) as pool:
        for record in pool.imap(_lost_record_star, [(code, player) for code in codes]):
            if record is not None:
                found.append(record)
                print(f"  lost: {record['code']} ({len(record['actions'])} actions)", file=sys.stderr)
                if len(found) == count:
                    pool.terminate()
                    break
    return found


def timed_review(args: tuple[dict[str, Any], float]) -> dict[str, Any]:
    """One review in this worker process, with the process's peak memory (MiB) afterwards."""
    record, time_limit = args
    result = review(record, Budget(time_limit=time_limit))
    result["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-int(q * 100) * len(ordered) // 100) - 1))]


def summary(suits: int, results: list[dict[str, Any]]) -> str:
    n = len(results)
    seconds = [r["seconds"] for r in results]
    exact = sum(1 for r in results if r["turning_point"] and r["turning_point"]["after"] == "lost")
    named = sum(1 for r in results if r["turning_point"] and r["turning_point"]["after"] == "unknown")
    median, p90 = statistics.median(seconds), _percentile(seconds, 0.9)
    first = statistics.median(r["probes"][0]["seconds"] for r in results)
    probes = statistics.median(len(r["probes"]) for r in results)
    return (
        f"{suits} suit{'s' if suits > 1 else ''}: {n} games; median {median:.2f} s (target <= {TARGET_MEDIAN:g}),"
        f" p90 {p90:.2f} s (target <= {TARGET_P90:g}); first answer: median {first:.2f} s;"
        f" turning point proved {exact}/{n}, with no win found after it {named}/{n},"
        f" found in all {(exact + named) / n:.0%}; range only {n - exact - named}/{n};"
        f" median probes {probes:g}; peak memory {max(r['peak_mib'] for r in results):.0f} MiB (target <= 1024)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suits", type=int, nargs="+", choices=[1, 2, 4], default=[1, 2, 4])
    parser.add_argument("--games", type=int, default=20, help="lost games per level (default 20)")
    parser.add_argument("--player", choices=list(PLAYERS), default="strong", help="who plays the games")
    parser.add_argument("--most-deals", type=int, default=100, help="deals of a range to play at most per level")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games (reviews: always one)")
    parser.add_argument(
        "--time-limit", type=float, default=TIME_LIMIT, help=f"seconds per review at most (default {TIME_LIMIT:g})"
    )
    parser.add_argument("--records", type=Path, help="a JSON file of lost games: read if it exists, else written")
    args = parser.parse_args(argv)
    saved: dict[str, Any] = {}
    if args.records and args.records.exists():
        saved = json.loads(args.records.read_text())
    for suits in args.suits:
        key = f"spider-{suits}-{args.player}"
        # a level whose first --most-deals deals gave fewer lost games than asked for is not played again
        searched = saved.get(f"{key}:searched", 0)
        if len(saved.get(key, [])) < args.games and searched < args.most_deals:
            print(f"playing {suits}-suit Spider with the {args.player} player...", file=sys.stderr)
            saved[key] = lost_games(suits, args.games, args.player, args.most_deals, args.workers)
            saved[f"{key}:searched"] = args.most_deals if len(saved[key]) < args.games else 0
            if args.records:
                args.records.write_text(json.dumps(saved))
        records = saved[key][: args.games]
        if not records:
            print(f"{suits} suit(s): the {args.player} player lost none of {args.most_deals} deals")
            continue
        with multiprocessing.Pool(1, maxtasksperchild=1) as pool:
            results = pool.map(timed_review, [(record, args.time_limit) for record in records], chunksize=1)
        for record, result in zip(records, results, strict=True):
            turning = result["turning_point"]
            where = f"move {turning['index'] + 1} ({turning['after']})" if turning else f"range {result['range']}"
            probes = " ".join(f"{p['index']}:{p['result'][0]}{p['seconds']:.1f}" for p in result["probes"])
            print(
                f"  {record['code']}: {len(result['probes'])} probes, {result['seconds']:.2f} s, {where} [{probes}]",
                file=sys.stderr,
            )
        print(summary(suits, results), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
