"""Engine benchmark: prints figures, asserts nothing (``python bench/engine.py [--quick]``).

For each variant, over seeded random legal playouts of many deals:

* apply+undo pairs per second, with the unchecked ``Position.move`` / ``Position.deal`` and
  ``Position.undo`` (every legal action of each sampled position, applied and taken back);
* legal-move generations per second (``Position.legal_moves()``, the full list) on mid-game positions;
* the time to replay a 300-action record from JSON (``Game.from_record``), parsing and checking included.

Targets on one core (4-suit Spider, mid-game): ≥ 200,000 pairs/s, ≥ 40,000 generations/s, and a
300-action replay under 5 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

# This tree's sources, unless PYTHONPATH names what to measure (PYTHONPATH=build/compiled/site: the
# compiled build, which the tree's sources would otherwise hide)
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spider.engine import DEAL, DEAL_LIMIT, Game, Position, format_action, format_code, variant  # noqa: E402

LEVELS = [("spider", 1), ("spider", 2), ("spider", 4), ("spiderette", 1), ("spiderette", 2), ("spiderette", 4)]


def playout_positions(game_name: str, suits: int, deals: int, seed: int) -> list[Position]:
    """Mid-game positions: for each of ``deals`` seeded deals, play random legal actions (deals
    only when nothing else is possible or by a small chance) and keep clones after 20, 35 and 50."""
    rng = random.Random(seed)
    v = variant(game_name, suits)
    positions = []
    for _ in range(deals):
        g = Game.from_code(format_code(v, rng.randrange(DEAL_LIMIT))).position()
        for step in range(1, 51):
            actions = g.legal_moves()
            moves = [a for a in actions if a is not DEAL]
            if not actions:
                break
            if DEAL in actions and (not moves or rng.random() < 0.08):
                g.deal()
            else:
                g.move(*rng.choice(moves))
            if g.won:
                break
            if step in (20, 35, 50):
                positions.append(g.clone())
    return positions


def best_of(repeats: int, fn) -> float:
    """The fastest of ``repeats`` runs, in seconds (the least disturbed by other processes)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def chunked_best(items: list, repeats: int, fn) -> float:
    """Seconds for ``fn`` over all ``items``, timed in small chunks and taking each chunk's best
    of ``repeats``: a busy machine then disturbs a few milliseconds, not the whole figure."""
    total = 0.0
    for i in range(0, len(items), 25):
        chunk = items[i : i + 25]
        total += best_of(repeats, lambda chunk=chunk: fn(chunk))
    return total


def bench_apply_undo(positions: list[Position], repeats: int) -> float:
    work = [(g, g.legal_moves()) for g in positions]
    pairs = sum(len(actions) for _, actions in work)

    def run(chunk) -> None:
        for g, actions in chunk:
            move, deal, undo = g.move, g.deal, g.undo
            for a in actions:
                if a is DEAL:
                    deal()
                else:
                    move(*a)
                undo()

    return pairs / chunked_best(work, repeats, run)


def bench_legal_moves(positions: list[Position], repeats: int) -> float:
    def run(chunk) -> None:
        for g in chunk:
            g.legal_moves()

    return len(positions) / chunked_best(positions, repeats, run)


def record_300(game_name: str, suits: int, seed: int) -> str:
    """A 300-action record (moves in both notations, deals and undos) from a seeded random game."""
    rng = random.Random(seed)
    v = variant(game_name, suits)
    while True:
        s = Game.from_code(format_code(v, rng.randrange(DEAL_LIMIT)))
        while len(s.actions) < 300 and not s.won:
            texts = [format_action(a) for a in s.legal_actions()]
            if s.can_undo and (not texts or rng.random() < 0.1):
                s.apply("undo")
            elif not texts:
                break
            else:
                text = rng.choice(texts)
                if text != "deal" and rng.random() < 0.5:
                    src, dst = text.split(":")[0].split(">")
                    implied = f"{src}>{dst}"
                    try:
                        if s.position().check_move(int(src) - 1, int(dst) - 1) == int(text.split(":")[1]):
                            text = implied
                    except Exception:  # noqa: BLE001 - the implied form may mean another count
                        pass
                s.apply(text)
        if len(s.actions) == 300:
            return json.dumps(s.record())


def bench_replay(record: str, runs: int) -> float:
    Game.from_record(record)  # warm up
    return best_of(runs, lambda: Game.from_record(record))


def build() -> str:
    """Which engine runs: the compiled build (mypyc extension modules) or pure Python, and from where."""
    path = Path(sys.modules[Position.__module__].__file__ or "")
    return f"{'compiled' if path.suffix != '.py' else 'pure Python'} ({path.parents[2]})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals and rounds (for CI)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    deals, repeats = (20, 3) if args.quick else (200, 7)

    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; seed {args.seed}; "
        f"{deals} deals per variant; {build()}"
    )
    print(
        f"{'variant':<14}{'positions':>10}{'actions/pos':>12}{'apply+undo/s':>15}{'legal_moves/s':>15}"
        f"{'replay 300 (ms)':>17}"
    )
    for game_name, suits in LEVELS:
        positions = playout_positions(game_name, suits, deals, args.seed + suits)
        per = sum(len(g.legal_moves()) for g in positions) / len(positions)
        pairs = bench_apply_undo(positions, repeats)
        gens = bench_legal_moves(positions, repeats)
        replay = bench_replay(record_300(game_name, suits, args.seed), 5 if args.quick else 30)
        print(
            f"{game_name + '-' + str(suits):<14}{len(positions):>10}{per:>12.1f}{pairs:>15,.0f}{gens:>15,.0f}"
            f"{replay * 1000:>17.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
