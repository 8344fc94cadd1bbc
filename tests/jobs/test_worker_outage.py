"""``spider worker`` through a Redis outage, with JSON logs: a Redis server of the test's own (on a
free port, nothing saved) is killed while a job runs and started again on the same port; the worker
says Redis is away, serves jobs again once it is back, and every line it wrote (its processes', RQ's
and its jobs' processes') is JSON."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from redis import Redis

from spider.jobs.protocol import SOLVE
from spider.jobs.queues import default_lanes
from spider.jobs.redis_queue import RedisJobs
from tests.jobs.gated import held
from tests.jobs.worker_process import WorkerProcess
from tests.redisdb import connected
from tests.web.loops import run_apart
from tests.web.procwatch import gone, wait_for

PREFIX = "spider-outage"  # the Redis server is the test's own
TEST_REDIS_URL = os.environ.get("SPIDER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc"),
]


class RedisServer:
    """``redis-server`` on ``port``, saving nothing, that the test kills and starts again."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        server = shutil.which("redis-server")
        assert server, "redis-server is not installed (./scripts/test installs it)"
        command = [server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.answers)

    def answers(self) -> bool:
        connection = Redis.from_url(self.url, socket_connect_timeout=1)
        try:
            return bool(connection.ping())
        except Exception:
            return False
        finally:
            connection.close()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer(free_port())
    server.start()
    yield server
    server.kill()


def done(jobs: RedisJobs, job: str) -> Callable[[], Any]:
    def look() -> Any:
        state = run_apart(jobs.state(job))
        return state is not None and state.state == "done" and state

    return look


@pytest.fixture
def gates() -> Iterator[Redis]:
    """The tests' Redis, which stays up: the gate of the job that runs through the outage."""
    redis = connected(TEST_REDIS_URL)
    yield redis
    redis.close()


def test_a_redis_outage_is_json_lines_and_the_worker_serves_again_once_redis_is_back(
    redis_server: RedisServer, gates: Redis, tmp_path: Path
) -> None:
    gate, starts = f"spider-test-{uuid.uuid4().hex[:12]}:gate", f"spider-test-{uuid.uuid4().hex[:12]}:starts"
    worker = WorkerProcess(
        redis_server.url, PREFIX, tmp_path / "worker.log", "--processes", "2", env={"SPIDER_LOG_FORMAT": "json"}
    )
    try:
        jobs = RedisJobs(redis_server.url, default_lanes(), prefix=PREFIX)
        wait_for(lambda: jobs.serving() == 2)
        assert wait_for(done(jobs, run_apart(jobs.submit(SOLVE, os.getpid, seconds=30)))).answer
        # a job running as Redis goes, which ends meanwhile: its gate is on the tests' Redis
        running = run_apart(jobs.submit(SOLVE, held, TEST_REDIS_URL, gate, starts, seconds=600))
        horse = int(wait_for(lambda: gates.lindex(starts, 0)))

        redis_server.kill()
        wait_for(lambda: any("Redis does not answer" in e["message"] for e in worker.entries()))
        gates.set(gate, 1)
        wait_for(lambda: gone(horse))  # its answer had nowhere to go
        time.sleep(3)  # an outage of some seconds: the worker's tries pile up meanwhile (this is no verdict)
        redis_server.start()

        jobs.close()
        jobs = RedisJobs(redis_server.url, default_lanes(), prefix=PREFIX)
        wait_for(lambda: jobs.serving() == 2)  # its heartbeat is back
        for _ in range(2):  # served again
            assert wait_for(done(jobs, run_apart(jobs.submit(SOLVE, os.getpid, seconds=30)))).answer
        assert worker.stop() == 0
        jobs.close()
    finally:
        worker.kill()
        gates.delete(gate, starts)
    assert running  # lost with the Redis that held it
    lines = worker.lines()
    assert lines and all(line.startswith("{") for line in lines), [line for line in lines if not line.startswith("{")]
    entries = worker.entries()  # every line parses
    said = [e for e in entries if "Redis does not answer" in e["message"]]
    assert said and not any("exception" in e for e in said)  # a line each, no traceback
    assert any(e["message"].endswith("Redis answers again") for e in entries)
