"""What only the PostgreSQL store has: its migrations, several processes starting at once, a row
locked elsewhere, an unreachable server, and ``spider serve`` on a PostgreSQL URL."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient

from spider.store import StoreUnavailable, token_hash
from spider.store.postgresql import WAIT, PostgresStore
from spider.store.postgresql_schema import migrate
from spider.store.schema import MIGRATIONS, Column, Sql, Step, statements
from spider.web.app import create_app
from tests.patience import GENEROUS, generous
from tests.postgres import Schemas

from .test_store_contract import PLAYER, new_row

ROOT = str(Path(__file__).resolve().parents[2])


@pytest.fixture
def url(schemas: Schemas) -> str:
    return schemas.new()


def applied(url: str) -> list[tuple[int, float]]:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT version, applied FROM spider_schema ORDER BY version").fetchall()


NOTE = Step("a note on each game", (Column("games", "note TEXT"),))


# ----- migrations ------------------------------------------------------------------------------


def test_processes_starting_at_once_apply_each_step_once_and_a_restart_applies_none(url: str) -> None:
    start = threading.Barrier(4)

    def open_store(_: int) -> PostgresStore:
        start.wait()
        return PostgresStore(url)

    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(open_store, range(4)))
    steps = applied(url)
    assert [v for v, _ in steps] == list(range(1, len(MIGRATIONS) + 1))
    for store in stores:
        store.close()
    PostgresStore(url).close()
    assert applied(url) == steps  # same versions, same times: nothing was applied again


def test_a_later_step_keeps_every_row_and_the_older_code_still_works_beside_it(url: str) -> None:
    store = PostgresStore(url)
    store.save_settings(PLAYER, {"lang": "ru"}, time.time())
    row = new_row("g")
    store.create_game(row, [("1>2", 1.0)])
    with psycopg.connect(url) as conn:
        assert migrate(conn, [*MIGRATIONS, NOTE]) == len(MIGRATIONS) + 1
    assert [v for v, _ in applied(url)] == list(range(1, len(MIGRATIONS) + 2))
    # this release's code on the newer schema (a rolling restart): reads and writes as before
    assert store.player_settings(PLAYER) == {"lang": "ru"}
    assert store.append_actions(row, [("deal", 2.0)], time.time())
    again = PostgresStore(url)
    found = again.get_game(PLAYER, "g")
    assert found is not None
    again.load_actions(found)
    assert found.actions == ["1>2", "deal"]
    again.close()
    store.close()


def test_a_failing_step_leaves_the_schema_as_it_was(url: str) -> None:
    PostgresStore(url).close()
    with psycopg.connect(url) as conn, pytest.raises(psycopg.errors.SyntaxError):
        migrate(conn, [*MIGRATIONS, NOTE, Step("no SQL", (Sql("THIS IS NOT SQL"),))])
    with psycopg.connect(url) as conn:
        columns = conn.execute("SELECT column_name FROM information_schema.columns WHERE table_name = 'games'")
        assert "note" not in {c for (c,) in columns.fetchall()}
    assert [v for v, _ in applied(url)] == list(range(1, len(MIGRATIONS) + 1))


def test_only_the_steps_that_say_so_drop_or_rewrite_anything() -> None:
    """Steps add (tables, columns, indexes), so that an older release's process keeps working beside a
    newer schema; the players' hashed tokens rewrite their ids, and one index nothing reads is dropped."""
    destructive = re.compile(r"\b(DROP|DELETE|TRUNCATE|RENAME|UPDATE|ALTER\s+COLUMN)\b", re.IGNORECASE)
    # a trigger (its events and body) runs later, on the rows the app writes (club_copies.py)
    events = r"\bAFTER (INSERT|UPDATE|DELETE)( OR (INSERT|UPDATE|DELETE))* ON\b"
    bodies = re.compile(rf"\$\$.*?\$\$|\bFOR EACH ROW BEGIN\b.*?\bEND\b|{events}", re.DOTALL)
    rewriting = {
        number
        for number, step in enumerate(MIGRATIONS, start=1)
        for flavour in ("sqlite", "postgresql")
        if any(destructive.search(bodies.sub("", one)) for one in statements(step, flavour))  # type: ignore[arg-type]
    }
    said = {n for n, step in enumerate(MIGRATIONS, start=1) if "token" in step.why or "index" in step.why}
    assert rewriting == {len(MIGRATIONS) - 1, len(MIGRATIONS)} and rewriting <= said
    assert any("TRIGGER" in one for step in MIGRATIONS for one in statements(step, "sqlite"))  # the bodies left out


