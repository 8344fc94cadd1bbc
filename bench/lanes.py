"""Players first on Redis: how long a player's 1-second solve takes, from asking to its answer, while
the site's own work holds `spider worker`: the day's daily deals being made (today's and
tomorrow's, by the site's real schedule) and the winnable top-up (the pool starts empty).

For each --processes count it starts a `spider worker` (a queue prefix of its own on --redis, an
SQLite database in a temporary folder) and runs the two schedules as an app process would; once the
site's work has begun, for --seconds (or until the schedules are done) a new player asks a
1-second solve of a deal the solver cannot settle in that time, --every seconds after the last
answer. It prints the seconds from each ask to its answer (median, 90th percentile, slowest), how
many answers came while the site's work was unfinished (running, or queued again after it yielded)
and how many times that work yielded. Figures only; nothing is asserted. The goal: a player answered within 5 s.

    python bench/lanes.py [--redis redis://127.0.0.1:6379/0] [--processes 1 2] [--seconds 90] [--every 3]
    python bench/lanes.py --worker-code /path/to/another/tree   # `spider worker` from that tree
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from redis import Redis  # noqa: E402
from rq import Queue, Worker  # noqa: E402

from spider.jobs import daily, top_up  # noqa: E402
from spider.jobs.protocol import BACKGROUND, SOLVE, WORKER_START_SECONDS  # noqa: E402
from spider.jobs.queues import default_lanes  # noqa: E402
from spider.jobs.redis_queue import RedisJobs, queue_name  # noqa: E402
from spider.jobs.tasks import solve_record  # noqa: E402
from spider.store import open_store  # noqa: E402

HARD = {"code": "SP1-S4C-AAAABAP", "actions": []}  # the solver cannot settle it in a second
TIME_LIMIT = 1.0
PATIENCE = 300.0  # an ask not answered in this long is reported as such


async def ask(jobs: RedisJobs, player: str) -> tuple[float | None, bool]:
    """(seconds from asking to the answer, or None; whether the site's work was still unfinished then)."""
    asked = time.perf_counter()
    job = await jobs.submit(
        SOLVE, solve_record, HARD, TIME_LIMIT, owner=player, seconds=TIME_LIMIT + WORKER_START_SECONDS
    )
    while time.perf_counter() - asked < PATIENCE:
        state = await jobs.state(job, player)
        if state is not None and state.state not in ("waiting", "running"):
            took = time.perf_counter() - asked
            return (took if state.state == "done" else None), site_work_left(jobs) > 0
        await asyncio.sleep(0.05)
    await jobs.cancel(job, player)
    return None, site_work_left(jobs) > 0


def background_running(jobs: RedisJobs) -> int:
    return int(jobs.queues[BACKGROUND].started_job_registry.count)


def site_work_left(jobs: RedisJobs) -> int:
    """The site's jobs running or queued (one that yielded waits at the head of its lane)."""
    return background_running(jobs) + int(jobs.queues[BACKGROUND].count)


async def scenario(jobs: RedisJobs, database: str, seconds: float, every: float) -> list[tuple[float | None, bool]]:
    store = open_store(database)
    schedules = [
        daily.DailyDeals(jobs, jobs.site_lock(daily.LOCK), database, daily.deal_kept(store)).tick(),
        top_up.TopUp(jobs, jobs.site_lock(top_up.LOCK), database, store.count_winnable).tick(),
    ]
    running = [asyncio.ensure_future(work) for work in schedules]
    try:
        while background_running(jobs) == 0:  # the site's work has begun
            await asyncio.sleep(0.1)
        found: list[tuple[float | None, bool]] = []
        until = time.perf_counter() + seconds
        while time.perf_counter() < until and not all(task.done() for task in running):
            found.append(await ask(jobs, f"bench-player-{len(found)}"))
            await asyncio.sleep(every)
        return found
    finally:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        store.close()


def one_run(url: str, processes: int, seconds: float, every: float, code: Path) -> None:
    prefix = f"spider-bench-{uuid.uuid4().hex[:8]}"
    redis = Redis.from_url(url)
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "bench.sqlite3")
        open_store(database).close()  # its schema, before the worker's jobs open it
        log = Path(folder) / "worker.log"
        command = [sys.executable, "-m", "spider.cli", "worker", "--redis", url, "--prefix", prefix]
        with log.open("wb") as out:
            worker = subprocess.Popen(
                [*command, "--processes", str(processes)],
                cwd=code,
                env=os.environ | {"PYTHONPATH": str(code)},
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        jobs = RedisJobs(url, default_lanes(), prefix=prefix)
        try:
            solves = Queue(queue_name(prefix, SOLVE), connection=redis)
            while Worker.count(connection=redis, queue=solves) < processes:
                time.sleep(0.1)
            found = asyncio.run(scenario(jobs, database, seconds, every))
        finally:
            worker.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                worker.wait(20)
            worker.kill()
            jobs.close()
            for key in redis.scan_iter(match=f"*{prefix}*"):
                redis.delete(key)
            redis.close()
        yields = log.read_text(encoding="utf-8", errors="replace").count("yields its process")
    report(processes, found, yields)


def report(processes: int, found: list[tuple[float | None, bool]], yields: int) -> None:
    answered = [s for s, _ in found if s is not None]
    held = sum(1 for _, busy in found if busy)
    print(f"--processes {processes}: {len(found)} asks, {len(answered)} answered", end="")
    if answered:
        tenth = statistics.quantiles(answered, n=10, method="inclusive")[-1] if len(answered) > 1 else answered[0]
        print(
            f"; asking to answer median {statistics.median(answered):.1f} s, 90th percentile {tenth:.1f} s,"
            f" slowest {max(answered):.1f} s",
            end="",
        )
    print(f"; {held} answered while the site's work was unfinished; it yielded {yields} times")
    print("   each ask, seconds: " + ", ".join("none" if s is None else f"{s:.1f}" for s, _ in found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--processes", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--seconds", type=float, default=90.0, help="how long players ask, for each count")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between one answer and the next ask")
    parser.add_argument("--worker-code", type=Path, default=ROOT, help="the tree `spider worker` runs from")
    args = parser.parse_args()
    for processes in args.processes:
        one_run(args.redis, processes, args.seconds, args.every, args.worker_code.resolve())


if __name__ == "__main__":
    main()
