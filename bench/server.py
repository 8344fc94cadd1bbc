"""Action latency and throughput of `spider serve` on SQLite and PostgreSQL with 1, 2 and 4 app
workers under 50, 200 and 1,000 simulated players, beside the trivial /api/health route asked by the
same clients in the same run (loopback only).

    python bench/server.py [--database sqlite postgresql] [--workers 1 2 4] [--players 50 200 1000]
                           [--seconds 15] [--think 2] [--clients http1|httpx]

For each store and number of workers a fresh `spider serve --workers N` runs on a fresh database (a
temporary SQLite file; a new PostgreSQL database ``bench_<pid>_<n>`` on SPIDER_TEST_POSTGRESQL's
server, dropped after). For each number of players, every player starts a Spider 4-suit game (not
timed), then for --seconds waits a random pause (mean --think seconds: a person looks at the table
before acting) and sends one request: a random legal action (from the view's groups, deals and
undos), or one time in five /api/health. Each player keeps one HTTP/1.1 keep-alive connection.

It prints, per (store, workers, players): actions/s (and the rate the players asked for), p50/p99 of
the actions and of /api/health, the ratio of the p99s (what an action costs beyond the HTTP round
trip on a machine this loaded), CPU ms per request of the server (its app processes; on PostgreSQL
its backends apart) and of the clients, PostgreSQL's slowest commit meanwhile (CommitProbe: the
disk's share of the tail), how busy the machine's CPUs were and its load average; last,
whether the target holds: p99 of actions at most 50 ms at 200 players with 2 and 4 workers, and more
actions/s with more workers where one worker fell behind the players. The clients run in this
process on the same machine, so they compete with the server for the CPU; --clients http1 (a small
client on asyncio streams, bench/http1.py) leaves it more of it than httpx does.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from http1 import Connection
from serving import fresh_postgresql, spider_serve

TIMEOUT = 30.0  # seconds: a slow answer is measured, not dropped
HEALTH_SHARE = 0.2  # of a player's requests, the trivial route's
STARTING = 50  # players starting their games at once (before the timed part)
TARGET_MS = 50.0
TARGET_PLAYERS = 200
# Answered below this share of what the players asked, the server is behind them (one that keeps up
# answers 90-95%: the pauses that would end after the phase are not waited for).
BEHIND = 0.85
TICK = os.sysconf("SC_CLK_TCK")
PROBE_EVERY = 0.05  # seconds between two commits of CommitProbe


class Answer(Protocol):
    @property
    def status_code(self) -> int: ...
    def json(self) -> Any: ...


class Client(Protocol):
    async def get(self, path: str) -> Answer: ...
    async def post(self, path: str, body: Any) -> Answer: ...
    async def close(self) -> None: ...


class Http1:
    def __init__(self, base: str) -> None:
        address = urlsplit(base)
        self._conn = Connection(address.hostname or "127.0.0.1", address.port or 80, TIMEOUT)

    async def get(self, path: str) -> Answer:
        return await self._conn.get(path)

    async def post(self, path: str, body: Any) -> Answer:
        return await self._conn.post(path, body)

    async def close(self) -> None:
        await self._conn.close()


class Httpx:
    def __init__(self, base: str) -> None:
        import httpx

        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
        self._client = httpx.AsyncClient(base_url=base, timeout=TIMEOUT, limits=limits)

    async def get(self, path: str) -> Answer:
        return await self._failing_as_oserror(self._client.get(path))

    async def post(self, path: str, body: Any) -> Answer:
        return await self._failing_as_oserror(self._client.post(path, json=body))

    async def close(self) -> None:
        await self._client.aclose()

    @staticmethod
    async def _failing_as_oserror(request: Awaitable[Answer]) -> Answer:
        import httpx

        try:
            return await request
        except httpx.HTTPError as err:  # counted as a failure by its name, like the other client's
            raise ConnectionError(type(err).__name__) from err


CLIENTS = {"http1": Http1, "httpx": Httpx}


@dataclass
class Timings:
    latencies: list[float] = field(default_factory=list)
    failures: Counter[str] = field(default_factory=Counter)  # what went wrong: a status or an exception

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000 if ordered else float("nan")


@dataclass
class Phase:
    actions: Timings = field(default_factory=Timings)
    health: Timings = field(default_factory=Timings)
    seconds: float = 0.0
    cpu: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # app, database, busy share, clients
    longest_commit: float = float("nan")  # ms: PostgreSQL's slowest commit meanwhile (CommitProbe)


def legal_actions(view: dict[str, Any]) -> list[str]:
    moves = [f"{g['column']}>{t}:{g['count']}" for g in view["groups"] for t in g["targets"]]
    return moves + ["deal"] * view["can_deal"] + ["undo"] * view["can_undo"]


async def new_game(client: Client) -> dict[str, Any]:
    answer = await client.post("/api/games", {"game": "spider", "suits": 4})
    if answer.status_code != 201:
        raise SystemExit(f"a new game answered {answer.status_code}")
    view: dict[str, Any] = answer.json()
    return view


async def timed(timings: Timings, request: Any) -> Answer | None:
    """The answer to ``request`` (an awaitable), its latency kept when it is a success."""
    start = time.perf_counter()
    try:
        answer: Answer = await request
    except (OSError, TimeoutError, ValueError) as err:
        timings.failures[str(err) if type(err) is ConnectionError and str(err) else type(err).__name__] += 1
        return None
    if answer.status_code >= 300:
        timings.failures[str(answer.status_code)] += 1
    else:
        timings.latencies.append(time.perf_counter() - start)
    return answer


async def player(client: Client, view: dict[str, Any], seed: int, deadline: float, think: float, phase: Phase) -> None:
    rng = random.Random(seed)
    while True:
        pause = rng.uniform(0, 2 * think)  # a person looks at the table first
        if time.monotonic() + pause > deadline:
            return  # at once, so that the phase lasts --seconds (and its rate is per second of it)
        await asyncio.sleep(pause)
        if rng.random() < HEALTH_SHARE:
            await timed(phase.health, client.get("/api/health"))
            continue
        choices = legal_actions(view)
        if not choices or view["status"] != "active":
            view = await new_game(client)
            continue
        body = {"action": rng.choice(choices), "version": view["version"]}
        answer = await timed(phase.actions, client.post(f"/api/games/{view['id']}/actions", body))
        if answer is not None:
            view = answer.json().get("view", view) if answer.status_code >= 300 else answer.json()


async def run_phase(base: str, players: int, seconds: float, think: float, kind: str, meter: CpuMeter) -> Phase:
    clients: list[Client] = [CLIENTS[kind](base) for _ in range(players)]
    starting = asyncio.Semaphore(STARTING)

    async def start(client: Client) -> dict[str, Any]:
        async with starting:
            return await new_game(client)

    try:
        views = await asyncio.gather(*(start(c) for c in clients))
        phase = Phase()
        before = meter.snapshot()  # the games started, the timed part begins
        began = time.monotonic()
        deadline = began + seconds
        with CommitProbe(meter.database) as probe:
            await asyncio.gather(
                *(player(c, v, i, deadline, think, phase) for i, (c, v) in enumerate(zip(clients, views, strict=True)))
            )
        phase.seconds = time.monotonic() - began
        phase.cpu = meter.spent(before, meter.snapshot())
        phase.longest_commit = probe.longest
    finally:
        await asyncio.gather(*(c.close() for c in clients))
    return phase


# ----- CPU, load and the disk --------------------------------------------------------------------


class CommitProbe:
    """PostgreSQL's slowest commit during a phase, from one row committed every PROBE_EVERY seconds
    on a connection of its own. A commit waits for the WAL to reach the disk (what makes an action
    durable), so a disk that stalls a flush stalls every action committing at that moment, whatever
    the app does; nothing on SQLite (its WAL is not flushed at each commit)."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.longest = float("nan")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._probe, daemon=True)

    def __enter__(self) -> CommitProbe:
        if self.database.startswith("postgresql"):
            self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _probe(self) -> None:
        import psycopg

        with psycopg.connect(self.database, autocommit=True) as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS bench_commit_probe (at DOUBLE PRECISION)")
            longest = 0.0
            while not self._stop.wait(PROBE_EVERY):
                start = time.perf_counter()
                conn.execute("INSERT INTO bench_commit_probe (at) VALUES (%s)", (time.time(),))
                longest = max(longest, time.perf_counter() - start)
            self.longest = longest * 1000


