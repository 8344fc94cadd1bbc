"""How soon a `spider serve` killed outright leaves nothing behind (Linux: it reads /proc).

    python bench/orphans.py [--runs 3] [--workers 1 2 4] [--give-up 30]

For each number of app workers, --runs times: start `spider serve` on a fresh SQLite file, wait until
every app worker serves, start a solve that keeps a solver process searching, then SIGKILL the server
(as the out-of-memory killer does) and print the seconds from the kill until every process it had
started (app workers, job host, solver processes, multiprocessing's resource trackers) is gone, until
its port can be listened on again, and until a new server on that port answers /api/health. A figure
past --give-up seconds is printed as such (the leftovers are then killed)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' process watching (tests/web/procwatch.py)
from tests.web.procwatch import descendants, gone, port_free  # noqa: E402

HARD = "SP1-S4C-AAAABAP"  # the solver cannot decide it within a minute: its process stays busy
POLL = 0.01


def until(what: Callable[[], object], seconds: float) -> float | None:
    """Seconds until ``what()`` is true, or None after ``seconds``."""
    start = time.monotonic()
    while not what():
        if time.monotonic() - start > seconds:
            return None
        time.sleep(POLL)
    return time.monotonic() - start


def serve(database: str, workers: int, port: int, log: Path) -> tuple[subprocess.Popen[str], int]:
    env = os.environ | {
        "SPIDER_WORKERS": str(workers),
        "SPIDER_BACKGROUND": "false",
        "SPIDER_LOG_LEVEL": "info",
        "PYTHONPATH": os.environ.get("PYTHONPATH", str(Path(__file__).resolve().parent.parent)),
    }
    with log.open("a") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "spider.cli", "serve", "--port", str(port), "--database", database],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=env,
        )
    found = re.search(r":(\d+)/", server.stdout.readline() if server.stdout else "")
    if not found:
        raise SystemExit(f"server did not start: {log.read_text()}")
    return server, int(found.group(1))


def answers(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/health", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def started_workers(log: Path) -> int:
    lines = log.read_text().splitlines()
    return sum('"Application startup complete."' in line for line in lines if line.startswith("{"))


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def searching(server: int) -> bool:
    """A process below ``server`` is busy (a solver searching, not one still starting)."""
    before = {pid: cpu_seconds(pid) for pid in descendants(server)}
    time.sleep(0.5)
    return any(cpu_seconds(pid) - cpu >= 0.2 for pid, cpu in before.items())


def busy_solver(base: str, server: int) -> None:
    with httpx.Client(base_url=base, timeout=30) as client:
        game = client.post("/api/games", json={"code": HARD}).json()
        client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})
        client.post(f"/api/games/{game['id']}/solve", json={"time_limit": 60}).raise_for_status()
    until(lambda: searching(server), 60)


def one_run(workers: int, give_up: float, tmp: Path) -> dict[str, float | None]:
    database, log = str(tmp / "db.sqlite3"), tmp / "server.log"
    server, port = serve(database, workers, 0, log)
    base = f"http://127.0.0.1:{port}"
    family: set[int] = set()
    try:
        until(lambda: answers(base) and started_workers(log) >= (workers if workers > 1 else 0), 120)
        busy_solver(base, server.pid)
        family = descendants(server.pid)
        killed = time.monotonic()
        server.send_signal(signal.SIGKILL)
        children = free = None
        if until(lambda: all(gone(pid) for pid in family), give_up) is not None:
            children = time.monotonic() - killed
        if until(lambda: port_free(port), give_up) is not None:
            free = time.monotonic() - killed
        server.wait()
        again_at = None
        if free is not None:
            again, _ = serve(database, workers, port, tmp / "again.log")
            try:
                until(lambda: answers(base), 120)
                again_at = time.monotonic() - killed
            finally:
                again.terminate()
                again.wait(30)
        return {"processes": len(family), "children": children, "port": free, "again": again_at}
    finally:
        for pid in family:
            if not gone(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def shown(values: list[float | None], give_up: float) -> str:
    if any(v is None for v in values):
        return f"over {give_up:.0f} s in {sum(v is None for v in values)} of {len(values)}"
    figures = [v for v in values if v is not None]
    return f"median {statistics.median(figures):.2f} s, max {max(figures):.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--give-up", type=float, default=30.0, help="seconds to wait for the leftovers")
    args = parser.parse_args()
    for workers in args.workers:
        runs = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                runs.append(one_run(workers, args.give_up, Path(tmp)))
            print(json.dumps({"workers": workers} | runs[-1]), flush=True)
        print(
            f"--workers {workers}, SIGKILL with a solve running ({runs[0]['processes']} processes below it):"
            f" all gone {shown([r['children'] for r in runs], args.give_up)};"
            f" port free {shown([r['port'] for r in runs], args.give_up)};"
            f" a new server answers {shown([r['again'] for r in runs], args.give_up)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
