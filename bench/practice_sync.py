"""What a practice action costs the server when the page sends its actions in batches
(POST /api/games/{id}/sync), beside a daily deal's action, sent one at a time (POST .../actions), on
SQLite and on PostgreSQL: CPU from /proc, per action acknowledged.

    python bench/practice_sync.py [--database sqlite postgresql] [--batches 1 5 10 20 30]
                                  [--clients 4] [--actions 600] [--repeat 2] [--no-daily]

For each store a fresh `spider serve` (one app process) runs on a fresh database (a temporary
SQLite file; a new PostgreSQL database on SPIDER_TEST_POSTGRESQL's server, reached through a
counting proxy in this process, so that the statements the app sends are counted: each Execute
or simple Query message, BEGIN and COMMIT included). Before each measured phase every client (one
keep-alive HTTP/1.1 connection each) has its practice games played by the Python engine, as the
page's engine plays them: Spider 2 suits, a random legal move or deal, an undo one time in ten,
games of 200 actions, each started on the page (its first batch creates it on the server). Then
the clients send them, batch after batch with no pause, --actions each. The daily phase plays a
stored daily deal's winning line one action at a time through /actions, again and again (the
first game of the deal is the counted attempt, the next ones practice of the same deck).

It prints, per (store, kind, batch size): actions acknowledged, requests, app CPU ms and
PostgreSQL CPU ms per action (the app's processes, and the backends of its database, from /proc),
statements per action (PostgreSQL), how busy the machine's CPUs were meanwhile and its load; each
phase --repeat times (other work on the machine shows as a spread). Last, whether the goal holds:
at most 0.3 ms of app CPU and 0.15 ms of PostgreSQL CPU per practice action, amortized over
batches of 10 or more (the page sends its actions every few seconds, so a batch holds several).
The clients run in this process: their CPU is not counted, but they compete with the server for
the machine's cores (busy and load say how much).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import socket
import statistics
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from http1 import Connection
from server import TIMEOUT, CpuMeter, database_for
from serving import spider_serve

from spider.daily import days
from spider.engine import DEAL_LIMIT, Game, card_text, format_code, variant
from spider.jobs.top_up import SEED_FILE
from spider.store import DailyDeal, open_store

GAME_ACTIONS = 200  # a practice game's actions (a won Spider line is 110 to 250, undos apart)
UNDO_SHARE = 0.1
LEVEL = variant("spider", 2, "classic")
DAILY_LEVEL = "spider-2-classic"
GOAL_APP_MS, GOAL_DB_MS, GOAL_FROM_BATCH = 0.3, 0.15, 10


# ----- the page's games ------------------------------------------------------------------------


def page_games(rng: random.Random, actions: int) -> list[tuple[str, list[str]]]:
    """Games as the page's engine plays them, ``actions`` in all: (code, actions as the record keeps them)."""
    games: list[tuple[str, list[str]]] = []
    left = actions
    while left > 0:
        code = format_code(LEVEL, rng.randrange(DEAL_LIMIT))
        game, texts = Game.from_code(code), []
        while len(texts) < min(GAME_ACTIONS, left):
            choices: list[Any] = list(game.legal_actions())
            if game.can_undo and (rng.random() < UNDO_SHARE or not choices):
                choices = ["undo"]
            if not choices:
                break
            texts.append(game.apply(rng.choice(choices)).text)
        if texts:
            games.append((code, texts))
            left -= len(texts)
    return games


# ----- counting PostgreSQL's statements --------------------------------------------------------