def _process_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime


def _descendants(pid: int) -> Iterator[int]:
    yield pid
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children = task.read_text().split()
        except OSError:
            continue
        for child in children:
            yield from _descendants(int(child))


def _busy_and_total() -> tuple[int, int]:
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return sum(values) - idle, sum(values)


class CpuMeter:
    """CPU seconds of the server's processes (and of the database's backends, by pid) over a phase,
    and how busy the whole machine was meanwhile."""

    def __init__(self, server_pid: int, database: str) -> None:
        self.server_pid, self.database = server_pid, database

    def _backends(self) -> list[int]:
        if not self.database.startswith("postgresql"):
            return []
        import psycopg

        name = urlsplit(self.database).path.lstrip("/")
        with psycopg.connect(self.database, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (name,)
            ).fetchall()
        return [r[0] for r in rows]

    def snapshot(self) -> tuple[int, dict[int, int], tuple[int, int], float]:
        app = sum(_process_ticks(p) for p in _descendants(self.server_pid))
        mine = os.times()
        return app, {p: _process_ticks(p) for p in self._backends()}, _busy_and_total(), mine.user + mine.system

    @staticmethod
    def spent(before: Any, after: Any) -> tuple[float, float, float, float]:
        """(app CPU s, database CPU s, machine busy share, clients' CPU s) between two snapshots."""
        app = (after[0] - before[0]) / TICK
        db = sum(t - before[1].get(p, 0) for p, t in after[1].items()) / TICK
        busy = (after[2][0] - before[2][0]) / max(1, after[2][1] - before[2][1])
        return app, db, busy, after[3] - before[3]


