"""Solver-service figures: what a job costs beyond its own work, and what a worker keeps afterwards.
Prints figures; asserts nothing.

    python bench/solver_service.py [--seconds 20]

- a job on a fresh worker (process start and imports) and on a warm one;
- a job right after another one was cancelled, and 3 s after (the cancelled job's worker is ended
  and a replacement starts at once);
- a worker's resident memory idle, and after a hard solve of --seconds (the memory a warm worker
  keeps while it waits for the next job);
- through `spider serve` on loopback: three players drop their 10-second solves of a hard deal after
  a second, then a fourth asks about an easy one: how long the fourth waits.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from spider.web.jobs import Lane  # noqa: E402
from spider.web.local_jobs import LocalJobs  # noqa: E402
from spider.web.solver_tasks import solve_record  # noqa: E402

HARD = {"code": "SP1-S4C-AAAABAP", "actions": []}
EASY = "SP1-S1C-AAAAAAD"  # won in a second or two once its first row is dealt


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


def listening(url: str) -> bool:
    try:
        return httpx.get(url + "/").is_success
    except httpx.ConnectError:
        return False


def dropped_solves_then_one(drops: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "spider.cli", "serve", "--port", "0", "--database", f"{tmp}/db.sqlite3"]
        env = os.environ | {"PYTHONPATH": str(ROOT)}
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split("running at ", 1)[1].split()[0].rstrip("/")
            host, port = url.removeprefix("http://").split(":")
            while not listening(url):  # the address is printed just before uvicorn listens
                time.sleep(0.05)
            dropped = []
            for _ in range(drops):
                with httpx.Client(base_url=url) as client:
                    game = client.post("/api/games", json={"code": HARD["code"]}).json()
                    cookie = client.cookies["spider_player"]
                body = b'{"time_limit": 10}'
                conn = socket.create_connection((host, int(port)))
                conn.sendall(
                    f"POST /api/games/{game['id']}/solve HTTP/1.1\r\nHost: {host}\r\nCookie: spider_player={cookie}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                    + body
                )
                dropped.append(conn)
            time.sleep(1)
            for conn in dropped:
                conn.close()
            with httpx.Client(base_url=url, timeout=120) as client:
                game = client.post("/api/games", json={"code": EASY}).json()
                client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})
                start = time.perf_counter()
                answer = client.post(f"/api/games/{game['id']}/solve", json={"time_limit": 10}).json()
                took = time.perf_counter() - start
            print(f"an easy solve after {drops} dropped 10 s solves ({answer['result']}): {took:7.1f} s")
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="the hard solve's time limit")
    asyncio.run(main(parser.parse_args().seconds))
    dropped_solves_then_one()
