"""Fairness per client address, through the paths a player takes on a real uvicorn server: one
address has one solver job at a time whichever player asks (so new players cannot fill the solvers),
and solves, deeper hints and new players are rate-limited per address (429 ``rate_limited``, with
Retry-After, in the player's language) while other addresses are not."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
import uvicorn
from procwatch import wait_for

from spider.jobs.local import LocalJobs
from spider.jobs.protocol import SOLVE
from spider.web.app import create_app
from spider.web.http import rates
from tests.patience import GENEROUS

pytestmark = pytest.mark.process

HARD = "SP1-S4C-AAAABAP"  # the solver can't decide it in a minute
EASY = "SP1-S1C-AAAAAAD"  # won in a second or two
FIRST, SECOND = "127.0.0.2", "127.0.0.3"


class Served:
    def __init__(self, database: Path, per_minute: dict[str, float]) -> None:
        self.app = create_app(str(database), background=False, rate_limits=rates.RateLimits(per_minute))
        jobs: LocalJobs = self.app.state.context.player_jobs.jobs
        jobs.lanes[SOLVE] = replace(jobs.lanes[SOLVE], workers=2, waiting=1, per_client=1)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def player(self, address: str, code: str, lang: str = "en") -> tuple[httpx.Client, str]:
        """A new player at ``address`` with a game of ``code``."""
        transport = httpx.HTTPTransport(local_address=address)
        client = httpx.Client(
            base_url=self.url, transport=transport, timeout=GENEROUS, headers={"Accept-Language": lang}
        )
        made = client.post("/api/games", json={"code": code})
        assert made.status_code == 201, made.text
        return client, made.json()["id"]


def serve(tmp_path: Path, per_minute: dict[str, float]) -> Iterator[Served]:
    served = Served(tmp_path / "db.sqlite3", per_minute)
    served.thread.start()
    wait_for(lambda: served.server.started or not served.thread.is_alive())
    yield served
    served.server.should_exit = True
    served.thread.join(timeout=GENEROUS)


@pytest.fixture
def unlimited(tmp_path: Path) -> Iterator[Served]:
    yield from serve(tmp_path, {})


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Served]:
    yield from serve(tmp_path, {rates.SOLVE: 2, rates.DEEP_HINT: 1, rates.NEW_PLAYER: 3})


def answered(client: httpx.Client, job: str) -> str:
    def done() -> str | None:
        state = client.get(f"/api/solves/{job}").json()
        return state["answer"]["result"] if state["state"] == "done" else None

    return str(wait_for(done))


def test_one_solver_job_per_address_whichever_player_asks_and_other_addresses_go_on(unlimited: Served) -> None:
    first, hard = unlimited.player(FIRST, HARD)
    running = first.post(f"/api/games/{hard}/solve", json={"time_limit": 30})
    assert running.status_code == 202
    # a new player at the same address: refused while that job runs, a solve or a deeper hint alike
    newcomer, easy = unlimited.player(FIRST, EASY)
    refused = newcomer.post(f"/api/games/{easy}/solve", json={"time_limit": 5})
    assert refused.status_code == 429 and refused.json()["reason"] == "solver_busy", refused.text
    assert 1 <= int(refused.headers["Retry-After"]) <= 40
    hint = newcomer.post(f"/api/games/{easy}/hint", params={"deep": "true"})
    assert hint.status_code == 429 and hint.json()["reason"] == "solver_busy"
    # another address gets the other worker at once
    other, other_game = unlimited.player(SECOND, EASY)
    theirs = other.post(f"/api/games/{other_game}/solve", json={"time_limit": 5})
    assert theirs.status_code == 202 and answered(other, theirs.json()["id"]) == "won"
    # once the address's job is cancelled, its next player may ask
    assert first.delete(f"/api/solves/{running.json()['id']}").status_code == 204
    again = newcomer.post(f"/api/games/{easy}/solve", json={"time_limit": 5})
    assert again.status_code == 202 and answered(newcomer, again.json()["id"]) == "won"


def test_solves_deeper_hints_and_new_players_are_rate_limited_per_address(limited: Served) -> None:
    player, game = limited.player(FIRST, EASY, lang="ru")
    holder, hard = limited.player(FIRST, HARD)
    held = holder.post(f"/api/games/{hard}/solve", json={"time_limit": 30})
    assert held.status_code == 202  # the first of the address's 2 solves a minute
    busy = player.post(f"/api/games/{game}/solve", json={"time_limit": 5})
    assert busy.status_code == 429 and busy.json()["reason"] == "solver_busy"  # which starts nothing…
    assert holder.delete(f"/api/solves/{held.json()['id']}").status_code == 204
    job = player.post(f"/api/games/{game}/solve", json={"time_limit": 5})  # …and costs no solve
    assert job.status_code == 202 and answered(player, job.json()["id"]) == "won"
    over = player.post(f"/api/games/{game}/solve", json={"time_limit": 5})
    assert over.status_code == 429 and over.json()["reason"] == "rate_limited"
    assert over.json()["message"] == "Слишком много запросов с вашего адреса; пожалуйста, подождите немного"
    assert 1 <= int(over.headers["Retry-After"]) <= 30  # a bucket of 2 a minute: one every 30 s
    assert player.post(f"/api/games/{game}/hint", params={"deep": "true"}).status_code == 200
    deep = player.post(f"/api/games/{game}/hint", params={"deep": "true"})
    assert deep.status_code == 429 and deep.json()["reason"] == "rate_limited" and int(deep.headers["Retry-After"]) >= 1
    assert player.post(f"/api/games/{game}/hint").status_code == 200  # a plain hint costs the solver nothing
    # the address's third new player, then no more for a while
    limited.player(FIRST, EASY)
    cookieless = httpx.Client(base_url=limited.url, transport=httpx.HTTPTransport(local_address=FIRST))
    refused = cookieless.post("/api/games", json={"code": EASY})
    assert refused.status_code == 429 and refused.json()["reason"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1 and "set-cookie" not in refused.headers
    assert player.post("/api/games", json={"code": EASY}).status_code == 201  # a known player is no new one
    # another address has buckets of its own
    other, other_game = limited.player(SECOND, EASY)
    assert other.post(f"/api/games/{other_game}/solve", json={"time_limit": 5}).status_code == 202


def lost_game(served: Served, address: str) -> tuple[httpx.Client, str]:
    """A new player at ``address`` whose first game was lost (a move, then another game)."""
    player, game = served.player(address, EASY)
    view = player.get(f"/api/games/{game}").json()
    dealt = player.post(f"/api/games/{game}/actions", json={"version": view["version"], "action": "deal"})
    assert dealt.status_code == 200, dealt.text
    assert player.post("/api/games", json={"code": EASY}).status_code == 201
    return player, game


def test_a_review_is_the_addresss_one_solver_job_and_costs_a_solve(limited: Served) -> None:
    holder, hard = limited.player(FIRST, HARD)
    held = holder.post(f"/api/games/{hard}/solve", json={"time_limit": 30})
    assert held.status_code == 202  # the first of the address's 2 solves a minute
    reviewer, lost = lost_game(limited, FIRST)
    busy = reviewer.post(f"/api/games/{lost}/review")
    assert busy.status_code == 429 and busy.json()["reason"] == "solver_busy", busy.text
    assert holder.delete(f"/api/solves/{held.json()['id']}").status_code == 204
    started = reviewer.post(f"/api/games/{lost}/review")  # the refusal cost nothing
    assert started.status_code == 200 and started.json()["state"] == "waiting", started.text
    assert reviewer.delete(f"/api/reviews/{started.json()['job']}").status_code == 204
    over = holder.post(f"/api/games/{hard}/solve", json={"time_limit": 5})  # the bucket's third
    assert over.status_code == 429 and over.json()["reason"] == "rate_limited"