# ----- a database that makes the app wait -------------------------------------------------------


def test_a_game_locked_by_another_connection_answers_503_and_then_plays_on(url: str) -> None:
    with TestClient(create_app(url, background=False)) as client:
        view = client.post("/api/games", json={"code": "SD1-S4-AAAAABD"}).json()
        with psycopg.connect(url) as holder:
            holder.execute("SELECT * FROM games WHERE id = %s FOR UPDATE", (view["id"],))
            began = time.monotonic()
            busy = client.post(f"/api/games/{view['id']}/actions", json={"version": 0, "action": "deal"})
            waited = time.monotonic() - began
        assert busy.status_code == 503 and busy.json()["reason"] == "busy" and busy.json()["message"]
        # it waited for the lock as long as WAIT, then gave up (not for ever: the lock is held on)
        assert busy.headers["retry-after"] == "2" and WAIT <= waited < generous(WAIT)
        # nothing was written; once the lock is gone the same action is accepted
        assert client.get(f"/api/games/{view['id']}").json()["version"] == 0
        played = client.post(f"/api/games/{view['id']}/actions", json={"version": 0, "action": "deal"})
        assert played.status_code == 200 and played.json()["version"] == 1


def test_an_unreachable_server_is_a_clear_error_at_start() -> None:
    with pytest.raises(StoreUnavailable, match="127.0.0.1"):
        PostgresStore("postgresql://postgres@127.0.0.1:1/test")


# ----- spider serve ------------------------------------------------------------------------------


def spider(*args: str, env: dict[str, str] | None = None, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "spider", *args],
        env=os.environ | {"PYTHONPATH": ROOT} | (env or {}),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,  # type: ignore[call-overload]
    )


def test_serve_names_a_server_that_does_not_answer_in_one_line_without_its_password() -> None:
    run = spider("serve", "--port", "0", "--database", "postgresql://spider:s3cret@127.0.0.1:1/spider")
    out, err = run.communicate(timeout=GENEROUS)
    assert run.returncode == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("spider: cannot open database postgresql://spider:***@127.0.0.1:1")
    assert "s3cret" not in err


def test_serve_on_the_url_in_spider_database_keeps_games_in_postgresql(url: str, tmp_path: Path) -> None:
    server = spider("serve", "--port", "0", env={"SPIDER_DATABASE": url, "HOME": str(tmp_path)})
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        address = re.search(r"http://127\.0\.0\.1:\d+/", banner)
        assert address and "(database: postgresql://" in banner, banner
        with httpx.Client(base_url=address.group(0)) as client:
            game = client.post("/api/games", json={"code": "SP1-S2C-AAAAAAD"})
            assert game.status_code == 201
            moved = client.post(f"/api/games/{game.json()['id']}/actions", json={"version": 0, "action": "deal"})
            assert moved.status_code == 200
            player = client.cookies["spider_player"]
    finally:
        server.terminate()
        server.wait(timeout=GENEROUS)
    store = PostgresStore(url)  # the game is in the database, not in the process that served it
    found = store.current_game(token_hash(player))
    assert found is not None and found.id == game.json()["id"] and found.version == 1
    store.close()
    assert not (tmp_path / ".local").exists()  # and no SQLite file was made beside it