class StatementCounter:
    """A TCP proxy to PostgreSQL that counts the statements its clients send: each Execute (extended
    protocol, psycopg's) or Query (simple protocol: BEGIN, COMMIT) message. It reads the client's side
    only, and needs no TLS (the app's URL says sslmode=disable)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.count = 0
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            threading.Thread(target=self._pipe, args=(server, client, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(client, server, True), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, frontend: bool) -> None:
        pending, started = b"", not frontend  # the startup message has no type byte
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
                if not frontend:
                    continue
                pending += chunk
                while True:
                    head = 0 if not started else 1
                    if len(pending) < head + 4:
                        break
                    length = int.from_bytes(pending[head : head + 4], "big")
                    if len(pending) < head + length:
                        break
                    if started and pending[:1] in (b"E", b"Q"):
                        with self._lock:
                            self.count += 1
                    pending, started = pending[head + length :], True
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self._listener.close()


@contextmanager
def counted(database: str) -> Iterator[tuple[str, StatementCounter | None]]:
    """The URL the app should use (through the counter, on PostgreSQL) and the counter."""
    if not database.startswith("postgresql"):
        yield database, None
        return
    parts = urlsplit(database)
    counter = StatementCounter(parts.hostname or "127.0.0.1", parts.port or 5432)
    netloc = f"{parts.username or 'postgres'}@127.0.0.1:{counter.port}"
    try:
        yield urlunsplit(parts._replace(netloc=netloc, query="sslmode=disable&gssencmode=disable")), counter
    finally:
        counter.close()


# ----- the phases ------------------------------------------------------------------------------


@dataclass
class Phase:
    actions: int = 0
    requests: int = 0
    failures: Counter[str] = field(default_factory=Counter)


async def send_batches(conn: Connection, games: list[tuple[str, list[str]]], batch: int, phase: Phase) -> None:
    for code, actions in games:
        game_id = secrets.token_urlsafe(12)  # as the page makes one
        for first in range(0, len(actions), batch):
            chunk = actions[first : first + batch]
            body: dict[str, Any] = {
                "version": first,
                "actions": chunk,
                "times": [float(first + i) for i in range(len(chunk))],
            }
            if first == 0:
                body["start"] = {"code": code}
            answer = await conn.post(f"/api/games/{game_id}/sync", body)
            if answer.status_code != 200:
                phase.failures[str(answer.status_code)] += 1
                break
            phase.actions += len(chunk)
            phase.requests += 1


async def play_daily(conn: Connection, line: list[str], actions: int, phase: Phase) -> None:
    played = 0
    while played < actions:
        answer = await conn.post(f"/api/daily/{DAILY_LEVEL}", {})
        if answer.status_code not in (200, 201):
            phase.failures[f"daily {answer.status_code}"] += 1
            return
        view = answer.json()
        for action in line[view["version"] :]:
            answer = await conn.post(f"/api/games/{view['id']}/actions", {"action": action, "version": view["version"]})
            if answer.status_code != 200:
                phase.failures[str(answer.status_code)] += 1
                return
            view = answer.json()
            phase.actions += 1
            phase.requests += 1
            played += 1
            if played >= actions:
                return


async def run_phase(base: str, clients: int, work: list[Any], send: Any) -> Phase:
    address = urlsplit(base)
    conns = [Connection(address.hostname or "127.0.0.1", address.port or 80, TIMEOUT) for _ in range(clients)]
    phase = Phase()
    try:
        await asyncio.gather(*(send(conn, load, phase) for conn, load in zip(conns, work, strict=True)))
    finally:
        await asyncio.gather(*(c.close() for c in conns))
    return phase


def store_daily_deal(database: str) -> list[str]:
    """Today's deal of DAILY_LEVEL: a shipped winnable deal, as a deck; its winning line."""
    import json

    seed = json.loads(SEED_FILE.read_text(encoding="utf-8"))[DAILY_LEVEL][0]
    deck = [card_text(card) for card in Game.from_code(seed["code"]).deck or ()]
    store = open_store(database)
    try:
        deal = DailyDeal(day=days.today(), level=DAILY_LEVEL, deck=deck, line=list(seed["line"]), difficulty="easy")
        store.add_daily_deal(deal, time.time())
    finally:
        store.close()
    return list(seed["line"])


@dataclass
class Row:
    store: str
    kind: str
    batch: int
    app_ms: float
    db_ms: float | None


HEADER = (
    f"{'store':<10} {'kind':<8} {'batch':>5} {'actions':>7} {'requests':>8} {'app ms/act':>10} {'db ms/act':>9}"
    f" {'stmts/act':>9} {'app ms/req':>10} {'busy':>5} {'load':>5}  failures"
)


