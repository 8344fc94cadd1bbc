"""Finish's search: prints figures, asserts nothing (``python bench/finish.py [--random N]``).

For every shipped winnable deal (spider/jobs/winnable.json) of every level, and N random deals of
each level (seeded: the same ones every run) that the solver wins from the start within 20 s, the
winning line is played up to the first position with nothing hidden (no face-down card, an empty
stock), and the solver is asked, as Finish asks it (``jobs/tasks.py:finish_record``, 10 s), for a
line from there.
Per level: the deals, how many the solver won, lost or left unknown, the longest line it found and
the most positions and CPU seconds one search took. The job's limit, FINISH_SECONDS, bounds the
rare long one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spider.engine import DEAL_LIMIT, Game, format_code, variant_of_level  # noqa: E402
from spider.jobs.players import FINISH_SECONDS  # noqa: E402
from spider.jobs.top_up import SEED_FILE  # noqa: E402
from spider.solver import solve  # noqa: E402


def open_position(code: str, line: list[str]) -> Game | None:
    """The game after the line's actions up to the first position that hides nothing (None: won first)."""
    game = Game.from_code(code, profile="moves")
    for action in line:
        if not game.face_down and not game.stock_count:
            return game
        game.apply(action)
    return None


def random_deals(level: str, count: int) -> list[dict[str, Any]]:
    """``count`` seeded random deals of ``level`` with the solver's winning line (those it won)."""
    rng = random.Random(level)
    deals = []
    for _ in range(count):
        code = format_code(variant_of_level(level), rng.randrange(DEAL_LIMIT))
        answer = solve(Game.from_code(code, profile="moves"), time_limit=20.0)
        if answer.result == "won":
            deals.append({"code": code, "line": answer.actions})
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=0, help="random deals of each level besides the shipped ones")
    args = parser.parse_args()
    seeds = json.loads(SEED_FILE.read_text(encoding="utf-8"))
    print(f"{'level':<22}{'deals':>6}{'won':>5}{'lost':>5}{'unknown':>8}{'longest':>8}{'nodes':>8}{'cpu s':>7}")
    for level, deals in seeds.items():
        results: dict[str, int] = {"won": 0, "lost": 0, "unknown": 0}
        longest = nodes = 0
        cpu = 0.0
        for deal in deals + random_deals(level, args.random):
            game = open_position(deal["code"], deal["line"])
            if game is None:
                continue
            began = time.thread_time()
            answer = solve(game, time_limit=FINISH_SECONDS)
            cpu = max(cpu, time.thread_time() - began)
            results[answer.result] += 1
            longest = max(longest, len(answer.actions))
            nodes = max(nodes, answer.nodes)
        n = sum(results.values())
        print(
            f"{level:<22}{n:>6}{results['won']:>5}{results['lost']:>5}{results['unknown']:>8}"
            f"{longest:>8}{nodes:>8}{cpu:>7.2f}"
        )


if __name__ == "__main__":
    main()
