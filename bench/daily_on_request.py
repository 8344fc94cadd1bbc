"""How long a player waits for a daily deal that was not made ahead, against a real `spider serve`,
idle and under load (docs/API.md promises the deal, or 503 daily_not_ready, within 10 s).

    python bench/daily_on_request.py [--load 4] [--levels spider-4-classic spiderette-1-classic]

On a fresh SQLite file (no schedule: nothing made ahead), a new player asks for today's deal of
each level (POST /api/daily/{level}); prints the status (201, or 503 and its Retry-After) and the
seconds it took. Then the same on another fresh file while --load other players each keep a solve
of a deal the solver cannot settle running (60 s limit, asked again as it ends), so that the
solver's workers and the machine's cores are busy. Nothing is asserted.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", type=int, default=4, help="players keeping a hard solve running")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
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
                ask_each(base, args.levels)
            finally:
                stop.set()
                for player in players:
                    player.join()


if __name__ == "__main__":
    main()
