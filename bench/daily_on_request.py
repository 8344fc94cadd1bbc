"""How long a player waits for a daily deal that was not made ahead, against a real `spider serve`,
idle and under load (docs/API.md promises the deal, or 503 daily_not_ready, within 10 s).

    python bench/daily_on_request.py [--load 4] [--together 1] [--levels spider-4-classic spiderette-1-classic]

On a fresh SQLite file (no schedule: nothing made ahead), a new player asks for today's deal of
each level (POST /api/daily/{level}); prints the status (201, or 503 and its Retry-After) and the
seconds it took. Then the same on another fresh file while --load other players each keep a solve
of a deal the solver cannot settle running (60 s limit, asked again as it ends), so that the
solver's workers and the machine's cores are busy. With --together N, N new players ask for each
level at once (they share one making): the answers' statuses, the slowest, and whether every 201 is
of one deal; when none got it, a new player asks each second until it is there. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time

import httpx
from serving import spider_serve

from spider.daily import LEVELS

HARD = "SP1-S4C-AAAABAP"  # the solver cannot decide it within a minute (bench/solver.py)
UNBOUNDED = {  # one address plays every player here
    "SPIDER_SOLVES_PER_CLIENT": "0",
    "SPIDER_SOLVES_PER_MINUTE": "0",
    "SPIDER_NEW_PLAYERS_PER_MINUTE": "0",
}


def keep_solving(base: str, stop: threading.Event) -> None:
    """A player who keeps a hard solve running until ``stop``."""
    with httpx.Client(base_url=base, timeout=30) as player:
        game = player.post("/api/games", json={"code": HARD}).json()["id"]
        player.post(f"/api/games/{game}/actions", json={"action": "deal", "version": 0})
        while not stop.is_set():
            r = player.post(f"/api/games/{game}/solve", json={"time_limit": 60})
            stop.wait(5 if r.status_code == 202 else 1)


def ask_each(base: str, levels: list[str]) -> None:
    for level in levels:
        with httpx.Client(base_url=base, timeout=120) as player:
            started = time.monotonic()
            r = player.post(f"/api/daily/{level}")
            took = time.monotonic() - started
        after = f" (Retry-After {r.headers.get('Retry-After')})" if r.status_code == 503 else ""
        print(f"  {level:22} {r.status_code}{after} in {took:.1f} s", flush=True)


def ask_once(base: str, level: str, answers: list[tuple[int, float, str]]) -> None:
    """A new player's ask: its status, seconds and table (what every player of one deal sees)."""
    with httpx.Client(base_url=base, timeout=120) as player:
        started = time.monotonic()
        r = player.post(f"/api/daily/{level}")
        table = str({k: v for k, v in r.json().items() if k not in ("id", "elapsed")})
        answers.append((r.status_code, time.monotonic() - started, table))


def ask_together(base: str, levels: list[str], together: int) -> None:
    for level in levels:
        answers: list[tuple[int, float, str]] = []
        asking = [threading.Thread(target=ask_once, args=(base, level, answers)) for _ in range(together)]
        for thread in asking:
            thread.start()
        for thread in asking:
            thread.join()
        made = {table for status, _, table in answers if status == 201}
        statuses = sorted({status for status, _, _ in answers})
        counts = ", ".join(f"{status}×{sum(a[0] == status for a in answers)}" for status in statuses)
        print(f"  {level:22} {counts}, slowest {max(a[1] for a in answers):.1f} s, {len(made)} deal(s)", flush=True)
        started = time.monotonic()
        while 201 not in statuses:  # until the deal is there
            again: list[tuple[int, float, str]] = []
            ask_once(base, level, again)
            if again[0][0] == 201:
                print(f"  {'':22} there {time.monotonic() - started:.1f} s later", flush=True)
                break
            time.sleep(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", type=int, default=4, help="players keeping a hard solve running")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--together", type=int, default=1, help="new players asking for each level at once")
    args = parser.parse_args()
    for load in (0, args.load):
        print(f"{load} players solving meanwhile:")
        with tempfile.TemporaryDirectory() as folder, spider_serve(f"{folder}/db.sqlite3", env=UNBOUNDED) as (_, base):
            stop = threading.Event()
            players = [threading.Thread(target=keep_solving, args=(base, stop)) for _ in range(load)]
            for player in players:
                player.start()
            time.sleep(3 if load else 0)  # their solves have started
            try:
                if args.together > 1:
                    ask_together(base, args.levels, args.together)
                else:
                    ask_each(base, args.levels)
            finally:
                stop.set()
                for player in players:
                    player.join()


if __name__ == "__main__":
    main()
