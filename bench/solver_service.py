"""Solver-service figures: what a job costs beyond its own work, and what a worker keeps afterwards.
Prints figures; asserts nothing.

- a job on a fresh worker (process start and imports) and on a warm one;
- a job right after another one was cancelled, and 3 s after (the cancelled job's worker is ended
  and a replacement starts at once);
- a worker's resident memory idle, and after a hard solve of --seconds (the memory a warm worker
  keeps while it waits for the next job);
- through `spider serve` on loopback: three players cancel their 10-second solves of a hard deal
  after a second, then a fourth asks about an easy one: how long the fourth waits for its answer;
- through the job host of `spider serve --workers N` (no Redis): what a call costs an app worker
  (a state read, round trip), a job on a fresh and on a warm worker, and how long a cancel takes to
  end the job's process;
- with --redis URL, the same job figures on Redis and a `spider worker` process (under a prefix of
  its own), and how long a cancel takes to end the job's process.

    python bench/solver_service.py [--seconds 20] [--redis redis://127.0.0.1:6379/0]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from redis import Redis  # noqa: E402

from spider.config import Settings  # noqa: E402
from spider.jobs.host import JobHost  # noqa: E402
from spider.jobs.local import LocalJobs  # noqa: E402
from spider.jobs.protocol import SOLVE, JobQueue, Lane  # noqa: E402
from spider.jobs.queues import default_lanes  # noqa: E402
from spider.jobs.redis_queue import RedisJobs  # noqa: E402
from spider.jobs.remote import RemoteJobs  # noqa: E402
from spider.jobs.tasks import solve_record  # noqa: E402

HARD = {"code": "SP1-S4C-AAAABAP", "actions": []}
EASY = "SP1-S1C-AAAAAAD"  # won in a second or two once its first row is dealt


def rss_mb(pid: int) -> float:
    """Resident memory; nan for a process gone (on Redis each job's process ends with it)."""
    status = Path(f"/proc/{pid}/status")
    for line in status.read_text().splitlines() if status.exists() else []:
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def timed(jobs: JobQueue, fn: Callable[..., Any], *args: Any, lane: str = "lane") -> tuple[float, Any]:
    start = time.perf_counter()
    job = await jobs.submit(lane, fn, *args, seconds=120)
    while (state := await jobs.state(job)) is not None and state.state not in ("done", "lost", "cancelled"):
        await asyncio.sleep(0.01)
    return time.perf_counter() - start, state and state.answer


async def cancel_after(jobs: JobQueue, wait: float) -> None:
    doomed = await jobs.submit("lane", time.sleep, 60, seconds=60)
    await asyncio.sleep(wait)
    await jobs.cancel(doomed)


async def main(jobs: JobQueue, seconds: float) -> None:
    try:
        cold, pid = await timed(jobs, os.getpid)
        warm, _ = await timed(jobs, os.getpid)
        print(f"job on a fresh worker:          {cold * 1000:7.0f} ms")
        print(f"job on a warm worker:           {warm * 1000:7.0f} ms")
        print(f"idle worker memory:             {rss_mb(pid):7.1f} MB")
        await cancel_after(jobs, 0.5)
        at_once, _ = await timed(jobs, os.getpid)
        print(f"job right after a cancel:       {at_once * 1000:7.0f} ms")
        await cancel_after(jobs, 0.5)
        await asyncio.sleep(3)
        later, _ = await timed(jobs, os.getpid)
        print(f"job 3 s after a cancel:         {later * 1000:7.0f} ms")
        took, answer = await timed(jobs, solve_record, HARD, seconds)
        _, pid = await timed(jobs, os.getpid)  # the same, now idle, worker
        print(f"worker memory after a {took:.0f} s hard solve ({answer['result']}): {rss_mb(pid):7.1f} MB")
    finally:
        jobs.close()


async def cancel_to_stop(jobs: JobQueue, worker: int, trials: int = 5) -> None:
    """From a cancel to the end of the job's process (RQ's work horse), on Redis."""
    waits = []
    for _ in range(trials):
        job = await jobs.submit("lane", time.sleep, 60, seconds=60)
        while not (horses := children(worker)):
            await asyncio.sleep(0.01)
        start = time.perf_counter()
        await jobs.cancel(job)
        while set(horses) & set(children(worker)):  # the worker reaps its job's process
            await asyncio.sleep(0.005)
        waits.append(time.perf_counter() - start)
    best, worst = min(waits) * 1000, max(waits) * 1000
    print(f"cancel to stopped job process:  {best:7.0f} ms best, {worst:.0f} ms worst of {trials}")


def alive(pid: int) -> bool:
    """Running: not ended (an ended process waits as a zombie until its parent reaps it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:  # gone, and reaped
        return False


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def redis_jobs(url: str, prefix: str) -> RedisJobs:
    """Jobs on Redis whose lane "lane" is the queue a `spider worker` serves first (players' solves)."""
    jobs = RedisJobs(url, {"solve": Lane(workers=1, waiting=1)}, prefix)
    jobs.lanes["lane"], jobs.queues["lane"] = jobs.lanes["solve"], jobs.queues["solve"]
    return jobs


def on_redis(url: str, seconds: float) -> None:
    prefix = f"spider-bench-{uuid.uuid4().hex[:8]}"
    command = [sys.executable, "-m", "spider.cli", "worker", "--redis", url, "--prefix", prefix]
    worker = subprocess.Popen(command, cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)})
    try:
        print(f"On Redis ({url}) with one `spider worker` (each job in a process forked for it):")
        asyncio.run(main(redis_jobs(url, prefix), seconds))
        asyncio.run(cancel_to_stop(redis_jobs(url, prefix), worker.pid))
    finally:
        worker.kill()
        worker.wait()
        redis = Redis.from_url(url)
        for key in redis.scan_iter(match=f"*{prefix}*"):  # its queues and registries
            redis.delete(key)


