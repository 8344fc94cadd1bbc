"""Solver jobs under `spider serve --workers 2` as a real process tree: without Redis, every app worker
goes through the one job host (a solve started through one worker is polled and cancelled through
the other, one per player for the whole server); the job host stopped or killed (503 and not ready,
never a 500; its jobs answered as lost once it is back); and the site's one scheduled top-up, with and
without Redis, whose deal reaches the store even when the app processes are killed with SIGKILL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redis import Redis
from rq import Queue

from spider.engine import all_variants, format_code
from spider.jobs.top_up import HANG_SECONDS, KEEP_READY
from spider.solver.grading import GRADES
from spider.store import open_store
from tests.patience import AT_ONCE, GENEROUS, generous
from tests.redisdb import connected, remove_site
from tests.test_workers import Client, Served, start, stop, two_workers
from tests.web.job_ids import FOREIGN_JOB_IDS
from tests.web.procwatch import busiest, descendants, gone, kill_tree, wait_for

EASY = "SP1-S1C-AAAAAAD"  # won in a second or two once its first row is dealt
HARD = "SP1-S4C-AAAABAP"  # the solver can't decide it in a minute
LEVEL = "spiderette-1-classic"  # the level short of deals in the top-up test (its deals are found fast)
REDIS_URL = os.environ.get("SPIDER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc"),
]


def job_host(served: Served) -> int:
    """The pid of the server's job host (it is started again, with another pid, when it dies)."""

    def find() -> int:
        for pid in descendants(served.process.pid):
            with contextlib.suppress(OSError):
                if b"spider.jobs.host" in Path(f"/proc/{pid}/cmdline").read_bytes() and not gone(pid):
                    return pid
        return 0

    return wait_for(find)


def searching(served: Served) -> int:
    """The solver process that is searching: the job host's child whose CPU time grows the most
    (idle warm workers may have used some before, and multiprocessing's resource tracker uses a
    little as it starts, which once made it the one picked)."""
    host = job_host(served)
    return wait_for(lambda: busiest(descendants(host)))


def player(served: Served, code: str) -> tuple[Client, str]:
    """A new player with a game of ``code``, its first row dealt."""
    client = Client(served.port)
    status, game, _ = client.call("POST", "/api/games", {"code": code})
    assert status == 201
    assert client.call("POST", f"/api/games/{game['id']}/actions", {"action": "deal", "version": 0})[0] == 200
    return client, game["id"]


def ask(client: Client, game: str, time_limit: float = 30) -> str:
    status, body, _ = client.call("POST", f"/api/games/{game}/solve", {"time_limit": time_limit})
    assert status == 202, body
    return str(body["id"])


def answer(client: Client, job: str, seconds: float = GENEROUS) -> dict[str, Any]:
    def done() -> dict[str, Any] | None:
        status, body, _ = client.call("GET", f"/api/solves/{job}")
        assert status == 200, body
        return body if body["state"] == "done" else None

    return dict(wait_for(done, seconds)["answer"])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    s = start(str(tmp_path / "db.sqlite3"), tmp_path / "server.log")
    yield s
    stop(s)


def test_every_worker_answers_for_every_solve_one_per_player_for_the_whole_server(served: Served) -> None:
    owner, game = player(served, HARD)
    a, b = two_workers(served, owner.cookie)

    # a hard solve started through one worker is seen, refused twice and cancelled through the other
    job = ask(a, game, 60)
    solver = searching(served)
    status, body, _ = b.call("GET", f"/api/solves/{job}")
    assert status == 200 and body["state"] == "running"
    status, body, _ = b.call("POST", f"/api/games/{game}/solve", {"time_limit": 5})
    assert status == 429 and body["reason"] == "solver_running" and b.headers is not None
    assert int(b.headers["Retry-After"]) >= 1
    assert b.call("DELETE", f"/api/solves/{job}")[0] == 204
    wait_for(lambda: gone(solver), AT_ONCE, why="the cancelled solve's process lived on")  # not its 60 s
    assert answer(a, job)["reason"] == "cancelled"

    # an easy one, polled on a fresh connection each time: every worker knows it, and it answers
    job = ask(a, player_game(a, EASY))
    pids, states = set(), []
    for _ in range(20):
        fresh = Client(served.port, owner.cookie)
        status, body, rid = fresh.call("GET", f"/api/solves/{job}")
        assert status == 200, body
        pids.add(served.pid_of(rid))
        states.append(body["state"])
        fresh.conn.close()
        time.sleep(0.1)
    assert answer(b, job)["result"] == "won" and answer(a, job)["result"] == "won"
    print(f"20 polls answered by workers {sorted(pids)}: {states}")

    # a solver process killed mid-search: the solve is answered as lost, and a new process takes the next
    job = ask(b, player_game(a, HARD), 60)
    os.kill(searching(served), signal.SIGKILL)
    lost = answer(a, job)
    assert lost["result"] == "unknown" and lost["reason"] == "worker_lost" and "ask again" in lost["message"]
    assert answer(a, ask(b, player_game(a, EASY)))["result"] == "won"


