"""Store benchmark: prints figures, asserts nothing (``python bench/store.py [--quick]``).

On a SQLite file and, when one answers, on PostgreSQL (``SPIDER_TEST_POSTGRESQL``, default
``postgresql://postgres@127.0.0.1:5432/spider_tests``; a schema of its own, dropped after):

* appended actions per second, each its own committed transaction, from 1 and from 4 threads
  (4 games, one per thread, as 4 players would);
* the time to read a game of 300 actions without its log (what a request whose cached session is
  current costs) and with it (what a cold cache costs).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg  # noqa: E402

from spider.store import GameRow, Store, open_store  # noqa: E402

PLAYER = "B" * 32


def appends_per_second(store: Store, threads: int, per_thread: int) -> float:
    def play(n: int) -> None:
        row = GameRow(id=secrets.token_hex(8), player=f"{PLAYER[:-2]}{n:02d}", level="spider-1-classic",
                      profile="standard", code="SP1-S1C-AAAAAAD", deck=None, created=time.time())  # fmt: skip
        store.create_game(row)
        for i in range(per_thread):
            assert store.append_actions(row, [("1>2", float(i))], time.time())

    began = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(play, range(threads)))
    return threads * per_thread / (time.perf_counter() - began)


def read_times(store: Store, repeats: int) -> tuple[float, float]:
    """Median milliseconds to read a 300-action game without its log, and with it."""
    row = GameRow(id=secrets.token_hex(8), player=PLAYER, level="spider-1-classic", profile="standard",
                  code="SP1-S1C-AAAAAAD", deck=None, created=time.time())  # fmt: skip
    store.create_game(row, [("1>2", float(i)) for i in range(300)])
    header, whole = [], []
    for _ in range(repeats):
        began = time.perf_counter()
        found = store.get_game(PLAYER, row.id)
        header.append(time.perf_counter() - began)
        assert found is not None
        store.load_actions(found)
        whole.append(time.perf_counter() - began)
    return statistics.median(header) * 1000, statistics.median(whole) * 1000


def report(name: str, database: str, quick: bool) -> None:
    store = open_store(database)
    try:
        per_thread = 100 if quick else 500
        one, four = appends_per_second(store, 1, per_thread), appends_per_second(store, 4, per_thread)
        header, whole = read_times(store, 50 if quick else 300)
    finally:
        store.close()
    print(f"{name:10} appends/s: {one:7.0f} (1 thread) {four:7.0f} (4 threads)   "
          f"read a 300-action game: {header:.3f} ms without its log, {whole:.3f} ms with it")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    quick = parser.parse_args().quick
    with tempfile.TemporaryDirectory() as folder:
        report("SQLite", str(Path(folder) / "bench.sqlite3"), quick)
    server = os.environ.get("SPIDER_TEST_POSTGRESQL", "postgresql://postgres@127.0.0.1:5432/spider_tests")
    try:
        admin = psycopg.connect(server, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as err:
        print(f"PostgreSQL at {server} does not answer: {err}".splitlines()[0])
        return
    schema = f"spider_bench_{secrets.token_hex(4)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    try:
        report("PostgreSQL", f"{server}?options={quote(f'-csearch_path={schema}')}", quick)
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


if __name__ == "__main__":
    main()
