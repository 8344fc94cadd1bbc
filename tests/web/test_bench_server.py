"""bench/server.py still runs end to end (a tiny run on both stores; its figures are never asserted),
and its HTTP/1.1 client speaks to the real server: keep-alive, the player's cookie, gzip, errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bench_runs import run_on_both_stores
from loops import run_apart

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"


def test_a_tiny_run_on_both_stores_prints_every_row_and_the_verdict() -> None:
    stdout, rows = run_on_both_stores(
        "server.py", "--workers", "2", "--players", "20", "--seconds", "1", "--think", "0.2"
    )
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("sqlite", "2", "20"),
        ("postgresql", "2", "20"),
    ]
    assert all(float(r[4]) > 0 and r[-1] == "-" for r in rows), stdout  # actions answered, none failed
    assert re.search(r"^target: not measured", stdout, re.MULTILINE), stdout  # no 200 players, no 1 worker


def test_the_small_client_keeps_its_connection_and_the_players_cookie(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the server runs this tree
    from http1 import Connection
    from serving import spider_serve

    async def play(port: int) -> None:
        conn = Connection("127.0.0.1", port, timeout=10)
        try:
            view = await conn.post("/api/games", {"code": "SD1-S4-AAAAABD"})
            assert view.status_code == 201 and conn.cookie.startswith(b"spider_player=")
            writer = conn._writer
            played = await conn.post(f"/api/games/{view.json()['id']}/actions", {"version": 0, "action": "deal"})
            assert played.status_code == 200 and played.json()["version"] == 1  # gzipped, and read whole
            stale = await conn.post(f"/api/games/{view.json()['id']}/actions", {"version": 0, "action": "deal"})
            assert stale.status_code == 409 and stale.json()["view"]["version"] == 1
            assert (await conn.get("/api/health")).json() == {"ok": True}
            assert conn._writer is writer  # one connection throughout
        finally:
            await conn.close()

    with spider_serve(str(tmp_path / "db.sqlite3")) as (_server, base):
        run_apart(play(int(base.rsplit(":", 1)[1])))  # beside Playwright's loop, if a browser test ran
