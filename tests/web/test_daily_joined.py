"""A daily deal made on request is made once for everyone who asks for it (docs/API.md, POST
/api/daily/{level}): players asking meanwhile join the making in flight rather than each starting
their own, which under load queued behind each other and never finished. The making goes on past a
player's wait, so the deal is stored for the next request; one that failed is not remembered, so
the next request makes it again; with Redis, one app process of the site makes it at a time.

The players ask over HTTP, all in one event loop as a server's requests are (``served``); the jobs
are held until the test runs, answers or loses them (``HeldJobs``), so each test waits for states,
never for the machine."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from fastapi import FastAPI
from redis import Redis

from spider import store as stores  # open_store looked up when called: a PostgreSQL run replaces it
from spider.daily import days
from spider.jobs import daily as daily_jobs
from spider.jobs.errors import QueueUnavailable
from spider.jobs.players import PlayerJobs
from spider.jobs.protocol import WINNABLE
from spider.jobs.redis_queue import RedisSiteLock
from spider.jobs.tasks import make_daily
from spider.store import DailyDeal
from spider.web.app import create_app
from tests.patience import GENEROUS
from tests.web.held_jobs import HeldJobs
from tests.web.loops import run_apart

LEVEL = "spiderette-1-classic"  # found and graded in a fraction of a second
PLAYERS = 6
T = TypeVar("T")


async def until(what: Callable[[], T], why: str) -> T:
    """Poll ``what()`` until it is truthy (a bound on a hang, not a speed check)."""
    deadline = asyncio.get_running_loop().time() + GENEROUS
    while not (value := what()):
        assert asyncio.get_running_loop().time() < deadline, why
        await asyncio.sleep(0.01)
    return value


@asynccontextmanager
async def served(app: FastAPI) -> AsyncIterator[Callable[[], Awaitable[httpx.Response]]]:
    """The app started in this loop; each call is a new player's POST /api/daily/{LEVEL}."""
    async with app.router.lifespan_context(app), AsyncExitStack() as players:

        async def ask() -> httpx.Response:
            transport = httpx.ASGITransport(app=app)
            player = await players.enter_async_context(httpx.AsyncClient(transport=transport, base_url="http://t"))
            return await player.post(f"/api/daily/{LEVEL}")

        yield ask


def the_making(app: FastAPI) -> PlayerJobs:
    player_jobs: PlayerJobs = app.state.context.player_jobs
    return player_jobs


def table(answer: httpx.Response) -> dict[str, Any]:
    """What a new game of a deal shows, the same for every player of it."""
    assert answer.status_code == 201, answer.text
    return {key: value for key, value in answer.json().items() if key not in ("id", "elapsed")}


def stored(database: str) -> DailyDeal | None:
    store = stores.open_store(database)
    try:
        return store.daily_deal(days.today(), LEVEL)
    finally:
        store.close()


def not_ready(answer: httpx.Response) -> bool:
    return answer.status_code == 503 and answer.json()["reason"] == "daily_not_ready"


@pytest.fixture
def long_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's wait that outlasts every test here: each waits for states it brings about itself."""
    monkeypatch.setattr(daily_jobs, "ON_REQUEST_SECONDS", 10 * GENEROUS)


def test_players_asking_at_once_share_one_making_and_get_one_deal(tmp_path: Path, long_wait: None) -> None:
    jobs = HeldJobs()
    database = str(tmp_path / "db.sqlite3")
    app = create_app(database, background=False, jobs=jobs)
    key = (days.today(), LEVEL)

    async def play() -> list[httpx.Response]:
        async with served(app) as ask:
            asking = [asyncio.ensure_future(ask()) for _ in range(PLAYERS)]
            await until(lambda: the_making(app).making.waiting(key) == PLAYERS, "every player waits for the making")
            await until(jobs.submitted, "the making submits its job")
            assert [(job.lane, job.fn) for job in jobs.submitted()] == [(WINNABLE, make_daily)]
            jobs.run("held-1")
            return await asyncio.gather(*asking)

    answers = run_apart(play())
    assert len(jobs.submitted()) == 1
    assert all(answer.status_code == 201 for answer in answers), [answer.text for answer in answers]
    assert len({answer.json()["id"] for answer in answers}) == PLAYERS  # each player's own game
    assert all(table(answer) == table(answers[0]) for answer in answers)  # of the one deal
    assert stored(database) is not None