def player_game(client: Client, code: str) -> str:
    """Another game of the client's player, its first row dealt."""
    status, game, _ = client.call("POST", "/api/games", {"code": code})
    assert status == 201
    assert client.call("POST", f"/api/games/{game['id']}/actions", {"action": "deal", "version": 0})[0] == 200
    return str(game["id"])


def test_a_solve_id_that_is_not_ours_is_404_through_any_worker_and_logs_no_traceback(served: Served) -> None:
    client, _ = player(served, EASY)
    for job_id in FOREIGN_JOB_IDS:
        for method in ("GET", "DELETE"):
            status, body, _ = client.call(method, f"/api/solves/{job_id}")
            assert status == 404 and body["reason"] == "not_found" and body["message"], (method, job_id, body)

    def answered() -> list[dict[str, Any]]:  # the access lines are written just after their answers
        entries = served.entries()
        found = [e for e in entries if e["logger"] == "spider.access" and e["status"] == 404]
        return entries if len(found) >= 2 * len(FOREIGN_JOB_IDS) else []

    entries = wait_for(answered, why="an answer's access line was never written")
    assert not [e for e in entries if "exception" in e or e["level"] in ("error", "critical")]
    assert not [e for e in entries if e["logger"] == "spider.access" and e["status"] >= 500]
    assert len([e for e in entries if e["logger"] == "spider.access" and e["status"] == 404]) == 2 * len(
        FOREIGN_JOB_IDS
    )


def test_a_stuck_or_killed_job_host_is_a_503_and_not_ready_never_a_500(served: Served) -> None:
    client, game = player(served, HARD)
    host = job_host(served)

    os.kill(host, signal.SIGSTOP)  # stuck: it accepts connections and never answers
    try:
        status, ready, _ = client.call("GET", "/api/ready")
        assert status == 503 and ready == {"ok": False, "database": True, "queue": False, "workers": False}
        status, body, _ = client.call("POST", f"/api/games/{game}/solve", {"time_limit": 5})
        assert status == 503 and body["reason"] == "busy" and body["message"] and client.headers is not None
        assert client.headers["Retry-After"] == "2"
    finally:
        os.kill(host, signal.SIGCONT)

    job = ask(client, game, 60)
    searching(served)
    os.kill(host, signal.SIGKILL)  # and its solver process goes with it
    seen = set()

    def lost() -> dict[str, Any] | None:
        status, body, _ = client.call("GET", f"/api/solves/{job}")
        seen.add(status)
        assert status in (200, 503), body  # 503 while no host listens; never a 404 or a 500
        return body["answer"] if status == 200 and body["state"] == "done" else None

    assert wait_for(lost)["reason"] == "worker_lost"
    assert job_host(served) != host  # the server started another
    wait_for(lambda: client.call("GET", "/api/ready")[0] == 200)
    assert answer(client, ask(client, player_game(client, EASY)))["result"] == "won"
    print(f"statuses while the job host was down and back: {sorted(seen)}")


def _fill_the_pool_but_one_level(database: str) -> None:
    """Every grade of every level ready but ``LEVEL``'s easy deals, which lack one (so the app does
    not seed them)."""
    store = open_store(database)
    try:
        for n, v in enumerate(all_variants()):
            for g, grade in enumerate(GRADES):
                short = 1 if (v.key, grade) == (LEVEL, "easy") else 0
                for k in range(KEEP_READY - short):
                    store.add_winnable(v.key, format_code(v, 1000 * n + 10 * g + k + 1), [], grade)
    finally:
        store.close()


def _count(database: str, grade: str | None = None) -> int:
    store = open_store(database)
    try:
        return store.count_winnable(LEVEL, grade)
    finally:
        store.close()


