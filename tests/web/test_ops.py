"""Operations, in process: the probes, request ids and JSON logs, settings from the environment, the
app factory, and two app instances on one database behaving as two workers."""

from __future__ import annotations

import io
import json
import logging
import os
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.jobs.queues import default_lanes
from spider.jobs.redis_queue import RedisJobs
from spider.logs import JsonFormatter
from spider.web.app import create_app, from_environment
from tests.patience import GENEROUS

REDIS_URL = os.environ.get("SPIDER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")  # scripts/test starts one


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "db.sqlite3")


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, background=False)) as c:
        yield c


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """What the app's loggers write, as JSON lines."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    spider_log = logging.getLogger("spider")
    spider_log.addHandler(handler)
    level = spider_log.level
    spider_log.setLevel(logging.INFO)
    yield out
    spider_log.removeHandler(handler)
    spider_log.setLevel(level)


def entries(out: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_health_and_ready_answer_get_and_head_without_a_player(client: TestClient) -> None:
    ready = {"ok": True, "database": True, "queue": True, "workers": True}  # local workers: the app's own
    for path, body in (("/api/health", {"ok": True}), ("/api/ready", ready)):
        got = client.get(path)
        assert got.status_code == 200 and got.json() == body
        assert "set-cookie" not in got.headers  # a probe is nobody's player
        head = client.head(path)
        assert head.status_code == 200 and head.content == b""


def test_ready_is_503_when_the_database_does_not_answer(client: TestClient, json_lines: io.StringIO) -> None:
    client.app.state.context.store.close()  # type: ignore[attr-defined]
    got = client.get("/api/ready")
    assert got.status_code == 503
    assert got.json() == {"ok": False, "database": False, "queue": True, "workers": True}
    assert client.head("/api/ready").status_code == 503
    assert client.get("/api/health").status_code == 200  # alive all the same
    warned = [e for e in entries(json_lines) if e["logger"] == "spider.ready"]
    assert warned and warned[0]["request_id"] == got.headers["x-request-id"]


# named, not by the URL: each test process has a Redis database of its own (tests/redisdb.py)
@pytest.mark.parametrize(
    ("url", "answers"), [(REDIS_URL, True), ("redis://127.0.0.1:1/0", False)], ids=["redis-answers", "redis-down"]
)
def test_ready_asks_the_redis_queue(client: TestClient, url: str, answers: bool) -> None:
    """Not ready either way: a Redis that answers is served by no `spider worker` here (with one,
    tests/web/test_ready_workers.py)."""
    player_jobs = client.app.state.context.player_jobs  # type: ignore[attr-defined]
    local, player_jobs.jobs = player_jobs.jobs, RedisJobs(url, lanes={}, prefix=f"spider-test-{uuid.uuid4().hex[:12]}")
    try:
        got = client.get("/api/ready")
    finally:
        player_jobs.jobs.close()
        player_jobs.jobs = local
    assert got.status_code == 503
    assert got.json() == {"ok": False, "database": True, "queue": answers, "workers": False}


def test_a_solve_while_the_redis_queue_is_down_is_503_with_retry_after_not_500(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}).json()["id"]
    player_jobs = client.app.state.context.player_jobs  # type: ignore[attr-defined]
    local, player_jobs.jobs = player_jobs.jobs, RedisJobs("redis://127.0.0.1:1/0", lanes=default_lanes())
    try:
        started = client.post(f"/api/games/{game}/solve", json={"time_limit": 5})
        polled = client.get("/api/solves/0123456789abcdef0123456789abcdef")  # a Redis job id's shape
    finally:
        player_jobs.jobs = local
    for answer in (started, polled):
        assert answer.status_code == 503 and answer.json()["reason"] == "busy" and answer.json()["message"]
        assert answer.headers["Retry-After"] == "2"


def test_every_answer_has_a_request_id_and_one_json_access_line(client: TestClient, json_lines: io.StringIO) -> None:
    first = client.get("/api/games/current")
    given = client.get("/api/health", headers={"X-Request-ID": "proxy-42.a"})
    forged = client.get("/api/health", headers={"X-Request-ID": "no spaces\tor tabs"})
    missing = client.post("/api/games/nope/actions", json={"action": "deal", "version": 0})
    assert given.headers["x-request-id"] == "proxy-42.a"
    assert forged.headers["x-request-id"] != "no spaces\tor tabs"
    ids = [r.headers["x-request-id"] for r in (first, given, forged, missing)]
    assert len(set(ids)) == 4
    access = [e for e in entries(json_lines) if e["logger"] == "spider.access"]
    assert [(e["request_id"], e["method"], e["path"], e["status"]) for e in access] == [
        (ids[0], "GET", "/api/games/current", first.status_code),
        (ids[1], "GET", "/api/health", 200),
        (ids[2], "GET", "/api/health", 200),
        (ids[3], "POST", "/api/games/nope/actions", 404),
    ]
    assert all(e["ms"] >= 0 and isinstance(e["pid"], int) for e in access)
    assert "cookie" not in json_lines.getvalue().lower()  # a player's token never reaches the logs


def test_the_factory_takes_its_database_from_the_environment(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIDER_DATABASE", database)
    monkeypatch.setenv("SPIDER_BACKGROUND", "false")
    with TestClient(from_environment()) as c:
        game = c.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}).json()
        cookies = dict(c.cookies)
    with TestClient(create_app(database, background=False), cookies=cookies) as again:
        assert again.get(f"/api/games/{game['id']}").json()["code"] == "SP1-S1C-AAAAAAD"


@pytest.mark.process
def test_spider_serve_refuses_a_malformed_variable_in_one_line(tmp_path: Path) -> None:
    env = {"SPIDER_WORKERS": "many", "PYTHONPATH": str(Path.cwd()), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "spider.cli", "serve", "--port", "0", "--database", str(tmp_path / "x.sqlite3")],
        env=env,
        capture_output=True,
        text=True,
        timeout=GENEROUS,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "SPIDER_WORKERS" in done.stderr


@pytest.mark.sqlite_only  # it moves the game's start back in the file
def test_a_timer_saved_through_one_worker_is_seen_through_the_other(database: str) -> None:
    """Each worker caches replayed games; a cached game at the store's version but with an older
    clock (saved through another worker) is brought up to the store's clock, score included."""
    with (
        TestClient(create_app(database, background=False)) as a,
        TestClient(create_app(database, background=False)) as b,
    ):
        game = a.post("/api/games", json={"code": "SP1-S1C-AAAAAAD", "profile": "timed"}).json()
        b.cookies.update(a.cookies)
        for version in range(5):  # +10 each in the timed profile
            assert a.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": version}).is_success
        with sqlite3.connect(database) as db:  # the game started 100 s ago, so a 35 s timer is believable
            db.execute("UPDATE games SET created = created - 100")
        before = a.get(f"/api/games/{game['id']}").json()  # cached in worker a
        assert b.post(f"/api/games/{game['id']}/clock", json={"elapsed": 35}).status_code == 204
        after = a.get(f"/api/games/{game['id']}").json()
        assert after["elapsed"] == 35
        assert after["score"] == before["score"] - 30 == b.get(f"/api/games/{game['id']}").json()["score"] == 20
