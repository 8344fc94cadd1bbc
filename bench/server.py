"""Action latency and throughput of `spider serve` with 1, 2 and 4 app workers under 50, 200 and
1,000 simulated players, beside the trivial /api/health route in the same run (loopback only).

    python bench/server.py [--workers 1 2 4] [--players 50 200 1000] [--seconds 15] [--think 0.25]
                           [--database postgresql://…]

For each number of workers a fresh `spider serve --workers N` (a temporary SQLite file, or the
PostgreSQL database named by --database) serves each number of players in turn: every player starts
a Spider 4-suit game (not timed), then plays random legal actions (from the view's groups, deals and
undos) with a random pause before each (mean --think seconds); then as many clients ask /api/health
at the same pace. It prints actions/s, p50 and p99 of each, and the ratio of the action's p99 to the
trivial route's: what an action costs beyond the HTTP round trip. The clients run in this one
process on the same machine as the server, so at the largest loads they compete with it for the CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from serving import spider_serve

TIMEOUT = 30.0  # seconds: a slow answer is measured, not dropped


@dataclass
class Phase:
    latencies: list[float] = field(default_factory=list)
    failures: Counter[str] = field(default_factory=Counter)  # what went wrong: a status or an exception
    seconds: float = 0.0

    @property
    def errors(self) -> int:
        return sum(self.failures.values())

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000 if ordered else float("nan")

    def line(self, name: str) -> str:
        rate = len(self.latencies) / self.seconds if self.seconds else 0.0
        p50 = statistics.median(self.latencies) * 1000 if self.latencies else float("nan")
        return (
            f"  {name:<12} {len(self.latencies):>6} answered {self.errors:>4} failed  {rate:7.0f}/s"
            f"  p50 {p50:7.2f} ms  p99 {self.percentile(99):8.2f} ms"
            + (f"  ({', '.join(f'{k}: {n}' for k, n in self.failures.most_common())})" if self.failures else "")
        )


def legal_actions(view: dict) -> list[str]:
    moves = [f"{g['column']}>{t}:{g['count']}" for g in view["groups"] for t in g["targets"]]
    return moves + ["deal"] * view["can_deal"] + ["undo"] * view["can_undo"]


async def player(client: httpx.AsyncClient, seed: int, deadline: float, think: float, phase: Phase) -> None:
    rng = random.Random(seed)
    view = (await client.post("/api/games", json={"game": "spider", "suits": 4})).json()
    while True:
        await asyncio.sleep(rng.uniform(0, 2 * think))  # a person looks at the table first
        if time.monotonic() > deadline:
            return
        choices = legal_actions(view)
        if not choices:
            return
        start = time.perf_counter()
        try:
            response = await client.post(
                f"/api/games/{view['id']}/actions", json={"action": rng.choice(choices), "version": view["version"]}
            )
        except httpx.HTTPError as err:
            phase.failures[type(err).__name__] += 1
            continue
        if response.status_code != 200:
            phase.failures[str(response.status_code)] += 1
            view = response.json().get("view", view)
            continue
        phase.latencies.append(time.perf_counter() - start)
        view = response.json()


async def trivial(client: httpx.AsyncClient, seed: int, deadline: float, think: float, phase: Phase) -> None:
    rng = random.Random(seed)
    while True:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        if time.monotonic() > deadline:
            return
        start = time.perf_counter()
        try:
            status = (await client.get("/api/health")).status_code
        except httpx.HTTPError as err:
            phase.failures[type(err).__name__] += 1
            continue
        if status == 200:
            phase.latencies.append(time.perf_counter() - start)
        else:
            phase.failures[str(status)] += 1


Client = Callable[[httpx.AsyncClient, int, float, float, Phase], Awaitable[None]]


async def run_phase(base: str, players: int, seconds: float, think: float, client_of: Client) -> Phase:
    phase = Phase()
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    clients = [httpx.AsyncClient(base_url=base, timeout=TIMEOUT, limits=limits) for _ in range(players)]
    try:
        start = time.monotonic()
        await asyncio.gather(*(client_of(c, i, start + seconds, think, phase) for i, c in enumerate(clients)))
        phase.seconds = time.monotonic() - start
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    return phase


async def measure(base: str, players: int, seconds: float, think: float) -> None:
    actions = await run_phase(base, players, seconds, think, player)
    health = await run_phase(base, players, seconds, think, trivial)
    ratio = actions.percentile(99) / health.percentile(99)
    print(f" {players} players:")
    print(actions.line("actions"))
    print(health.line("/api/health"))
    print(f"  p99 actions / p99 health: {ratio:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--seconds", type=float, default=15, help="length of each phase")
    parser.add_argument("--think", type=float, default=0.25, help="mean pause of a player between actions (s)")
    parser.add_argument("--database", help="a postgresql:// URL (default: a temporary SQLite file per run)")
    args = parser.parse_args()
    print(f"mean think time {args.think} s, {args.seconds:.0f} s per phase")
    for workers in args.workers:
        with tempfile.TemporaryDirectory() as tmp:
            database = args.database or str(Path(tmp) / "b.sqlite3")
            with spider_serve(database, workers) as (_server, base):
                kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
                print(f"{workers} worker(s), {kind}, {base}", flush=True)
                httpx.get(f"{base}/api/health", timeout=TIMEOUT)
                time.sleep(1 + workers)  # every worker up, not only the first
                for players in args.players:
                    asyncio.run(measure(base, players, args.seconds, args.think))


if __name__ == "__main__":
    main()
