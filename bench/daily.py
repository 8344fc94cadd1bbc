"""Daily leaderboard figures: one day's deal with many results, read as a player's leaderboard
(``Store.daily_board``: the top 50 plus the player's rank and neighbours) on SQLite and PostgreSQL,
then as a club's board (``Store.club_board``: the same among a club's members, read from the club's
own copy of their results that the store's triggers keep) for clubs of several sizes among those
results.

    python bench/daily.py                                   # 100,000 results, both stores
    python bench/daily.py --results 20000 --reads 500 --store sqlite
    python bench/daily.py --clubs 10,100 --results 10000 --reads 200
    python bench/daily.py --postgresql postgresql://postgres@127.0.0.1:5432/spider_tests

Results are written straight into ``daily_results`` (a mix of won, lost with their progress,
assisted, new and under review, a few still playing; a tenth of the players with a chosen name)
after the store made its schema, then the tables are analysed (as autovacuum would) and each read
asks for a random ranked player's board. Each club's members are players drawn at random from those
results (a few of them without a result of the deal, as a club has). Prints the read's median, 99th
percentile and slowest milliseconds beside the target (p99 ≤ 20 ms), and the query plans, which
show the index each part of the board reads. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from spider.store import Store, open_store, utc_day

LEVEL = "spider-2-classic"
TARGET_MS = 20.0


def made_results(count: int, day: str, rng: random.Random) -> list[tuple[Any, ...]]:
    """``count`` results of one deal: 70% won, 25% lost, 4% assisted, 1% still playing; of the
    others, 3% new and 0.5% under review."""
    rows = []
    start = time.time() - 3600
    for n in range(count):
        player = f"bench{n:027d}"
        kind = rng.random()
        state = "playing" if kind < 0.01 else "won" if kind < 0.71 else "lost"
        lost = None if state == "playing" else 0 if state == "won" else 1
        moves = rng.randint(90, 400) if state == "won" else rng.randint(5, 300)
        seconds = round(rng.uniform(120, 3600), 3)
        assisted = 0.71 < kind < 0.75
        finished = None if state == "playing" else start + rng.uniform(0, 3600)
        sets_left, face_down = (0, 0) if state != "lost" else (rng.randint(0, 8), rng.randint(0, 44))
        apart = rng.random()
        standing = "new" if apart < 0.03 else "review" if apart < 0.035 and state == "won" else "ranked"
        standing = "assisted" if assisted else standing
        rows.append(
            (day, LEVEL, player, f"game{n}", state, lost, moves, seconds, assisted, finished, sets_left, face_down)
            + (standing,)
        )
    return rows


def load(store: Store, database: str, rows: list[tuple[Any, ...]]) -> None:
    """Write the results (and a name for every tenth player) with the store's own driver."""
    insert = (
        "INSERT INTO daily_results (day, level, player, game, state, lost, moves, seconds, assisted, finished,"
        " sets_left, face_down, standing) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
    )
    names = [(row[2], f"Name {i}", secrets.token_hex(6), 0.0) for i, row in enumerate(rows) if i % 10 == 0]
    add_player = "INSERT INTO players (token, name, public, created) VALUES (%s, %s, %s, %s)"
    # the tally the store keeps as results finish (spider/store/daily.py), made here in one go
    tally = (
        "INSERT INTO daily_tally (day, level, lost, sets_left, face_down, moves, n)"
        " SELECT day, level, lost, sets_left, face_down, moves, count(*) FROM daily_results"
        " WHERE assisted = FALSE AND standing = 'ranked' AND lost >= 0"
        " GROUP BY day, level, lost, sets_left, face_down, moves"
    )
    if database.startswith("postgresql"):
        import psycopg

        with psycopg.connect(database, autocommit=True) as conn:
            with conn.cursor() as cur:
                cur.executemany(insert, rows)
                cur.executemany(add_player, names)
                cur.execute(tally)
            conn.execute("VACUUM ANALYZE daily_results")
            conn.execute("VACUUM ANALYZE players")
    else:
        import sqlite3

        with sqlite3.connect(database) as conn:
            conn.executemany(insert.replace("%s", "?"), [(*r[:8], int(r[8]), *r[9:]) for r in rows])
            conn.executemany(add_player.replace("%s", "?"), names)
            conn.execute(tally)
            conn.execute("ANALYZE")


def load_club(database: str, club: str, members: list[str]) -> None:
    """A club with ``members``, written with the database's own driver, and analysed."""
    add_club = "INSERT INTO clubs (id, name, owner, invite, created) VALUES (%s, %s, %s, %s, %s)"
    add_member = "INSERT INTO club_members (club, player, joined) VALUES (%s, %s, %s)"
    club_row = (club, f"Club of {len(members)}", members[0], secrets.token_urlsafe(16), 0.0)
    member_rows = [(club, player, float(n)) for n, player in enumerate(members)]
    if database.startswith("postgresql"):
        import psycopg

        with psycopg.connect(database, autocommit=True) as conn:
            with conn.cursor() as cur:
                cur.execute(add_club, club_row)
                cur.executemany(add_member, member_rows)
            conn.execute("VACUUM ANALYZE club_members")
            conn.execute("VACUUM ANALYZE club_results")  # filled by the store's triggers
    else:
        import sqlite3

        with sqlite3.connect(database) as conn:
            conn.execute(add_club.replace("%s", "?"), club_row)
            conn.executemany(add_member.replace("%s", "?"), member_rows)
            conn.execute("ANALYZE")


