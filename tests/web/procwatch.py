"""Watching processes through /proc, for the tests of solver workers (Linux only)."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def wait_for(what: Callable[[], T], seconds: float = 30.0) -> T:
    """Poll until ``what()`` is truthy (a bound on a hang, not a speed check)."""
    deadline = time.monotonic() + seconds
    while not (value := what()):
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.05)
    return value


def gone(pid: int) -> bool:
    """The process has exited (a zombie not yet reaped by its new parent counts as exited)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _parents() -> dict[int, int]:
    """Every process's parent, from /proc/*/stat."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):  # a process that ended meanwhile
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
    return parents


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    return {child for child, parent in _parents().items() if parent == pid}


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``."""
    parents = _parents()
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def kill_tree(pid: int) -> None:
    """SIGKILL ``pid`` and every process below it, the ones below found first: a pool's or a job's
    processes outlive a killed parent. Those already gone are passed over."""
    for doomed in [pid, *descendants(pid)]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(doomed, signal.SIGKILL)
