"""`spider serve --workers 2` as a real process tree, on SQLite and on PostgreSQL (a schema of its
own): two clients on one game through two different workers, a worker killed with SIGKILL in the
middle of a stream of actions, and a graceful stop."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from spider.store import is_postgresql, open_store, token_hash
from tests.patience import AT_ONCE, GENEROUS, wait_for
from tests.postgres import fresh_database
from tests.web.procwatch import children, cpu_seconds, descendants, gone, read_by_server

pytestmark = pytest.mark.process

CODE = "SP1-S1C-AAAAAAD"


@dataclass
class Served:
    """A running `spider serve` and what its JSON log says."""

    process: subprocess.Popen[str]
    port: int
    log: Path

    def entries(self) -> list[dict[str, Any]]:
        lines = self.log.read_text(encoding="utf-8").split("\n")[:-1]  # the last one may be half written
        return [json.loads(line) for line in lines if line.startswith("{")]

    def pid_of(self, request_id: str, wait: float = GENEROUS) -> int:
        """The worker that answered a request (its access line is written just after the answer)."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            for entry in self.entries():
                if entry.get("request_id") == request_id and entry["logger"] == "spider.access":
                    return int(entry["pid"])
            time.sleep(0.02)
        raise AssertionError(f"no access line for {request_id}")

    def worker_pids(self) -> set[int]:
        """The app workers: the children uvicorn's supervisor spawned (not multiprocessing's tracker)."""
        return {c for c in children(self.process.pid) if b"spawn_main" in _cmdline(c)}


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def start(database: str, log: Path, workers: int = 2, env: dict[str, str] | None = None, port: int = 0) -> Served:
    """``env``: variables on top of the test's (the top-up is off unless it says otherwise). One
    worker is one process (the app in ``spider serve`` itself, no job host). ``port`` 0: any free one."""
    env = (
        os.environ
        | {"PYTHONPATH": str(Path.cwd()), "SPIDER_LOG_LEVEL": "info", "SPIDER_BACKGROUND": "false"}
        | (env or {})
    )
    with log.open("a") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "spider.cli", "serve", "--port", str(port), "--database", database],
            env=env | {"SPIDER_WORKERS": str(workers)},
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
    try:
        assert process.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert found, log.read_text()
        served = Served(process, int(found.group(1)), log)
        deadline = time.monotonic() + GENEROUS  # a loaded machine starts Python slowly
        while len(served.worker_pids()) < (workers if workers > 1 else 0) or not _answers(served.port):
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.1)
    except BaseException:
        process.send_signal(signal.SIGTERM)  # the supervisor stops its workers too
        process.wait(GENEROUS)
        raise
    return served


def _answers(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("GET", "/api/health")
        return conn.getresponse().status == 200
    except OSError:
        return False


def stop(served: Served) -> None:
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(timeout=GENEROUS)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with fresh_database(tmp_path, request.param == "postgresql") as made:
        yield made


@pytest.fixture
def served(database: str, tmp_path: Path) -> Iterator[Served]:
    s = start(database, tmp_path / "server.log")
    yield s
    stop(s)


@dataclass
class Client:
    """One keep-alive connection (so one worker) of a player."""

    port: int
    cookie: str = ""
    conn: http.client.HTTPConnection = field(init=False)
    headers: http.client.HTTPMessage | None = None  # the last answer's

    def __post_init__(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=GENEROUS)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, Any, str]:
        """(status, JSON body, request id)."""
        rid = uuid.uuid4().hex
        headers = {"X-Request-ID": rid, "Cookie": f"spider_player={self.cookie}"}
        data = None if body is None else json.dumps(body)
        if data is not None:
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        self.headers = response.headers
        cookie = re.search(r"spider_player=([^;]+)", response.headers.get("set-cookie", ""))
        if cookie:
            self.cookie = cookie.group(1)
        return response.status, json.loads(response.read() or b"null"), rid


def some_action(view: dict[str, Any], turn: int) -> str:
    """A legal action of the view, varied by ``turn``."""
    choices = [f"{g['column']}>{t}:{g['count']}" for g in view["groups"] for t in g["targets"]]
    choices += ["deal"] * view["can_deal"] + ["undo"] * view["can_undo"]
    return choices[turn % len(choices)]


def record(database: str, cookie: str, game_id: str) -> list[str]:
    """The game's log as the store keeps it (under the hash of the player's cookie)."""
    store = open_store(database)
    try:
        row = store.get_game(token_hash(cookie), game_id)
        assert row is not None
        store.load_actions(row)
        return row.actions
    finally:
        store.close()