def test_a_making_outlives_the_waits_that_ran_out_and_the_next_player_finds_its_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(daily_jobs, "ON_REQUEST_SECONDS", 0.2)  # runs out: the job is held meanwhile
    jobs = HeldJobs()
    database = str(tmp_path / "db.sqlite3")
    app = create_app(database, background=False, jobs=jobs)
    key = (days.today(), LEVEL)

    async def play() -> tuple[httpx.Response, httpx.Response, httpx.Response]:
        async with served(app) as ask:
            first = await ask()
            assert the_making(app).making.in_flight(key)  # the making goes on
            second = await ask()  # joins it, and its wait runs out too
            jobs.run("held-1")
            await until(lambda: not the_making(app).making.in_flight(key), "the making ends")
            return first, second, await ask()

    first, second, later = run_apart(play())
    assert not_ready(first) and not_ready(second), (first.text, second.text)
    assert first.headers["Retry-After"] == second.headers["Retry-After"] == "60"
    assert later.status_code == 201, later.text
    assert len(jobs.submitted()) == 1  # made once, though two waits ran out before it was stored
    assert stored(database) is not None


@pytest.mark.parametrize("failing", ["no winnable try", "workers lost"])
def test_a_failed_making_lets_the_next_player_make_it_again(tmp_path: Path, long_wait: None, failing: str) -> None:
    jobs = HeldJobs()
    database = str(tmp_path / "db.sqlite3")
    app = create_app(database, background=False, jobs=jobs)

    async def play() -> tuple[httpx.Response, httpx.Response]:
        async with served(app) as ask:
            first = asyncio.ensure_future(ask())
            for tried in range(1, daily_jobs.ON_REQUEST_JOBS + 1):
                await until(lambda: len(jobs.submitted()) == tried, "the making submits its job")  # noqa: B023
                if failing == "no winnable try":
                    jobs.answer(f"held-{tried}", [])
                    break
                jobs.lose(f"held-{tried}")  # and a lost job is tried once more
            failed = await first
            second = asyncio.ensure_future(ask())
            made = len(jobs.submitted()) + 1
            await until(lambda: len(jobs.submitted()) == made, "the next player's request makes it again")
            jobs.run(f"held-{made}")
            return failed, await second

    failed, again = run_apart(play())
    assert not_ready(failed), failed.text
    assert again.status_code == 201, again.text


def test_with_redis_one_app_process_makes_the_deal_and_the_others_wait_for_it(
    tmp_path: Path, redis: Redis, long_wait: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(daily_jobs, "ON_REQUEST_LOOK_SECONDS", 0.05)
    database = str(tmp_path / "db.sqlite3")

    def locks(name: str) -> RedisSiteLock:
        return RedisSiteLock(redis, f"spider-test:lock:{name}")

    making, waiting = HeldJobs(locks), HeldJobs(locks)  # two app processes of one site: their queues
    maker = create_app(database, background=False, jobs=making)
    other = create_app(database, background=False, jobs=waiting)
    lock_name = f"{daily_jobs.ON_REQUEST_LOCK}:{days.today()}:{LEVEL}"

    async def play() -> tuple[httpx.Response, httpx.Response]:
        async with served(maker) as ask_maker, served(other) as ask_other:
            first = asyncio.ensure_future(ask_maker())
            await until(lambda: making.submitted(), "the first process makes the deal")
            second = asyncio.ensure_future(ask_other())
            await until(lambda: the_making(other).making.waiting((days.today(), LEVEL)), "the other waits for it")
            assert not locks(lock_name).acquire()  # held by the maker
            making.run("held-1")
            return await first, await second

    first, second = run_apart(play())
    assert first.status_code == second.status_code == 201, (first.text, second.text)
    assert table(first) == table(second)
    assert waiting.submitted() == []  # the other process started no making of its own
    free = locks(lock_name)
    assert free.acquire()  # given up once the deal was made
    free.release()


class Unanswered:
    """A site lock whose Redis does not answer."""

    def acquire(self) -> bool:
        raise QueueUnavailable()

    def renew(self) -> bool:
        raise QueueUnavailable()

    def release(self) -> None:
        raise QueueUnavailable()


def test_a_site_lock_that_does_not_answer_is_daily_not_ready_not_a_500(tmp_path: Path, long_wait: None) -> None:
    with pytest.raises(QueueUnavailable):  # what RedisSiteLock makes of a Redis that does not answer
        RedisSiteLock(Redis.from_url("redis://127.0.0.1:1", socket_connect_timeout=GENEROUS), "x").acquire()
    jobs = HeldJobs(lambda _name: Unanswered())
    app = create_app(str(tmp_path / "db.sqlite3"), background=False, jobs=jobs)

    async def play() -> httpx.Response:
        async with served(app) as ask:
            return await ask()

    answer = run_apart(play())
    assert not_ready(answer), answer.text
    assert jobs.submitted() == []
