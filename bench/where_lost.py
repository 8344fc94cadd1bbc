"""Where the strong player's lost games were lost: for each game of a range that the strong player
(``spider study --mode play --player strong``) loses, the full-information solver, peeking at every
card, tries to win from the position before each deal and from the last position.

    python bench/where_lost.py                       # 4-suit Spider, the 100 range deals, 5 s a solve
    python bench/where_lost.py --deals 20 --time-limit 2
    python bench/where_lost.py --look-ahead-alone    # the strong player without its endgame solving
    PYTHONPATH=build/compiled/site python bench/where_lost.py   # the compiled build (docs/DEVELOPING.md)

Prints, for each of those points, how many of the lost games the solver still won there, how many
it proved lost and how many it left undecided, with the median count of face-down cards. A point
where the solver still wins is one the player could have won from had it seen every card (an upper
bound: blind, it cannot); the drop from one deal to the next shows where play went wrong.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from spider.engine import DEAL, Game, Position, RawAction, format_code, parse_code
from spider.solver import hints, strong
from spider.solver.search import solve

RANGES = Path(__file__).with_name("solver_deals.json")
Check = tuple[str, int, str]  # (point, cards face down, "won" / "lost" / "unknown")


def checks(code: str, time_limit: float, player: hints.Chooser = strong.strong_choice) -> list[Check] | None:
    """Play ``code`` with ``player`` (the strong player's); None if it is won, else the solver's
    verdict on the positions before each deal and on the last one."""
    game = Game.from_code(code, profile="moves")
    before_deals: list[tuple[str, Position]] = []

    def choose(info: Position, seen: set[int], progressing: bool) -> RawAction | None:
        action = player(info, seen, progressing)
        if action is DEAL:  # the player sees only ``info``; the solver checks the game itself
            before_deals.append((f"before deal {info.deals_done + 1}", game.search_copy()))
        return action

    if strong.strong_autoplay(game, choose=choose):
        return None
    points = [*before_deals, ("end of the game", game.search_copy())]
    return [(label, sum(g.down), solve(g, time_limit=time_limit).result) for label, g in points]


def _checks_star(args: tuple[str, float]) -> list[Check] | None:
    return checks(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suits", type=int, choices=[1, 2, 4], default=4)
    parser.add_argument("--deals", type=int, help="deals of the range (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds the solver has for each position")
    parser.add_argument("--look-ahead-alone", action="store_true", help="the strong player without its endgame solving")
    args = parser.parse_args(argv)
    if args.look_ahead_alone:  # set before the pool forks its workers, which inherit it
        strong.SIZES = {**strong.SIZES, args.suits: strong.SIZES[args.suits]._replace(solve_nodes=0)}
    spec = json.loads(RANGES.read_text())
    r = next(r for r in spec["ranges"] if r["game"] == "spider" and r["suits"] == args.suits)
    first = parse_code(r["start"])
    codes = [format_code(first.variant, first.deal + i) for i in range(args.deals or r["deals"])]
    with multiprocessing.Pool(args.workers) as pool:
        games = pool.map(_checks_star, [(code, args.time_limit) for code in codes])
    lost = [g for g in games if g is not None]
    print(f"== {r['start']}: {len(codes) - len(lost)} won, {len(lost)} lost; the solver on the lost games")
    by_point: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for game_checks in lost:
        for label, down, result in game_checks:
            by_point[label].append((down, result))
    print(f"{'point':<18}{'games':>6}{'won':>6}{'lost':>6}{'unknown':>9}{'median down':>13}")
    for label in sorted(by_point, key=lambda label: (label.startswith("end"), label)):
        found = by_point[label]
        counts = {result: sum(1 for _, r in found if r == result) for result in ("won", "lost", "unknown")}
        down = statistics.median(d for d, _ in found)
        print(f"{label:<18}{len(found):>6}{counts['won']:>6}{counts['lost']:>6}{counts['unknown']:>9}{down:>13g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
