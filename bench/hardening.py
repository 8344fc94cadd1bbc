"""A hostile or unlucky day against a real `spider serve` process (loopback only, bounded).

    python bench/hardening.py [--header-mib 200] [--body-mib 300] [--stalled 1000] [--cookieless 5000] [--outage 4]

On a SQLite file seeded with --old-players players that have nothing stored (made 2 days ago, as
cookie-less requests once made them) and a server that expires such players after 1 day, prints:
how many players are left once it started; the player rows --cookieless GETs of a player's routes
without a cookie add; the answers to an integer query parameter past 64 bits, a 100 KB request head
sent in one write and in 4 KB writes, a malformed request line, a method a path does not take (its
Allow header), a setting of the wrong type, and the headers of a player's answer (Cache-Control,
Server, HSTS over a local proxy's https); the server's resident memory before and after one
connection sends a request head of --header-mib MiB (431 after 16 KiB), and a chunked body of
--body-mib MiB with and without Content-Length beside it (400 and 411 or 413), what becomes of --stalled
connections that stop half-way through a request head or body (408 after 10 s, then closed), and how
long /api/health takes while an action waits for a database lock held by another connection. Then,
on a fresh PostgreSQL database that refuses connections for --outage seconds, how many of the
server's log lines are not JSON. Last, on a fresh server, --abusive solves started in --abusive
seconds from one address (127.0.0.2), each by a new player (a cookie-less new game, then its solve:
the status line read and the connection dropped), while another address (127.0.0.3) asks for a 1-s
solve every few seconds: that player's answers (202 or 429 and its reason) and how long each took.
--solver-only runs only that last part; --solve-workers sets SPIDER_SOLVE_WORKERS for it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import socket
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import httpx
from http1 import Connection
from serving import POSTGRESQL_SERVER, fresh_postgresql, spider_serve

# FORWARDED_ALLOW_IPS: the benchmark stands for a local proxy, whose X-Forwarded-Proto is believed
SERVER_ENV = {"SPIDER_PLAYER_EXPIRY_DAYS": "1", "FORWARDED_ALLOW_IPS": "127.0.0.1"}


def rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


def _flood(port: int, head: bytes, first: bytes, chunk: bytes, mib: int, last: bytes) -> tuple[int, bytes]:
    """Send ``head``, ``first``, ``mib`` times ``chunk`` and ``last`` until the server stops reading:
    the bytes of ``chunk`` sent by then, and the first line of its answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(head)
    sent = 0
    try:
        sock.sendall(first)
        for _ in range(mib):
            sock.sendall(chunk)
            sent += len(chunk)
        sock.sendall(last)
    except OSError:
        pass
    try:
        answer = sock.recv(200).split(b"\r\n")[0]
    except OSError as err:
        answer = f"({err.__class__.__name__})".encode()
    sock.close()
    return sent, answer