def plans(database: str, day: str, player: str) -> list[str]:
    """The query plans of a board's parts, as the database explains them."""
    deal = f"day = '{day}' AND level = '{LEVEL}' AND assisted = FALSE AND standing = 'ranked'"
    ranked = f"{deal} AND lost >= 0"
    order = "lost, sets_left, face_down, moves, seconds, finished, player"
    key = f"(1, 2, 10, 200, 1000.0, 0, '{player}')"
    queries = {
        "top 50": f"SELECT * FROM daily_results WHERE {ranked} ORDER BY {order} LIMIT 50",
        "apart (new)": f"SELECT * FROM daily_results WHERE day = '{day}' AND level = '{LEVEL}' AND assisted = FALSE"
        f" AND standing = 'new' AND lost >= 0 ORDER BY {order} LIMIT 50",
        "rank, results ahead by bucket": f"SELECT sum(n) FROM daily_tally WHERE day = '{day}'"
        f" AND level = '{LEVEL}' AND (lost, sets_left, face_down, moves) < (1, 2, 10, 200)",
        "rank, results ahead in the same bucket": f"SELECT count(*) FROM daily_results WHERE {deal}"
        f" AND (lost, sets_left, face_down, moves) = (1, 2, 10, 200)"
        f" AND (seconds, finished, player) < (1000.0, 0, '{player}')",
        "neighbours after": f"SELECT * FROM daily_results WHERE {deal} AND ({order}) > {key} ORDER BY {order} LIMIT 2",
        "result": f"SELECT * FROM daily_results WHERE day = '{day}' AND level = '{LEVEL}' AND player = '{player}'",
    }
    out = []
    if database.startswith("postgresql"):
        import psycopg

        with psycopg.connect(database, autocommit=True) as conn:
            for name, sql in queries.items():
                plan = conn.execute(f"EXPLAIN {sql}").fetchall()
                out.append(f"  {name}: " + " / ".join(line[0].strip() for line in plan))
    else:
        import sqlite3

        with sqlite3.connect(database) as conn:
            for name, sql in queries.items():
                plan = conn.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
                out.append(f"  {name}: " + " / ".join(str(line[-1]) for line in plan))
    return out


def timed(times: list[float]) -> str:
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    verdict = "met" if p99 <= TARGET_MS else "missed"
    return (
        f"median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms, slowest {times[-1]:.2f} ms"
        f" (target p99 ≤ {TARGET_MS:.0f} ms: {verdict})"
    )


def measure_clubs(
    database: str, store: Store, rows: list[tuple[Any, ...]], sizes: list[int], reads: int, rng: random.Random
) -> None:
    """Each size's club: its members drawn from the players (a twentieth of them with no result of
    the deal), and ``reads`` boards of its random ranked members."""
    day = rows[0][0]
    ranked = {row[2] for row in rows if row[5] is not None and not row[8] and row[12] == "ranked"}
    everyone = [row[2] for row in rows]
    for size in sizes:
        members = rng.sample(everyone, min(size - size // 20, len(everyone)))
        members += [f"nobody{size:08d}{n:019d}" for n in range(size - len(members))]
        club = f"club{size}"
        load_club(database, club, members)
        readers = [m for m in members if m in ranked]
        times = []
        for _ in range(reads):
            player = rng.choice(readers)
            clock = time.perf_counter()
            board = store.club_board(club, day, LEVEL, player)
            times.append((time.perf_counter() - clock) * 1000)
            assert board.rank is not None and len(board.top) == min(50, len(readers))
        print(f"  club of {size:,} members: {reads} club boards: {timed(times)}")


def measure(database: str, results: int, reads: int, seed: int, clubs: list[int]) -> None:
    rng = random.Random(seed)
    day = utc_day(time.time())
    store = open_store(database)
    rows = made_results(results, day, rng)
    started = time.perf_counter()
    load(store, database, rows)
    loaded = time.perf_counter() - started
    ranked = [row[2] for row in rows if row[5] is not None and not row[8] and row[12] == "ranked"]
    times = []
    for _ in range(reads):
        player = rng.choice(ranked)
        clock = time.perf_counter()
        board = store.daily_board(day, LEVEL, player)
        times.append((time.perf_counter() - clock) * 1000)
        assert board.rank is not None and len(board.top) == 50
    kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
    print(f"{kind}: {results:,} results (loaded in {loaded:.1f} s), {reads} boards of random ranked players")
    print(f"  {timed(times)}")
    print("\n".join(plans(database, day, ranked[0])))
    measure_clubs(database, store, rows, clubs, reads, rng)
    store.close()


def fresh_postgresql(server: str) -> tuple[str, str]:
    """A new schema on the server for this run, and the URL whose connections use it."""
    import psycopg

    schema = f"bench_daily_{secrets.token_hex(4)}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in server else "?"
    return schema, f"{server}{joiner}options=-csearch_path%3D{schema}"


def drop_postgresql(server: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=100_000, help="results of the day's deal")
    parser.add_argument("--reads", type=int, default=1000, help="boards read")
    parser.add_argument("--store", choices=["both", "sqlite", "postgresql"], default="both")
    parser.add_argument("--postgresql", default="postgresql://postgres@127.0.0.1:5432/spider_tests", help="the server")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clubs", default="10,100,1000,10000", help="club sizes, comma-separated (empty: none)")
    args = parser.parse_args()
    clubs = [int(size) for size in args.clubs.split(",") if size.strip()]
    if args.store in ("both", "sqlite"):
        with tempfile.TemporaryDirectory() as folder:
            measure(str(Path(folder) / "daily.sqlite3"), args.results, args.reads, args.seed, clubs)
    if args.store in ("both", "postgresql"):
        schema, url = fresh_postgresql(args.postgresql)
        try:
            measure(url, args.results, args.reads, args.seed, clubs)
        finally:
            drop_postgresql(args.postgresql, schema)


if __name__ == "__main__":
    main()
