"""Watching processes through /proc, for the tests of solver workers (Linux only)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import time
from pathlib import Path

from tests.patience import wait_for

__all__ = ["children", "cpu_seconds", "descendants", "gone", "kill_tree", "port_free", "wait_for"]


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


def busiest(pids: set[int]) -> int:
    """Of ``pids``, the process whose CPU time grows the most over half a second, if it grows at
    all (a search: an idle process uses none, a search uses what it can get of a busy machine); else 0.
    A process that ends meanwhile counts as idle."""

    def used(pid: int) -> float:
        with contextlib.suppress(OSError, IndexError):
            return cpu_seconds(pid)
        return 0.0

    before = {pid: used(pid) for pid in pids}
    time.sleep(0.5)  # a sample's length: what is waited for is the state it shows, not the time
    grown = {pid: used(pid) - cpu for pid, cpu in before.items() if not gone(pid)}
    pid = max(grown, key=lambda p: grown[p], default=0)
    return pid if pid and grown[pid] >= 0.05 else 0


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


def _tcp_queues(local_port: int, remote_port: int) -> tuple[int, int] | None:
    """(bytes sent but not yet taken by the peer, bytes received but not yet read) of the TCP socket
    127.0.0.1:local_port to 127.0.0.1:remote_port, from /proc/net/tcp; None when there is none."""
    local, remote = f"0100007F:{local_port:04X}", f"0100007F:{remote_port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == local and fields[2] == remote:
            tx, rx = fields[4].split(":")
            return int(tx, 16), int(rx, 16)
    return None


def read_by_server(server_port: int, client_port: int) -> bool:
    """Whether what the client at ``client_port`` sent to the server at ``server_port`` has been read
    by the server's process (the request is in its hands, not in the kernel's)."""
    client = _tcp_queues(client_port, server_port)
    server = _tcp_queues(server_port, client_port)
    return client is not None and server is not None and client[0] == 0 and server[1] == 0


def port_free(port: int) -> bool:
    """A new server could listen on ``port`` (bound as spider serve binds it)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
            sock.listen()
        except OSError:
            return False
        return True
