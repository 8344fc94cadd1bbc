"""A `spider serve` killed outright (SIGKILL, as the out-of-memory killer does) takes every process it
started along: the app workers (after a graceful stop), the job host and the solver processes, even
one in the middle of a search; the port is free again and a new server on it answers. And the
lifeline underneath (spider.lifeline) on its own: a child whose parent has already died leaves at
once, and one whose graceful stop never finishes is ended anyway, with the kernel's watch and with the thread's."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.patience import GENEROUS
from tests.test_workers import Client, Served, start, stop
from tests.test_workers_jobs import HARD, ask, player
from tests.web.procwatch import busiest, descendants, gone, port_free, wait_for

pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc"),
]


def _cmdline(pid: int) -> bytes:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    return b""


def _started(served: Served, pid: int) -> bool:
    return any(e.get("pid") == pid and "Application startup complete" in e.get("message", "") for e in served.entries())


def _app_workers(served: Served, workers: int) -> set[int]:
    """The app worker processes (none with one worker: the app is the server itself)."""
    return served.worker_pids() if workers > 1 else set()


def _solvers(served: Served, workers: int) -> set[int]:
    """The solver processes below the server (not its app workers, job host or resource trackers)."""
    below = descendants(served.process.pid) - _app_workers(served, workers)
    return {pid for pid in below if b"spawn_main" in _cmdline(pid)}


@pytest.mark.parametrize("workers", [2, 1])
def test_a_server_killed_outright_takes_its_children_along_and_frees_its_port(workers: int, tmp_path: Path) -> None:
    database = str(tmp_path / "db.sqlite3")
    served = start(database, tmp_path / "server.log", workers=workers)
    family: set[int] = set()
    try:
        # every app worker serving (uvicorn replaces one that is slow to start on a loaded machine)
        wait_for(lambda: all(_started(served, pid) for pid in _app_workers(served, workers)))
        client, game = player(served, HARD)
        ask(client, game, 60)
        wait_for(lambda: busiest(_solvers(served, workers)))  # a solver process searching: it reads no pipe
        family = descendants(served.process.pid)
        app_workers = _app_workers(served, workers)
        hosts = {pid for pid in family if b"spider.jobs.host" in _cmdline(pid)}
        assert len(app_workers) == (workers if workers > 1 else 0) and len(hosts) == (1 if workers > 1 else 0)

        served.process.kill()
        served.process.wait(GENEROUS)
        wait_for(lambda: all(gone(pid) for pid in family))
        wait_for(lambda: port_free(served.port))
        # the app workers stopped as at a normal stop (their connections closed, the app shut down)
        for pid in app_workers:
            assert any(e.get("pid") == pid and "Finished server process" in e["message"] for e in served.entries())

        again = start(database, tmp_path / "again.log", workers=workers, port=served.port)
        try:
            status, body, _ = Client(again.port).call("GET", "/api/health")
            assert again.port == served.port and status == 200 and body["ok"] is True
        finally:
            stop(again)
    finally:
        stop(served)
        for pid in family:  # what a failure left behind
            if not gone(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


# A parent (this test's middle process) starts a child that sets its lifeline and says so, on the
# parent's stdout, which it shares; the test then kills the parent with SIGKILL. The child notes the
# SIGTERM it is sent and goes on (a graceful stop that never finishes): the lifeline must end it.
PARENT = """
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[2]])
print(child.pid, flush=True)
child.wait()
"""
CHILD = """
import os, signal, sys, time
from spider import lifeline
if sys.argv[1] == "thread":  # as where the kernel has no parent-death signal
    lifeline._parent_death_signal = lambda signum: False
signal.signal(signal.SIGTERM, lambda signum, frame: print("SIGTERM", flush=True))
lifeline.end_with(os.getppid(), grace=1.0)
print("ready", flush=True)
while True:
    time.sleep(1)
"""


def _spawn(script: str, *args: str) -> subprocess.Popen[str]:
    env = os.environ | {"PYTHONPATH": str(Path.cwd())}
    return subprocess.Popen([sys.executable, "-c", script, *args], env=env, stdout=subprocess.PIPE, text=True)


@pytest.mark.parametrize("watch", ["kernel", "thread"])
def test_a_child_whose_stop_never_finishes_still_ends_with_its_parent(watch: str) -> None:
    parent = _spawn(PARENT, CHILD, watch)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        assert parent.stdout.readline() == "ready\n"  # its lifeline is set
        parent.kill()
        parent.wait(GENEROUS)
        # the child is told to stop, and once its grace is over it ends (its end of the pipe closes)
        assert parent.stdout.readline() == "SIGTERM\n"
        assert parent.stdout.read() == ""
        wait_for(lambda: gone(child))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)


def test_a_child_whose_parent_died_before_its_lifeline_leaves_at_once() -> None:
    late = "from spider import lifeline\nlifeline.end_with(1)\nprint('still here')"  # pid 1 is not its parent
    ran = _spawn(late)
    out, _ = ran.communicate(timeout=GENEROUS)
    assert ran.returncode == 1 and out == ""