def _background_nice_processes(pids: set[int]) -> int:
    """How many of ``pids`` are alive at the background lane's priority (nice 10)."""
    alive = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError):
            if not gone(pid) and int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16]) == 10:
                alive += 1
    return alive


@pytest.fixture(params=["local-sqlite", "redis-postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    """Where the site keeps its games and its jobs: an SQLite file and the job host, or PostgreSQL
    (a schema of its own) and Redis (a queue prefix of its own)."""
    if request.param == "local-sqlite":
        yield {"database": str(tmp_path / "db.sqlite3")}
        return
    from tests.postgres import Schemas

    schemas, prefix = Schemas(), f"spider-test-{uuid.uuid4().hex[:12]}"
    redis = connected(REDIS_URL)
    try:
        yield {"database": schemas.new(), "redis": REDIS_URL, "prefix": prefix}
    finally:
        schemas.drop()
        remove_site(redis, prefix)
        redis.close()


def test_the_top_up_is_one_job_for_the_site_and_its_deal_outlives_the_app_processes(
    site: dict[str, str], tmp_path: Path
) -> None:
    database = site["database"]
    _fill_the_pool_but_one_level(database)
    env = {"SPIDER_BACKGROUND": "true", "SPIDER_DAILY_AHEAD": "false"}  # the top-up's jobs alone
    if "redis" in site:
        env |= {"SPIDER_REDIS_URL": site["redis"], "SPIDER_REDIS_PREFIX": site["prefix"]}
    served = start(database, tmp_path / "server.log", env=env)
    worker = None
    redis = Redis.from_url(site["redis"]) if "redis" in site else None
    try:
        # both app workers hand a medium deal of the level out, so both nudge the schedule
        owner = Client(served.port)
        a, b = two_workers(served, owner.cookie)
        for client in (a, b):
            status, view, _ = client.call("POST", "/api/games", {"game": "spiderette", "suits": 1, "grade": "medium"})
            assert status == 201 and view["proven_winnable"] is True and view["grade"] == "medium"
        if "redis" in site:
            # no `spider worker` runs yet: the top-up's job waits in the queue
            queue = Queue(f"{site['prefix']}:background", connection=redis)
            wait_for(lambda: queue.count == 1)
        workers = served.worker_pids()
        doomed = {served.process.pid, *workers} if "redis" in site else workers  # the job host stays
        for pid in doomed:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: all(gone(pid) for pid in doomed), AT_ONCE, why="an app process outlived SIGKILL")
        if "redis" in site:
            # every process that could queue a top-up job is gone, however often it was nudged: one waits
            assert queue.count == 1
            worker = subprocess.Popen(
                [sys.executable, "-m", "spider.cli", "worker", "--redis", site["redis"], "--prefix", site["prefix"]],
                env=os.environ | {"PYTHONPATH": str(Path.cwd())},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            host = set()
        else:
            host = {job_host(served)}
        most = 0
        before = _count(database)  # the level's easy deals short of one, its medium ones gone
        # with Redis, the one job queued before the kill runs now and adds its grade's deal (and any of
        # a grade short of deals it grades on the way); locally, the job host goes on topping every
        # grade of the level up to KEEP_READY
        full = KEEP_READY * len(GRADES)

        def topped_up() -> bool:
            nonlocal most
            if host:  # never more than one top-up job's process at a time
                most = max(most, _background_nice_processes(descendants(next(iter(host)))))
            return _count(database) == full if host else _count(database) > before

        wait_for(topped_up, generous(3 * len(GRADES) * HANG_SECONDS))  # each job's own limit: it ends only a hang
        if "redis" in site:  # the one job ends, and nothing is left to run: no deal comes after this
            wait_for(lambda: queue.count == queue.started_job_registry.count == 0, generous(HANG_SECONDS))
        else:  # the job host and its processes stopped: no deal comes after this
            last = {*host, *descendants(next(iter(host)))}
            stop(served)
            wait_for(lambda: all(gone(pid) for pid in last), AT_ONCE, why="the job host's processes outlived it")
        found = _count(database)
        assert before < found <= full and most <= 1  # no second job, no deal twice, no grade past KEEP_READY
        assert all(_count(database, grade) <= KEEP_READY for grade in GRADES)
    finally:
        if worker is not None:
            kill_tree(worker.pid)  # its pool's processes too
            worker.wait()
        if redis is not None:
            redis.close()
            for pid in descendants(served.process.pid):  # the orphaned app workers
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        stop(served)