# ----- running and reporting ---------------------------------------------------------------------


@dataclass
class Row:
    store: str
    workers: int
    players: int
    asked: float  # actions/s the players asked for
    rate: float  # actions/s answered
    p99: float


HEADER = (
    f"{'store':<10} {'workers':>7} {'players':>7} {'asked/s':>7} {'actions/s':>9} {'p50':>7} {'p99':>8}"
    f" {'health p50':>10} {'p99':>7} {'ratio':>6} {'app CPU':>8} {'db CPU':>7} {'clients':>7} {'commit':>6}"
    f" {'busy':>5} {'load':>5}  failures"
)


def report(store: str, workers: int, players: int, phase: Phase, think: float) -> Row:
    actions, health = phase.actions, phase.health
    requests = len(actions.latencies) + len(health.latencies) or 1
    rate = len(actions.latencies) / phase.seconds
    asked = players * (1 - HEALTH_SHARE) / think
    ratio = actions.percentile(99) / health.percentile(99)
    app, db, busy, clients = phase.cpu
    failures = actions.failures + Counter({f"health {k}": n for k, n in health.failures.items()})
    print(
        f"{store:<10} {workers:>7} {players:>7} {asked:>7.0f} {rate:>9.1f} {actions.percentile(50):>7.1f}"
        f" {actions.percentile(99):>8.1f} {health.percentile(50):>10.1f} {health.percentile(99):>7.1f} {ratio:>6.1f}"
        f" {app / requests * 1000:>8.2f} {db / requests * 1000:>7.2f} {clients / requests * 1000:>7.2f}"
        f" {'-' if math.isnan(phase.longest_commit) else f'{phase.longest_commit:.0f}':>6} {busy:>5.0%}"
        f" {os.getloadavg()[0]:>5.2f}  " + (", ".join(f"{k}: {n}" for k, n in failures.most_common()) or "-"),
        flush=True,
    )
    return Row(store, workers, players, asked, rate, actions.percentile(99))


@contextmanager
def database_for(store: str) -> Iterator[str]:
    if store == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "bench.sqlite3")
    else:
        with fresh_postgresql() as url:
            yield url


def verdict(rows: list[Row]) -> str:
    """Whether the target holds: p99 ≤ 50 ms at 200 players with 2 and 4 workers (1 worker is shown
    beside), and more actions/s with more workers where 1 worker fell behind the players (below
    BEHIND of what they asked); where it kept up, every count of workers answers what was asked, so there
    is nothing to compare."""
    notes, met = [], True
    for store in dict.fromkeys(r.store for r in rows):
        mine = [r for r in rows if r.store == store]
        for r in (r for r in mine if r.players == TARGET_PLAYERS and r.workers > 1):
            ok = r.p99 <= TARGET_MS
            met &= ok
            notes.append(f"{store} {r.workers} workers p99 {r.p99:.1f} ms {'≤' if ok else '>'} {TARGET_MS:.0f}")
        behind = [r for r in mine if r.workers == 1 and r.rate < BEHIND * r.asked]
        if behind:
            one = max(behind, key=lambda r: r.players)
            more = [r.rate for r in mine if r.players == one.players and r.workers > 1]
            if more:
                grows = max(more) > 1.1 * one.rate
                met &= grows
                notes.append(
                    f"{store} at {one.players} players {one.rate:.0f} actions/s with 1 worker,"
                    f" {max(more):.0f} with more ({'grows' if grows else 'does not grow'})"
                )
    if not notes:
        return f"target: not measured (needs {TARGET_PLAYERS} players and 2 or 4 workers)"
    return f"target {'MET' if met else 'MISSED'}: " + "; ".join(notes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", nargs="+", choices=["sqlite", "postgresql"], default=["sqlite"])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--seconds", type=float, default=15, help="length of each measured phase")
    parser.add_argument("--think", type=float, default=2.0, help="mean pause of a player before each request (s)")
    parser.add_argument("--clients", choices=sorted(CLIENTS), default="http1", help="the HTTP client of the players")
    args = parser.parse_args()
    print(
        f"mean think time {args.think} s, {args.seconds:g} s per phase, {args.clients} clients, {os.cpu_count()} CPUs,"
        f" load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; latencies in ms, CPU in ms per request"
    )
    print(HEADER)
    rows = []
    for store in args.database:
        for workers in args.workers:
            with database_for(store) as database, spider_serve(database, workers) as (server, base):
                time.sleep(1 + workers)  # every worker up, not only the first
                meter = CpuMeter(server.pid, database)
                for players in args.players:
                    phase = asyncio.run(run_phase(base, players, args.seconds, args.think, args.clients, meter))
                    rows.append(report(store, workers, players, phase, args.think))
                    time.sleep(1)
    print(verdict(rows))


if __name__ == "__main__":
    main()
