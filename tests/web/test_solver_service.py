"""The solver service on local worker processes (no Redis) under a hostile or unlucky day, through
the paths a player takes: a real uvicorn server, solves started, polled and cancelled by several
players at once (refused when too many), a worker killed mid-solve, and ``spider serve`` killed
with SIGKILL."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from job_ids import FOREIGN_JOB_IDS
from procwatch import cpu_seconds, descendants, gone, wait_for

from spider.jobs.local import LocalJob, LocalJobs
from spider.jobs.protocol import SOLVE, Lane
from spider.store import token_hash
from spider.web.app import create_app
from tests.patience import AT_ONCE, GENEROUS

ROOT = Path(__file__).resolve().parents[2]
HARD = "SP1-S4C-AAAABAP"  # the solver can't decide it in a minute (bench figures)
EASY = "SP1-S1C-AAAAAAD"  # won in a second or two once its first row is dealt
ABANDONED_LIMIT = 60.0  # the time limit of the solves the tests walk away from: the most a player may ask
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc")


class LiveApp:
    """The app on a real uvicorn server in a thread, on a port the kernel picks; one solver worker
    and a wait list of one, so that any solve left running holds up everyone else's."""

    def __init__(self, database: Path) -> None:
        self.app = create_app(str(database), background=False)
        self.jobs: LocalJobs = self.app.state.context.player_jobs.jobs
        self.jobs.lanes[SOLVE] = replace(self.jobs.lanes[SOLVE], workers=1, waiting=1)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def player(self, code: str) -> tuple[httpx.Client, str]:
        """A new player (the cookie the server issues) with a game of ``code``, its first row dealt."""
        client = httpx.Client(base_url=self.url, timeout=GENEROUS)
        game = client.post("/api/games", json={"code": code}).json()
        assert client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0}).is_success
        return client, game["id"]

    def job_of(self, client: httpx.Client) -> tuple[LocalJob, int | None] | None:
        owner = token_hash(client.cookies["spider_player"])  # the player as the store and the jobs know them
        return next(((job, pid) for job, pid in self.jobs.listed() if job.owner == owner), None)

    def worker_of(self, client: httpx.Client) -> int:
        """The pid of the worker solving for this player, once it has one."""
        return wait_for(lambda: (self.job_of(client) or (None, 0))[1] or 0)

    def hold_the_worker(self) -> tuple[httpx.Client, str]:
        """A new player whose hard solve holds the one worker; the solve's job id."""
        client, game_id = self.player(HARD)
        job = ask(client, game_id, ABANDONED_LIMIT)
        self.worker_of(client)
        return client, job


def ask(client: httpx.Client, game_id: str, time_limit: float) -> str:
    r = client.post(f"/api/games/{game_id}/solve", json={"time_limit": time_limit})
    assert r.status_code == 202, r.text
    return str(r.json()["id"])


def answer(client: httpx.Client, job: str, seconds: float = GENEROUS) -> dict[str, Any]:
    """The solve's answer, polled as the page does."""

    def done() -> dict[str, Any] | None:
        r = client.get(f"/api/solves/{job}")
        assert r.status_code == 200, r.text
        return r.json() if r.json()["state"] == "done" else None

    return dict(wait_for(done, seconds)["answer"])


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveApp]:
    app = LiveApp(tmp_path / "db.sqlite3")
    app.thread.start()
    wait_for(lambda: app.server.started or not app.thread.is_alive())
    assert app.server.started
    yield app
    app.server.should_exit = True
    app.thread.join(timeout=GENEROUS)


def test_a_cancelled_solve_ends_its_worker_at_once_and_the_next_player_does_not_wait(live: LiveApp) -> None:
    canceller, job = live.hold_the_worker()
    abandoned_worker = live.worker_of(canceller)
    waiter, easy_game = live.player(EASY)
    waiting = ask(waiter, easy_game, ABANDONED_LIMIT)
    assert waiter.get(f"/api/solves/{waiting}").json()["state"] == "waiting"  # the one worker is busy
    cancelled = time.monotonic()
    assert canceller.delete(f"/api/solves/{job}").status_code == 204
    wait_for(lambda: gone(abandoned_worker), AT_ONCE, why="the cancelled solve's worker lived on")
    dropped = answer(canceller, job)
    assert dropped["result"] == "unknown" and dropped["reason"] == "cancelled" and dropped["message"]
    assert answer(waiter, waiting)["result"] == "won"
    assert time.monotonic() - cancelled < ABANDONED_LIMIT  # it did not wait for the abandoned search
    # the player who cancelled may ask again at once: their cancelled solve no longer counts
    again = canceller.post("/api/games", json={"code": EASY}).json()["id"]
    canceller.post(f"/api/games/{again}/actions", json={"action": "deal", "version": 0})
    assert answer(canceller, ask(canceller, again, 5))["result"] == "won"


def test_a_worker_killed_mid_solve_gets_a_clear_answer_and_the_next_solve_works(live: LiveApp) -> None:
    player, game = live.player(HARD)
    job = ask(player, game, ABANDONED_LIMIT)
    worker = live.worker_of(player)
    wait_for(lambda: cpu_seconds(worker) > 2)  # past its start: searching
    os.kill(worker, signal.SIGKILL)  # as the out-of-memory killer would
    body = answer(player, job)
    assert body["result"] == "unknown" and body["reason"] == "worker_lost"
    assert "ask again" in body["message"]

    easy = player.post("/api/games", json={"code": EASY}).json()
    player.post(f"/api/games/{easy['id']}/actions", json={"action": "deal", "version": 0})
    assert answer(player, ask(player, easy["id"], ABANDONED_LIMIT))["result"] == "won"