def huge_header(port: int, mib: int) -> tuple[int, bytes]:
    """Bytes sent before the server stopped reading, and the first line of its answer."""
    return _flood(port, b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ", b"", b"a" * (1 << 20), mib, b"")


def huge_chunked_body(port: int, mib: int, length: bool) -> tuple[int, bytes]:
    """A settings PUT whose chunked body is ``mib`` MiB of JSON (``{"sound": false}`` and spaces), with
    ``Content-Length: 2`` beside it or not: bytes sent before the server stopped reading, and the
    first line of its answer."""
    framing = b"Transfer-Encoding: chunked\r\n" + (b"Content-Length: 2\r\n" if length else b"")
    head = b"PUT /api/player/settings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + framing
    chunk = b"%x\r\n" % (1 << 20) + b" " * (1 << 20) + b"\r\n"
    return _flood(port, head, b'\r\n10\r\n{"sound": false}\r\n', chunk, mib, b"0\r\n\r\n")


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


PLAYER_GETS = ("/api/player", "/api/games/current", "/api/games/no-such-game", "/api/history", "/api/stats")


async def cookieless_gets(port: int, count: int) -> dict[int, int]:
    """``count`` GETs of a player's routes that carry no cookie (20 connections at once); how many
    got each status."""
    statuses: dict[int, int] = {}

    async def one_client(first: int) -> None:
        conn = Connection("127.0.0.1", port, timeout=30)
        try:
            for i in range(first, count, 20):
                conn.cookie = b""  # never send back what the server issued
                status = (await conn.get(PLAYER_GETS[i % len(PLAYER_GETS)])).status_code
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            await conn.close()

    await asyncio.gather(*(one_client(first) for first in range(20)))
    return statuses


def players_in(database: str) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT count(*) FROM players").fetchone()[0]


def seed_players(database: str, old: int, days: float) -> None:
    """``old`` players with nothing stored, made ``days`` ago (as every cookie-less request once made
    them), and one player of the same age with settings: the schema is made by opening the store."""
    from spider.store import open_store

    open_store(database).close()
    made = time.time() - days * 86400
    with sqlite3.connect(database) as db:
        db.executemany(
            "INSERT INTO players (token, created) VALUES (?, ?)", [(f"old{i:029d}", made) for i in range(old)]
        )
        db.execute(
            "INSERT INTO players (token, settings, created) VALUES (?, ?, ?)", ("s" * 32, '{"sound": false}', made)
        )


def one_answer(port: int, data: bytes, chunk: int | None = None) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` (in one write, or in writes of ``chunk`` bytes) and read the answer: status,
    headers (lower-case names), body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            if chunk is None:
                sock.sendall(data)
            else:
                for i in range(0, len(data), chunk):
                    sock.sendall(data[i : i + chunk])
                    time.sleep(0.001)  # each write its own segment
        except OSError:
            pass  # the server answered and closed before the rest arrived
        received = b""
        try:
            while b"\r\n\r\n" not in received and (part := sock.recv(65536)):
                received += part
            head, _, body = received.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            headers = dict(
                (name.strip().lower(), value.strip()) for name, _, value in (line.partition(":") for line in lines[1:])
            )
            length = int(headers.get("content-length", len(body)))
            while len(body) < length and (part := sock.recv(65536)):
                body += part
            return int(lines[0].split(" ")[1]), headers, body
        except (OSError, IndexError, ValueError):
            return 0, {}, received


def described(status: int, headers: dict[str, str], body: bytes) -> str:
    """An answer in a few words: status, JSON or not, the security and request-id headers."""
    try:
        reason = json.loads(body).get("reason", "?")
        kind = f"JSON reason {reason}"
    except ValueError:
        kind = f"not JSON ({headers.get('content-type', 'no type')})"
    extras = [name for name in ("content-security-policy", "x-request-id") if name in headers]
    return f"{status}, {kind}, with [{', '.join(extras)}]"


def requests_and_answers(base: str, port: int) -> None:
    """The probes of a query integer, a request head's size and cutting, 405's Allow, a lax boolean,
    the headers of player answers and the server's own refusals."""
    with httpx.Client(base_url=base, timeout=30) as client:
        r = client.get("/api/history", params={"offset": str(2**63)})
        print(f"GET /api/history?offset=2**63: {described(r.status_code, dict(r.headers), r.content)}")
        client.cookies.clear()
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"
    whole = one_answer(port, head)[0]
    pieces = one_answer(port, head, chunk=4096)[0]
    print(f"100 KB request head: in one write {whole}, in 4 KB writes {pieces}")
    print(f"  431 answer: {described(*one_answer(port, head, chunk=4096))}")
    malformed = one_answer(port, b"NOT HTTP AT ALL\r\n\r\n")
    print(f"  a malformed request line: {described(*malformed)}")
    with httpx.Client(base_url=base, timeout=30) as client:
        for path in ("/api/history", "/api/solves/some-job"):
            r = client.request("PATCH", path)
            print(f"PATCH {path}: {r.status_code}, Allow: {r.headers.get('allow')}")
        game = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"})
        r = client.put("/api/player/settings", json={"sound": 0})
        sound = client.get("/api/player").json()["settings"]["sound"]
        print(f'PUT /api/player/settings {{"sound": 0}}: {r.status_code}; sound is now {sound}')
        r = client.get(f"/api/games/{game.json()['id']}")
        print(
            f"a game's view: Cache-Control {r.headers.get('cache-control')!r}, Server {r.headers.get('server')!r},"
            f" Strict-Transport-Security {r.headers.get('strict-transport-security')!r}"
        )
        r = client.get(f"/api/games/{game.json()['id']}", headers={"X-Forwarded-Proto": "https"})
        print(
            "  through a local proxy that says https: Strict-Transport-Security"
            f" {r.headers.get('strict-transport-security')!r}"
        )


def log_lines_in_an_outage(seconds: float) -> None:
    """A server on a fresh PostgreSQL database that stops taking connections for ``seconds``: how many
    of the lines the server wrote meanwhile are not JSON."""
    import psycopg

    try:
        made = fresh_postgresql()
        url = made.__enter__()
    except psycopg.Error as err:
        print(f"log lines in a database outage: not measured (no PostgreSQL: {err})")
        return
    name = url.rsplit("/", 1)[1]
    try:
        with tempfile.TemporaryFile("w+") as log, spider_serve(url, stderr=log) as (_server, base):
            with (
                httpx.Client(base_url=base, timeout=30) as client,
                psycopg.connect(POSTGRESQL_SERVER, autocommit=True) as admin,
            ):
                client.post("/api/games", json={"code": "SD1-S4-AAAAABD"})
                admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
                statuses: dict[int, int] = {}
                end = time.monotonic() + seconds
                while time.monotonic() < end:
                    status = client.get("/api/player").status_code
                    statuses[status] = statuses.get(status, 0) + 1
                    time.sleep(0.2)
                admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
                time.sleep(1)
            log.seek(0)
            lines = [line for line in log.read().splitlines() if line.strip()]
        plain = [line for line in lines if not _is_json(line)]
        print(
            f"PostgreSQL refusing connections for {seconds:.0f} s: answers {statuses};"
            f" server log lines {len(lines)}, not JSON {len(plain)}"
        )
        if plain:
            print(f"  e.g. {plain[0][:120]!r}")
    finally:
        made.__exit__(None, None, None)


def log_summary(path: Path) -> str:
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines if _is_json(line)]
    plain = [line for line in lines if not _is_json(line)]
    tracebacks = sum("exception" in entry for entry in entries) + sum(line.startswith("Traceback") for line in plain)
    return f"{len(lines)} lines, not JSON {len(lines) - len(entries)}, with a traceback {tracebacks}"


def _is_json(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


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


EASY = "SP1-S1C-AAAAAAD"  # won by the solver in a second or two


def _client_at(address: str, base: str) -> httpx.Client:
    return httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address), timeout=30)


def abusive_solves(base: str, count: int, seconds: float, tally: dict[str, int]) -> None:
    """``count`` solves in ``seconds`` from 127.0.0.2, each by a new player that never comes back."""
    start = time.monotonic()
    for i in range(count):
        time.sleep(max(0.0, start + i * seconds / count - time.monotonic()))
        with _client_at("127.0.0.2", base) as client:
            made = client.post("/api/games", json={"suits": 4})  # a deal the solver takes its whole time on
            if made.status_code != 201:
                tally[f"new game {made.status_code}"] = tally.get(f"new game {made.status_code}", 0) + 1
                continue
            with client.stream("POST", f"/api/games/{made.json()['id']}/solve", json={}) as started:
                reason = "" if started.status_code == 202 else f" {json.loads(started.read())['reason']}"
                tally[f"solve {started.status_code}{reason}"] = tally.get(f"solve {started.status_code}{reason}", 0) + 1


def one_fair_solve(client: httpx.Client, game: str) -> str:
    """Ask for a 1-s solve and wait for its answer: what happened, and in how many seconds."""
    start = time.monotonic()
    asked = client.post(f"/api/games/{game}/solve", json={"time_limit": 1})
    if asked.status_code != 202:
        return f"{asked.status_code} {asked.json()['reason']} (Retry-After {asked.headers.get('Retry-After')})"
    while client.get(f"/api/solves/{asked.json()['id']}").json()["state"] != "done":
        time.sleep(0.1)
    return f"202, answered in {time.monotonic() - start:.1f} s"


def solver_under_abuse(count: int, env: dict[str, str]) -> None:
    seconds = float(count)
    with tempfile.TemporaryDirectory() as tmp, spider_serve(str(Path(tmp) / "s.sqlite3"), env=env) as (_, base):
        tally: dict[str, int] = {}
        abuser = threading.Thread(target=abusive_solves, args=(base, count, seconds, tally))
        with _client_at("127.0.0.3", base) as player:
            game = player.post("/api/games", json={"code": EASY}).json()["id"]
            print(one_fair_solve(player, game), "(the other address's solve before the abuse: warm-up)")
            abuser.start()
            answers, end = [], time.monotonic() + seconds
            time.sleep(2)
            while time.monotonic() < end:
                answers.append(one_fair_solve(player, game))
                time.sleep(4)  # a person's pace, well within the solves a minute one address may start
            abuser.join()
        print(f"{count} solves in {seconds:.0f} s from 127.0.0.2 as new players: {dict(sorted(tally.items()))}")
        print(f"  meanwhile 127.0.0.3's 1-s solves: {answers}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--header-mib", type=int, default=200)
    parser.add_argument("--body-mib", type=int, default=300)
    parser.add_argument("--stalled", type=int, default=1000)
    parser.add_argument("--cookieless", type=int, default=5000)
    parser.add_argument("--old-players", type=int, default=1000)
    parser.add_argument("--outage", type=float, default=4.0, help="seconds PostgreSQL refuses connections")
    parser.add_argument("--abusive", type=int, default=30, help="solves from one address, one a second")
    parser.add_argument("--solve-workers", type=int, help="SPIDER_SOLVE_WORKERS for that part")
    parser.add_argument("--solver-only", action="store_true", help="only the solves from one address")
    args = parser.parse_args()
    workers = {"SPIDER_SOLVE_WORKERS": str(args.solve_workers)} if args.solve_workers else {}
    if args.solver_only:
        solver_under_abuse(args.abusive, workers)
        return
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "b.sqlite3")
        seed_players(database, args.old_players, days=2)
        log = open(Path(tmp) / "server.log", "w+")  # noqa: SIM115 (read after the server stopped)
        with log, spider_serve(database, env=SERVER_ENV, stderr=log) as (server, base):
            port = int(base.rsplit(":", 1)[1])
            httpx.get(f"{base}/api/health")
            time.sleep(2)  # the expiry's first run is at start
            left = players_in(database)
            print(
                f"{args.old_players} players with nothing stored, 2 days old, and 1 with settings; expiry after"
                f" 1 day: {left} players left 2 s after the server started"
            )
            before, memory = players_in(database), rss_mib(server.pid)
            statuses = asyncio.run(cookieless_gets(port, args.cookieless))
            print(
                f"cookie-less GETs: {args.cookieless} {dict(sorted(statuses.items()))}, player rows added:"
                f" {players_in(database) - before}; server memory {memory:.1f} MiB before, {rss_mib(server.pid):.1f}"
                " MiB after"
            )
            requests_and_answers(base, port)
            before = rss_mib(server.pid)
            sent, answer = huge_header(port, args.header_mib)
            print(
                f"request head of {args.header_mib} MiB: ~{sent / 2**20:.1f} MiB sent until the server stopped it,"
                f" answer {answer!r};"
            )
            print(f"  server memory {before:.1f} MiB before, {rss_mib(server.pid):.1f} MiB after")
            for length in (True, False):
                before = rss_mib(server.pid)
                sent, answer = huge_chunked_body(port, args.body_mib, length)
                beside = " beside Content-Length: 2" if length else ""
                print(
                    f"chunked body of {args.body_mib} MiB{beside}: ~{sent / 2**20:.1f} MiB sent until the server"
                    f" stopped it, answer {answer!r}; server memory {before:.1f} MiB before,"
                    f" {rss_mib(server.pid):.1f} MiB after"
                )
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
        print(f"the server's log of all that: {log_summary(Path(tmp) / 'server.log')}")
    log_lines_in_an_outage(args.outage)
    solver_under_abuse(args.abusive, workers)


if __name__ == "__main__":
    main()
