"""One address cannot shut the solver out for everyone, measured from outside a real ``spider serve``
(two app workers, their job host and its two solve workers): while 127.0.0.2 starts a solve a
second, each as a new player (a cookie-less new game, then its 30-s solve, the connection dropped
once the status line is read), 127.0.0.3's 1-s solves are admitted and answered at once, not after
an abusive solve's 30 s. bench/hardening.py measures how soon."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.patience import AT_ONCE, GENEROUS, wait_for
from tests.test_workers import start, stop

pytestmark = pytest.mark.process

EASY = "SP1-S1C-AAAAAAD"  # won by the solver in a second or two
ABUSE_EVERY = 1.0  # seconds between the abusive solves, until the player's checks are done
ABUSIVE_SECONDS = 30  # an abusive solve's time limit: far longer than AT_ONCE
DEFAULT_BOUNDS = {  # the settings' defaults, which the tests' environment switches off
    "SPIDER_SOLVES_PER_CLIENT": "1",
    "SPIDER_SOLVES_PER_MINUTE": "6",
    "SPIDER_DEEP_HINTS_PER_MINUTE": "30",
    "SPIDER_NEW_PLAYERS_PER_MINUTE": "60",
}


def at(address: str, port: int) -> httpx.Client:
    """A client whose requests come from ``address`` (all of 127.0.0.0/8 is the loopback)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=f"http://127.0.0.1:{port}", transport=transport, timeout=GENEROUS)


def solve_once(client: httpx.Client, game: str) -> tuple[int, float]:
    """A 1-s solve: the status of asking for it, and the seconds to its answer (at most AT_ONCE)."""
    asked = time.monotonic()
    r = client.post(f"/api/games/{game}/solve", json={"time_limit": 1})
    if r.status_code != 202:
        return r.status_code, 0.0
    while client.get(f"/api/solves/{r.json()['id']}").json()["state"] != "done":
        if time.monotonic() - asked > AT_ONCE:
            break
        time.sleep(0.1)
    return r.status_code, time.monotonic() - asked


def abuse(port: int, statuses: list[int], done: threading.Event) -> None:
    """An abusive solve every ABUSE_EVERY seconds until ``done``."""
    start_at = time.monotonic()
    sent = 0
    while not done.wait(max(0.0, start_at + sent * ABUSE_EVERY - time.monotonic())):
        sent += 1
        with at("127.0.0.2", port) as client:
            made = client.post("/api/games", json={"suits": 4})
            if made.status_code != 201:
                statuses.append(made.status_code)
                continue
            body = {"time_limit": ABUSIVE_SECONDS}
            with client.stream("POST", f"/api/games/{made.json()['id']}/solve", json=body) as r:
                statuses.append(r.status_code)  # the status line only: the rest is dropped with the connection


@pytest.mark.skipif(not Path("/proc").exists(), reason="binds loopback addresses other than 127.0.0.1")
def test_a_solve_a_second_from_one_address_holds_up_nobody_elses(tmp_path: Path) -> None:
    env = DEFAULT_BOUNDS | {"SPIDER_SOLVE_WORKERS": "2"}
    served = start(str(tmp_path / "db.sqlite3"), tmp_path / "server.log", env=env)
    try:
        statuses: list[int] = []
        with at("127.0.0.3", served.port) as player, at("127.0.0.4", served.port) as another:
            game = player.post("/api/games", json={"code": EASY}).json()["id"]
            # both solve workers started (and kept) before the abuse, as on a server that has been up
            with ThreadPoolExecutor(2) as pool:
                game_4 = another.post("/api/games", json={"code": EASY}).json()["id"]
                assert list(pool.map(solve_once, (player, another), (game, game_4)))[0][0] == 202
            done = threading.Event()
            abuser = threading.Thread(target=abuse, args=(served.port, statuses, done))
            abuser.start()
            try:
                wait_for(lambda: 202 in statuses, why=f"the abuse never started a solve: {statuses}")
                answered = []
                for _ in range(3):  # within the abuse, a second or two apart
                    answered.append(solve_once(player, game))
                    time.sleep(1)
                wait_for(lambda: 429 in statuses, why=f"no abusive solve was refused: {statuses}")
            finally:
                done.set()  # the abuse went on all along
                abuser.join()
        assert all(status == 202 and seconds < AT_ONCE for status, seconds in answered), (answered, statuses)
        assert 429 in statuses, statuses  # one solve at a time, a few a minute
    finally:
        stop(served)