@contextmanager
def action_held(database: str, game_id: str) -> Iterator[None]:
    """The game's row locked by another connection while inside: an action on it waits."""
    if not is_postgresql(database):
        blocker = sqlite3.connect(database, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        yield
        blocker.execute("COMMIT")
        return
    import psycopg

    with psycopg.connect(database) as blocker:
        blocker.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,))
        yield


def two_workers(served: Served, cookie: str) -> tuple[Client, Client]:
    """Two connections of one player that two different worker processes answer. A worker still
    starting (its words prepared, its store opened) takes no connection yet, so this keeps asking
    for a while: a bound on a hang, not a speed check."""
    first = Client(served.port, cookie)
    pid = served.pid_of(first.call("GET", "/api/games/current")[2])
    deadline = time.monotonic() + GENEROUS
    while time.monotonic() < deadline:
        other = Client(served.port, cookie)
        if served.pid_of(other.call("GET", "/api/games/current")[2]) != pid:
            return first, other
        other.conn.close()
        time.sleep(0.05)
    raise AssertionError(f"every connection went to one worker for {GENEROUS:.0f} s")


def test_two_clients_through_two_workers_get_409_and_the_log_never_forks(served: Served, database: str) -> None:
    owner = Client(served.port)
    status, game, _ = owner.call("POST", "/api/games", {"code": CODE})
    assert status == 201
    a, b = two_workers(served, owner.cookie)
    path = f"/api/games/{game['id']}/actions"

    # both saw version 0; a plays first, so b's action on version 0 is refused with the current table
    status, after_a, rid_a = a.call("POST", path, {"action": some_action(game, 0), "version": 0})
    status_b, stale, rid_b = b.call("POST", path, {"action": some_action(game, 1), "version": 0})
    assert status == 200 and served.pid_of(rid_a) != served.pid_of(rid_b)
    assert status_b == 409 and stale["reason"] == "stale" and stale["view"]["version"] == 1

    # then both play as fast as they can, each from the last table it saw
    acknowledged: dict[int, str] = {0: some_action(game, 0)}
    refused = [0]
    lock = threading.Lock()

    def play(client: Client, view: dict[str, Any], turns: int) -> None:
        for turn in range(turns):
            action = some_action(view, turn)
            status, body, _ = client.call("POST", path, {"action": action, "version": view["version"]})
            with lock:
                if status == 200:
                    assert view["version"] not in acknowledged  # one action per version, ever
                    acknowledged[view["version"]] = action
                    view = body
                else:
                    assert status == 409, body
                    refused[0] += 1
                    view = body["view"]

    threads = [threading.Thread(target=play, args=(c, v, 60)) for c, v in ((a, after_a), (b, stale["view"]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(GENEROUS)
        assert not t.is_alive(), "a client hung"
    log = record(database, owner.cookie, game["id"])
    assert len(log) == len(acknowledged) and all(log[v] == action for v, action in acknowledged.items())
    assert len(acknowledged) + refused[0] == 1 + 2 * 60


def test_a_worker_killed_mid_stream_loses_nothing_acknowledged_and_applies_nothing_twice(
    served: Served, database: str, tmp_path: Path
) -> None:
    client = Client(served.port)
    status, game, _ = client.call("POST", "/api/games", {"code": CODE})
    path = f"/api/games/{game['id']}/actions"
    acknowledged: dict[int, str] = {}
    unanswered = 0  # actions whose answer was lost with the worker: applied or not, never twice
    pids: list[int] = []
    view, turn, killed = game, 0, None
    deadline = time.monotonic() + GENEROUS
    while len(acknowledged) < 120 and time.monotonic() < deadline:
        if killed is None and len(acknowledged) == 40:
            # the worker that answered last (so the one this connection talks to) dies mid-stream
            killed = pids[-1]
            threading.Timer(0.005, os.kill, (killed, signal.SIGKILL)).start()
        action = some_action(view, turn)
        turn += 1
        try:
            status, body, rid = client.call("POST", path, {"action": action, "version": view["version"]})
        except (OSError, http.client.HTTPException):
            unanswered += 1
            client.conn.close()
            client = Client(served.port, client.cookie)
            view = _current(client, game["id"])  # whatever was applied, the version says so
            continue
        if status == 200:
            assert view["version"] not in acknowledged
            acknowledged[view["version"]] = action
            if killed is None:  # (a worker killed just after its answer never writes its access line)
                pids.append(served.pid_of(rid))
            view = body
        else:
            assert status == 409, body  # the lost answer's action was applied: its version is used
            view = body["view"]
    assert killed is not None and len(acknowledged) == 120
    # the stream went on through the live workers, and the supervisor replaces the dead one (in
    # its own time: the 80 actions after the kill may all be answered before it has noticed)
    wait_for(
        lambda: killed not in served.worker_pids() and len(served.worker_pids()) == 2,
        why=f"workers {served.worker_pids()}: {killed} not replaced",
    )
    assert unanswered <= 1
    print(f"killed {killed} mid-stream; answers lost with it: {unanswered}")

    stop(served)
    again = start(database, tmp_path / "again.log")
    try:
        reader = Client(again.port, client.cookie)
        status, final, _ = reader.call("GET", f"/api/games/{game['id']}")
    finally:
        stop(again)
    log = record(database, client.cookie, game["id"])
    assert all(log[v] == action for v, action in acknowledged.items())
    assert final["version"] == len(log) <= len(acknowledged) + unanswered


def _current(client: Client, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + GENEROUS
    while True:
        try:
            status, view, _ = client.call("GET", f"/api/games/{game_id}")
            assert status == 200
            return view
        except (OSError, http.client.HTTPException):
            assert time.monotonic() < deadline
            client.conn.close()
            client.conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=GENEROUS)
            time.sleep(0.1)


def test_sigterm_finishes_the_action_in_flight_and_stops(served: Served, database: str) -> None:
    client = Client(served.port)
    status, game, _ = client.call("POST", "/api/games", {"code": CODE})
    assert status == 201
    answer: list[Any] = []
    sent = threading.Event()

    def send() -> None:
        body = json.dumps({"action": "deal", "version": 0})
        headers = {"Cookie": f"spider_player={client.cookie}", "Content-Type": "application/json"}
        client.conn.request("POST", f"/api/games/{game['id']}/actions", body=body, headers=headers)
        sent.set()
        response = client.conn.getresponse()
        answer.append((response.status, json.loads(response.read())))

    sender = threading.Thread(target=send)
    with action_held(database, game["id"]):  # the action waits for the lock: it is in flight at the stop
        sender.start()
        wait_for(sent.is_set)
        assert client.conn.sock is not None
        client_port = client.conn.sock.getsockname()[1]
        wait_for(lambda: read_by_server(served.port, client_port), why="the server never read the action")
        workers = served.worker_pids()
        served.process.send_signal(signal.SIGTERM)
        # the workers begin their stop at once; the store gives up on a lock held 2 s, so the wait
        # for that is short, and the lock is let go either way
        stopping = time.monotonic() + 1.0
        while time.monotonic() < stopping and not any(e["message"] == "Shutting down" for e in served.entries()):
            time.sleep(0.02)
    sender.join(GENEROUS)
    served.process.wait(timeout=GENEROUS)
    assert answer and answer[0][0] == 200 and answer[0][1]["version"] == 1
    assert record(database, client.cookie, game["id"]) == ["deal"]
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)


def test_sigterm_ends_solver_work_at_once(tmp_path: Path) -> None:
    """At once: not when its 60 s search would end (bench/solver_service.py measures how soon)."""
    served = start(str(tmp_path / "db.sqlite3"), tmp_path / "server.log")
    try:
        client = Client(served.port)
        status, game, _ = client.call("POST", "/api/games", {"code": "SP1-S4C-AAAAAAD"})
        assert status == 201

        def ask() -> None:
            with contextlib.suppress(Exception):  # whatever the answer, or none: the stop may cut it off
                client.call("POST", f"/api/games/{game['id']}/solve", {"time_limit": 60})

        threading.Thread(target=ask, daemon=True).start()
        workers = served.worker_pids()
        # the solver processes are the job host's, which runs every worker's solver jobs
        host = {c for c in children(served.process.pid) if b"spider.jobs.host" in _cmdline(c)}

        def solvers() -> set[int]:
            return set().union(*(descendants(h) for h in host))

        def searching() -> bool:  # a solver process has used some CPU: the search is under way
            for pid in solvers():
                with contextlib.suppress(OSError, IndexError):
                    if cpu_seconds(pid) > 0.5:
                        return True
            return False

        wait_for(searching, why="no solver process started")
        ended = host | solvers()
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(timeout=AT_ONCE)
        assert all(gone(pid) for pid in ended | workers)  # a zombie awaiting its new parent has ended
    finally:
        stop(served)
