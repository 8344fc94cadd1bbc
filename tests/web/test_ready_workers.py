"""``/api/ready`` on Redis knows whether a ``spider worker`` serves the queue: not ready (503, saying
``"workers": false``) with none, ready once one says it is there, not ready again once it stops (at
once) or is killed (once its heartbeat expires). Real worker processes on the test Redis, under a
queue prefix of the test's own."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider.jobs.redis_beat import BEAT_TTL
from spider.web.app import create_app
from tests.jobs.worker_process import WorkerProcess
from tests.patience import generous
from tests.redisdb import connected, remove_site
from tests.web.procwatch import wait_for

REDIS_URL = os.environ.get("SPIDER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
pytestmark = [
    pytest.mark.process,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes through /proc"),
]


@pytest.fixture
def prefix(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    redis = connected(REDIS_URL)
    name = f"spider-test-{uuid.uuid4().hex[:12]}"
    monkeypatch.setenv("SPIDER_REDIS_URL", REDIS_URL)
    monkeypatch.setenv("SPIDER_REDIS_PREFIX", name)
    yield name
    remove_site(redis, name)
    redis.close()


def readiness(client: TestClient) -> tuple[int, dict[str, bool]]:
    got = client.get("/api/ready")
    return got.status_code, got.json()


NOT_SERVED = (503, {"ok": False, "database": True, "queue": True, "workers": False})
SERVED = (200, {"ok": True, "database": True, "queue": True, "workers": True})


def test_ready_only_while_a_spider_worker_serves_the_queue(prefix: str, tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), background=False)) as client:
        assert readiness(client) == NOT_SERVED  # Redis answers, but nobody takes its jobs
        assert client.head("/api/ready").status_code == 503

        worker = WorkerProcess(REDIS_URL, prefix, tmp_path / "worker.log", "--processes", "2")
        try:
            wait_for(lambda: readiness(client) == SERVED)
            assert worker.stop() == 0
            assert readiness(client) == NOT_SERVED  # a worker that stops says so as it goes

            worker = WorkerProcess(REDIS_URL, prefix, tmp_path / "worker.log")
            wait_for(lambda: readiness(client) == SERVED)
            worker.kill()  # says nothing: its heartbeat expires
            wait_for(lambda: readiness(client) == NOT_SERVED, generous(BEAT_TTL))
        finally:
            worker.kill()