def test_a_deep_hint_shares_the_players_one_solve(live: LiveApp) -> None:
    """A deeper hint is worked out in a solver worker too: while the player's own solve runs it is
    refused (429, nothing started); once that solve is cancelled it is answered."""
    player, running = live.hold_the_worker()
    game = player.post("/api/games", json={"code": EASY}).json()["id"]
    refused = player.post(f"/api/games/{game}/hint", params={"deep": "true"})
    assert refused.status_code == 429 and refused.json()["reason"] == "solver_running"
    assert int(refused.headers["Retry-After"]) >= 1
    assert player.delete(f"/api/solves/{running}").status_code == 204
    answered = player.post(f"/api/games/{game}/hint", params={"deep": "true"})
    assert answered.status_code == 200 and answered.json()["action"] and answered.json()["message"]


def test_one_solve_per_player_a_bounded_wait_list_and_a_cancel_that_touches_nobody_else(live: LiveApp) -> None:
    first, running = live.hold_the_worker()
    hard_game = first.post("/api/games", json={"code": HARD}).json()["id"]
    second, easy_game = live.player(EASY)
    third, third_game = live.player(EASY)

    twice = first.post(f"/api/games/{hard_game}/solve", json={"time_limit": 5})
    assert twice.status_code == 429 and twice.json()["reason"] == "solver_running" and twice.json()["message"]
    assert 1 <= int(twice.headers["Retry-After"]) <= ABANDONED_LIMIT + 5

    waiting = ask(second, easy_game, ABANDONED_LIMIT)  # in the wait list: the one worker is busy
    full = third.post(f"/api/games/{third_game}/solve", json={"time_limit": 5})
    assert full.status_code == 429 and full.json()["reason"] == "solver_busy" and full.json()["message"]
    assert int(full.headers["Retry-After"]) >= 1
    # a player may cancel only their own job: the others' are untouched
    assert third.delete(f"/api/solves/{running}").status_code == 404
    assert second.get(f"/api/solves/{running}").status_code == 404
    assert first.get(f"/api/solves/{running}").json()["state"] == "running"
    # the waiting player walks away: the wait list has room again, and the running solve goes on
    assert second.delete(f"/api/solves/{waiting}").status_code == 204
    queued = ask(third, third_game, ABANDONED_LIMIT)
    assert first.get(f"/api/solves/{running}").json()["state"] == "running"
    assert first.delete(f"/api/solves/{running}").status_code == 204  # the first player walks away too
    assert answer(third, queued)["result"] == "won"


def test_a_solve_id_that_is_not_ours_is_404_never_a_5xx(live: LiveApp) -> None:
    player, game = live.player(EASY)
    ours = ask(player, game, 5)
    for job_id in FOREIGN_JOB_IDS:
        for method in ("GET", "DELETE"):
            r = player.request(method, f"/api/solves/{job_id}")
            assert r.status_code == 404 and r.json()["reason"] == "not_found", (method, job_id, r.text)
    assert answer(player, ours)["result"] == "won"  # the player's own solve was never touched


def test_cancelling_one_running_job_leaves_another_running_job_alone() -> None:
    jobs = LocalJobs({"lane": Lane(workers=2, waiting=0)})

    async def scenario() -> tuple[Any, int]:
        kept = await jobs.submit("lane", divmod_after, 3.0, 17, 5, seconds=10)
        dropped = await jobs.submit("lane", time.sleep, 60, seconds=60)
        dropped_pid = next(pid for job, pid in jobs.listed() if job.id == dropped)
        assert await jobs.cancel(dropped)
        while (state := await jobs.state(kept)) is not None and state.state != "done":
            await asyncio.sleep(0.05)
        return state.answer if state else None, dropped_pid or 0

    try:
        with ThreadPoolExecutor(1) as thread:
            result, dropped_pid = thread.submit(asyncio.run, scenario()).result()
    finally:
        jobs.close()
    assert result == (3, 2)
    assert wait_for(lambda: gone(dropped_pid), AT_ONCE)  # not when its 60 s sleep ends


def divmod_after(seconds: float, a: int, b: int) -> tuple[int, int]:
    """A job that takes a while, then answers something checkable."""
    time.sleep(seconds)
    return divmod(a, b)


def listening(client: httpx.Client) -> bool:
    try:
        return client.get("/").is_success
    except httpx.ConnectError:
        return False


def command_of(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


def test_the_solver_workers_and_resource_tracker_end_when_the_server_is_killed(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "serve", "--port", "0", "--database", str(tmp_path / "db.sqlite3")],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split("running at ", 1)[1].split()[0].rstrip("/")
        with httpx.Client(base_url=url, timeout=GENEROUS) as client:
            wait_for(lambda: listening(client))  # the address is printed just before uvicorn listens
            game = client.post("/api/games", json={"code": HARD}).json()
            # a solve that will still be searching when the server dies
            assert client.post(f"/api/games/{game['id']}/solve", json={"time_limit": 60}).status_code == 202

            def started() -> set[int]:
                pids = descendants(server.pid)
                commands = " ".join(command_of(pid) for pid in pids)
                return pids if "spawn_main" in commands and "resource_tracker" in commands else set()

            children = wait_for(started)
            server.kill()
            server.wait()
        assert wait_for(lambda: all(gone(pid) for pid in children), AT_ONCE)  # not when the solve ends
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