def measure(store: str, kind: str, batch: int, meter: CpuMeter, counter: StatementCounter | None, run: Any) -> Row:
    statements = counter.count if counter else 0
    before = meter.snapshot()
    phase: Phase = asyncio.run(run())
    app, db, busy, _clients = meter.spent(before, meter.snapshot())
    statements = (counter.count - statements) if counter else 0
    n = max(1, phase.actions)
    on_pg = counter is not None
    db_ms = db / n * 1000 if on_pg else None
    print(
        f"{store:<10} {kind:<8} {batch:>5} {phase.actions:>7} {phase.requests:>8} {app / n * 1000:>10.3f}"
        f" {f'{db_ms:.3f}' if db_ms is not None else '-':>9} {f'{statements / n:.2f}' if on_pg else '-':>9}"
        f" {app / max(1, phase.requests) * 1000:>10.2f} {busy:>5.0%} {os.getloadavg()[0]:>5.2f}  "
        + (", ".join(f"{k}: {v}" for k, v in phase.failures.most_common()) or "-"),
        flush=True,
    )
    return Row(store, kind, batch, app / n * 1000, db_ms)


def verdict(rows: list[Row]) -> str:
    """The goal, on the median of the repeats of each batch size of GOAL_FROM_BATCH actions or more."""
    notes, met = [], True
    for store in dict.fromkeys(r.store for r in rows):
        sizes = sorted(
            {r.batch for r in rows if r.store == store and r.kind == "practice" and r.batch >= GOAL_FROM_BATCH}
        )
        for size in sizes:
            mine = [r for r in rows if r.store == store and r.kind == "practice" and r.batch == size]
            app = statistics.median(r.app_ms for r in mine)
            ok = app <= GOAL_APP_MS
            note = f"{store} ×{size}: app {app:.3f} ms"
            dbs = [r.db_ms for r in mine if r.db_ms is not None]
            if dbs:
                db = statistics.median(dbs)
                ok &= db <= GOAL_DB_MS
                note += f", PostgreSQL {db:.3f} ms"
            met &= ok
            notes.append(note + ("" if ok else " (over)"))
    if not notes:
        return f"goal: not measured (needs batches of {GOAL_FROM_BATCH} or more)"
    goal = f"≤ {GOAL_APP_MS} ms app, ≤ {GOAL_DB_MS} ms PostgreSQL per practice action"
    return f"goal {goal}: {'MET' if met else 'MISSED'}: " + "; ".join(notes)


async def practice_phase(base: str, clients: int, work: list[Any], size: int) -> Phase:
    return await run_phase(base, clients, work, lambda c, games, p: send_batches(c, games, size, p))


async def daily_phase(base: str, clients: int, actions: int, line: list[str]) -> Phase:
    return await run_phase(base, clients, [actions] * clients, lambda c, n, p: play_daily(c, line, n, p))


def run_store(store: str, args: argparse.Namespace, rng: random.Random) -> list[Row]:
    """Every phase on a fresh server and database of ``store``, --repeat times."""
    rows: list[Row] = []
    with database_for(store) as database, counted(database) as (url, counter):
        line = [] if args.no_daily else store_daily_deal(database)
        with spider_serve(url, 1) as (server, base):
            time.sleep(1)
            meter = CpuMeter(server.pid, database)
            for _ in range(args.repeat):
                for size in args.batches:
                    work = [page_games(rng, args.actions) for _ in range(args.clients)]  # before the phase
                    run = partial(practice_phase, base, args.clients, work, size)
                    rows.append(measure(store, "practice", size, meter, counter, run))
                if line:
                    run = partial(daily_phase, base, args.clients, args.actions, line)
                    rows.append(measure(store, "daily", 1, meter, counter, run))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", nargs="+", choices=["sqlite", "postgresql"], default=["sqlite", "postgresql"])
    parser.add_argument("--batches", type=int, nargs="*", default=[1, 5, 10, 20, 30], help="none: the daily phase only")
    parser.add_argument("--clients", type=int, default=4, help="connections sending at once")
    parser.add_argument("--actions", type=int, default=600, help="actions each client sends per phase")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each phase")
    parser.add_argument("--no-daily", action="store_true", help="no daily deal's actions (/actions, one at a time)")
    parser.add_argument("--seed", type=int, default=54)
    args = parser.parse_args()
    print(
        f"{args.clients} clients, {args.actions} actions each per phase, {os.cpu_count()} CPUs, load"
        f" {' '.join(f'{x:.2f}' for x in os.getloadavg())}; CPU in ms per action acknowledged"
    )
    print(HEADER)
    rng = random.Random(args.seed)
    rows: list[Row] = []
    for store in args.database:
        rows += run_store(store, args, rng)
    print(verdict(rows))


if __name__ == "__main__":
    main()
