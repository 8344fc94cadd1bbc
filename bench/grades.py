"""The winnable deals' grades, level by level: how the measuring player (the quick hints, once per
tie-break seed: spider/solver/grading.py) fares on deals the solver proved winnable, per grade.

    nice -n 10 python bench/grades.py --deals 8                        # every level, the code's cut points
    nice -n 10 python bench/grades.py --calibrate --deals 16 --out /tmp/rated.jsonl
    nice -n 10 python bench/grades.py --levels spider-4-classic --start SP1-S4C-AAAABAA

Each level takes consecutive deals from ``--start`` (default its ``…-AAAAQAA``), keeps the ones the
solver wins within ``--solve-seconds`` (those it does not are counted, not graded), and rates them.
Prints, per level and grade: the deals, the measuring player's wins of its games (with the 95%
Wilson interval), its mean sequences made and face-down cards turned up, the CPU seconds of the
slowest rating; then whether the grades are ordered (each grade's win rate and score at most the
one before). ``--calibrate`` grades by the sample's own quartiles and prints them as ``CUTS`` lines
for spider/solver/grading.py; ``--out`` appends every rated deal (code, winning line, score) as a
JSON line, which ``scripts/winnable --from`` turns into the pool's seed. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from spider.engine import Game, all_variants, format_code, parse_code, variant_of_level
from spider.solver import solve
from spider.solver.grading import CUTS, GRADES, Played, grade_of, measure, score
from spider.solver.study import wilson

Rated = tuple[str, list[str], list[Played], float]  # code, winning line, games, CPU seconds


def rate_level(level: str, start: int, deals: int, solve_seconds: float) -> tuple[list[Rated], int]:
    """``deals`` winnable deals of ``level`` from deal number ``start`` on, rated; and how many the
    solver did not win in time on the way."""
    v = variant_of_level(level)
    rated: list[Rated] = []
    skipped = 0
    number = start
    while len(rated) < deals:
        code = format_code(v, number)
        number += 1
        game = Game.from_code(code, profile="moves")
        result = solve(game, time_limit=solve_seconds)
        if result.result != "won":
            skipped += 1
            continue
        clock = time.thread_time()
        games = measure(game, seconds=float("inf"))
        rated.append((code, result.actions, games, time.thread_time() - clock))
        print(f"  {code}: score {score(games):.3f}", flush=True)
    return rated, skipped


def quartiles(scores: list[float]) -> tuple[float, float, float]:
    """The lowest scores of easy, medium and hard: the sample's upper quartile, median and lower quartile."""
    low, mid, high = statistics.quantiles(scores, n=4, method="inclusive")
    return round(high, 3), round(mid, 3), round(low, 3)


def report(level: str, rated: list[Rated], cuts: tuple[float, float, float], skipped: int) -> None:
    print(f"{level}: {len(rated)} winnable deals rated ({skipped} not proved in time), cut points {cuts}")
    rates: list[float] = []
    means: list[float] = []
    for grade in GRADES:
        mine = [r for r in rated if grade_of(level, score(r[2]), cuts) == grade]
        games = [g for r in mine for g in r[2]]
        wins = sum(g.won for g in games)
        low, high = wilson(wins, len(games))
        rate = wins / len(games) if games else float("nan")
        mean = statistics.fmean(score(r[2]) for r in mine) if mine else float("nan")
        if mine:
            rates.append(rate)
            means.append(mean)
        made = statistics.fmean(g.made for g in games) if games else 0.0
        uncovered = statistics.fmean(g.uncovered for g in games) if games else 0.0
        slowest = max((r[3] for r in mine), default=0.0)
        print(
            f"  {grade:7} {len(mine):3} deals  wins {wins:3}/{len(games):<3} {rate:6.1%} ({low:.0%}-{high:.0%})"
            f"  sets {made:4.1f}  uncovered {uncovered:4.1f}  score {mean:.3f}  slowest rating {slowest:.1f} s"
        )
    ordered = all(a >= b for a, b in zip(rates, rates[1:], strict=False)) and all(
        a > b for a, b in zip(means, means[1:], strict=False)
    )
    print(f"  ordered (win rate and score fall from easy to expert): {'yes' if ordered else 'NO'}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="*", default=[v.key for v in all_variants()])
    parser.add_argument("--deals", type=int, default=8, help="winnable deals rated per level")
    parser.add_argument("--start", help="the first deal's code (its level's own; default …-AAAAQAA)")
    parser.add_argument("--solve-seconds", type=float, default=10.0)
    parser.add_argument("--calibrate", action="store_true", help="grade by the sample's quartiles")
    parser.add_argument("--out", type=Path, help="append each rated deal here as a JSON line")
    args = parser.parse_args()
    for level in args.levels:
        v = variant_of_level(level)
        start = parse_code(args.start or format_code(v, 0)[:-7] + "AAAAQAA").deal
        rated, skipped = rate_level(level, start, args.deals, args.solve_seconds)
        if args.out:
            with args.out.open("a", encoding="utf-8") as out:
                for code, line, games, _ in rated:
                    out.write(json.dumps({"level": level, "code": code, "line": line, "score": score(games)}) + "\n")
        cuts = quartiles([score(r[2]) for r in rated]) if args.calibrate else CUTS[level]
        if args.calibrate:
            print(f'    "{level}": {cuts},')
        report(level, rated, cuts, skipped)


if __name__ == "__main__":
    main()
