"""Action latency of the web app under concurrent simulated players (loopback only, bounded).

    python bench/server.py [--players 50] [--actions 40] [--seconds 60] [--think 0.25]

Starts `spider serve` on a free port with a temporary SQLite file, lets each player start a
Spider 4-suit game and play random legal actions (from the view's groups, deals and undos) with a
random pause before each, and
prints p50/p99 latency and actions/s, beside the same figures for the trivial /api/health route.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from serving import spider_serve


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def player(base: str, seed: int, actions: int, deadline: float, latencies: list[float], think: float) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        view = (await client.post("/api/games", json={"game": "spider", "suits": 4})).json()
        for _ in range(actions):
            await asyncio.sleep(rng.uniform(0, 2 * think))  # a person looks at the table first
            if time.monotonic() > deadline:
                return
            moves = [f"{g['column']}>{t}:{g['count']}" for g in view["groups"] for t in g["targets"]]
            choices = moves + ["deal"] * view["can_deal"] + ["undo"] * view["can_undo"]
            if not choices:
                return
            body = {"action": rng.choice(choices), "version": view["version"]}
            start = time.perf_counter()
            response = await client.post(f"/api/games/{view['id']}/actions", json=body)
            latencies.append(time.perf_counter() - start)
            if response.status_code != 200:
                raise SystemExit(f"unexpected {response.status_code}: {response.text}")
            view = response.json()


async def trivial(base: str, seed: int, count: int, deadline: float, latencies: list[float], think: float) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        for _ in range(count):
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if time.monotonic() > deadline:
                return
            start = time.perf_counter()
            await client.get("/api/health")
            latencies.append(time.perf_counter() - start)


def report(name: str, latencies: list[float], seconds: float) -> None:
    ms = [x * 1000 for x in latencies]
    print(
        f"{name:<18} {len(ms):>6} requests  p50 {statistics.median(ms):6.2f} ms  p99 {percentile(ms, 99):6.2f} ms"
        f"  {len(ms) / seconds:8.0f} req/s"
    )


async def run(base: str, players: int, actions: int, seconds: float, think: float) -> None:
    for name, make in (
        ("actions", lambda lat, end: [player(base, i, actions, end, lat, think) for i in range(players)]),
        ("/api/health", lambda lat, end: [trivial(base, i, actions, end, lat, think) for i in range(players)]),
    ):
        latencies: list[float] = []
        start = time.monotonic()
        await asyncio.gather(*make(latencies, start + seconds))
        report(name, latencies, time.monotonic() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--actions", type=int, default=40, help="actions per player")
    parser.add_argument("--seconds", type=float, default=60, help="time limit of each phase")
    parser.add_argument("--think", type=float, default=0.25, help="mean pause of a player between actions (s)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, spider_serve(str(Path(tmp) / "b.sqlite3")) as (_server, base):
        print(
            f"{args.players} concurrent players, {args.actions} actions each, mean think time {args.think} s,"
            f" server {base} (SQLite)"
        )
        asyncio.run(run(base, args.players, args.actions, args.seconds, args.think))


if __name__ == "__main__":
    main()
