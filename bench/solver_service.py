"""Solver-service figures: what a job costs beyond its own work, and what a worker keeps afterwards.
Prints figures; asserts nothing.

    python bench/solver_service.py [--seconds 20]

- a job on a fresh worker (process start and imports) and on a warm one;
- a job right after another one was cancelled, and 3 s after (the cancelled job's worker is ended
  and a replacement starts at once);
- a worker's resident memory idle, and after a hard solve of --seconds (the memory a warm worker
  keeps while it waits for the next job).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spider.web.jobs import Lane  # noqa: E402
from spider.web.local_jobs import LocalJobs  # noqa: E402
from spider.web.solver_tasks import solve_record  # noqa: E402

HARD = {"code": "SP1-S4C-AAAABAP", "actions": []}


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def timed(jobs: LocalJobs, fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    answer = await jobs.answer(jobs.start("lane", fn, *args, seconds=120))
    return time.perf_counter() - start, answer


async def main(seconds: float) -> None:
    jobs = LocalJobs({"lane": Lane(workers=1, waiting=1)}, preload=(solve_record.__module__,))
    try:
        cold, pid = await timed(jobs, os.getpid)
        warm, _ = await timed(jobs, os.getpid)
        print(f"job on a fresh worker:          {cold * 1000:7.0f} ms")
        print(f"job on a warm worker:           {warm * 1000:7.0f} ms")
        print(f"idle worker memory:             {rss_mb(pid):7.1f} MB")
        doomed = jobs.start("lane", time.sleep, 60, seconds=60)
        await asyncio.sleep(0.5)
        jobs.cancel(doomed)
        at_once, _ = await timed(jobs, os.getpid)
        print(f"job right after a cancel:       {at_once * 1000:7.0f} ms")
        doomed = jobs.start("lane", time.sleep, 60, seconds=60)
        await asyncio.sleep(0.5)
        jobs.cancel(doomed)
        await asyncio.sleep(3)
        later, _ = await timed(jobs, os.getpid)
        print(f"job 3 s after a cancel:         {later * 1000:7.0f} ms")
        took, answer = await timed(jobs, solve_record, HARD, seconds)
        _, pid = await timed(jobs, os.getpid)  # the same, now idle, worker
        print(f"worker memory after a {took:.0f} s hard solve ({answer['result']}): {rss_mb(pid):7.1f} MB")
    finally:
        jobs.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="the hard solve's time limit")
    asyncio.run(main(parser.parse_args().seconds))