def through_job_host(calls: int = 500, trials: int = 5) -> None:
    """The job host that `spider serve --workers N` starts without Redis, and one worker's client."""
    os.environ["PYTHONPATH"] = str(ROOT)  # the host is a process of its own: it imports this checkout
    with tempfile.TemporaryDirectory() as tmp:
        host = JobHost(Settings(database=f"{tmp}/db.sqlite3", background=False))
        host.start()
        jobs = RemoteJobs(host.address, host.key.encode(), default_lanes())
        try:
            asyncio.run(_job_host_figures(jobs, host.pid, calls, trials))
        finally:
            jobs.close()
            host.stop()


async def _job_host_figures(jobs: RemoteJobs, host: int, calls: int, trials: int) -> None:
    trips = []
    for _ in range(calls):
        start = time.perf_counter()
        await jobs.state("1.nobody", None)
        trips.append(time.perf_counter() - start)
    median, worst = statistics.median(trips) * 1000, max(trips) * 1000
    print(f"a state read, worker to host:   {median:7.2f} ms median, {worst:.1f} ms worst of {calls}")
    cold, _ = await timed(jobs, os.getpid, lane=SOLVE)
    warm, _ = await timed(jobs, os.getpid, lane=SOLVE)
    print(f"job on a fresh worker:          {cold * 1000:7.0f} ms")
    print(f"job on a warm worker:           {warm * 1000:7.0f} ms")
    waits = []
    for _ in range(trials):
        before = set(children(host))
        job = await jobs.submit(SOLVE, time.sleep, 60, seconds=60)
        await asyncio.sleep(0.5)  # it runs (on the warm worker, or a new one)
        running = set(children(host)) | before
        start = time.perf_counter()
        await jobs.cancel(job)
        while all(alive(pid) for pid in running):  # until the job's process has ended
            await asyncio.sleep(0.005)
        waits.append(time.perf_counter() - start)
    best, worst = min(waits) * 1000, max(waits) * 1000
    print(f"cancel to stopped job process:  {best:7.0f} ms best, {worst:.0f} ms worst of {trials}")


def listening(url: str) -> bool:
    try:
        return httpx.get(url + "/").is_success
    except httpx.ConnectError:
        return False


def cancelled_solves_then_one(drops: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "spider.cli", "serve", "--port", "0", "--database", f"{tmp}/db.sqlite3"]
        env = os.environ | {"PYTHONPATH": str(ROOT)}
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split("running at ", 1)[1].split()[0].rstrip("/")
            while not listening(url):  # the address is printed just before uvicorn listens
                time.sleep(0.05)
            cancelled = []
            for _ in range(drops):
                client = httpx.Client(base_url=url)
                game = client.post("/api/games", json={"code": HARD["code"]}).json()
                job = client.post(f"/api/games/{game['id']}/solve", json={"time_limit": 10}).json()["id"]
                cancelled.append((client, job))
            time.sleep(1)
            for client, job in cancelled:
                client.delete(f"/api/solves/{job}")
                client.close()
            with httpx.Client(base_url=url, timeout=120) as client:
                game = client.post("/api/games", json={"code": EASY}).json()
                client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})
                start = time.perf_counter()
                job = client.post(f"/api/games/{game['id']}/solve", json={"time_limit": 10}).json()["id"]
                while (state := client.get(f"/api/solves/{job}").json())["state"] != "done":
                    time.sleep(0.05)
                took = time.perf_counter() - start
            print(f"an easy solve after {drops} cancelled 10 s solves ({state['answer']['result']}): {took:7.1f} s")
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="the hard solve's time limit")
    parser.add_argument("--redis", help="also on this Redis, with a `spider worker`")
    args = parser.parse_args()
    print("Local worker processes (no Redis):")
    asyncio.run(main(LocalJobs({"lane": Lane(workers=1, waiting=1)}, preload=(solve_record.__module__,)), args.seconds))
    cancelled_solves_then_one()
    print("Through the job host (spider serve --workers N without Redis):")
    through_job_host()
    if args.redis:
        on_redis(args.redis, args.seconds)
