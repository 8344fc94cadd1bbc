"""A hostile or unlucky day against a real `spider serve` process (loopback only, bounded).

    python bench/hardening.py [--header-mib 200] [--stalled 1000]

Prints the server's resident memory before and after one connection sends a request head of
--header-mib MiB (the server answers 431 and closes it after 16 KiB), what becomes of --stalled
connections that stop half-way through a request head or body (408 after 10 s, then closed), and
how long /api/health takes while an action waits for a database lock held by another connection,
and the memory and stored players after --cookieless requests that carry no player cookie.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import socket
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import httpx
from serving import spider_serve


def rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


def huge_header(port: int, mib: int) -> tuple[int, bytes]:
    """Bytes sent before the server stopped reading, and the first line of its answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ")
    sent, chunk = 0, b"a" * (1 << 20)
    try:
        for _ in range(mib):
            sock.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    try:
        answer = sock.recv(200).split(b"\r\n")[0]
    except OSError as err:
        answer = f"({err.__class__.__name__})".encode()
    sock.close()
    return sent, answer


async def stalled(port: int, count: int, body: bool) -> dict[str, int]:
    """``count`` connections that stop half-way; how each one ends within 30 s."""
    head = b'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"co'
    partial = head if body else b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Half: "

    async def one() -> str:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(partial)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), 30)
            writer.close()
            return answer.split(b"\r\n")[0].decode() or "closed without an answer"
        except TimeoutError:
            return "still open after 30 s"
        except OSError as err:
            return err.__class__.__name__

    outcomes: dict[str, int] = {}
    for outcome in await asyncio.gather(*(one() for _ in range(count))):
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes


async def cookieless(base: str, count: int) -> None:
    """``count`` requests to /api/player without a cookie (each is issued a new player)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for _ in range(count // 20):
            await asyncio.gather(*(client.get("/api/player", cookies={}) for _ in range(20)))
            client.cookies.clear()


def health_while_locked(base: str, database: str) -> tuple[float, int, float]:
    """(health check seconds, the action's status, the action's seconds) with the lock held."""
    with httpx.Client(base_url=base, timeout=30) as client:
        game = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
        holder = sqlite3.connect(database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        result: dict[str, float] = {}

        def act() -> None:
            start = time.monotonic()
            r = client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})
            result["status"], result["seconds"] = r.status_code, time.monotonic() - start

        acting = threading.Thread(target=act)
        acting.start()
        time.sleep(0.3)
        start = time.monotonic()
        client.get("/api/health")
        health = time.monotonic() - start
        acting.join()
        holder.execute("ROLLBACK")
        holder.close()
    return health, int(result["status"]), result["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--header-mib", type=int, default=200)
    parser.add_argument("--stalled", type=int, default=1000)
    parser.add_argument("--cookieless", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "b.sqlite3")
        with spider_serve(database) as (server, base):
            port = int(base.rsplit(":", 1)[1])
            httpx.get(f"{base}/api/health")
            before = rss_mib(server.pid)
            sent, answer = huge_header(port, args.header_mib)
            print(
                f"request head of {args.header_mib} MiB: ~{sent / 2**20:.1f} MiB sent until the server stopped it,"
                f" answer {answer!r};"
            )
            print(f"  server memory {before:.1f} MiB before, {rss_mib(server.pid):.1f} MiB after")
            for body in (False, True):
                start = time.monotonic()
                outcomes = asyncio.run(stalled(port, args.stalled, body))
                what = "bodies" if body else "heads"
                print(f"{args.stalled} half-sent request {what}: {outcomes} after {time.monotonic() - start:.1f} s")
            health, status, seconds = health_while_locked(base, database)
            print(
                f"database locked by another connection: /api/health answered in {health * 1000:.0f} ms"
                f" while an action waited {seconds:.2f} s for its answer {status}"
            )
            before = rss_mib(server.pid)
            asyncio.run(cookieless(base, args.cookieless))
            with sqlite3.connect(database) as db:
                players = db.execute("SELECT count(*) FROM players").fetchone()[0]
            print(
                f"{args.cookieless} requests without a cookie: server memory {before:.1f} MiB before,"
                f" {rss_mib(server.pid):.1f} MiB after; {players} players in the store"
            )


if __name__ == "__main__":
    main()
