"""Hints, "can this game still be won?" and winnable deals for the web app.

The solver is CPU-bound Python: it runs as jobs (``jobs.JobQueue``) in worker processes, so that a long
search never stalls other players' requests. Players' solves, winnable deals a player waits for and
background top-ups each have a lane of their own, so a player never waits behind a 90-second background
try; each player has one solve at a time (a job they start, poll and may cancel, which ends it at once). Deals
proved winnable are kept ready in the store, seeded from ``winnable.json`` (made by
``scripts/winnable``) and topped up in the background, so PLAY with "winnable deals only" is instant."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool

from ..engine import Game
from ..solver.hints import hint
from ..store import Store
from .games import variant_of_level
from .jobs import BACKGROUND, FINISHED, SOLVE, WINNABLE, Busy, JobQueue, Lane, WorkerLost
from .local_jobs import LocalJobs
from .solver_tasks import find_winnable, solve_record

SEED_FILE = Path(__file__).parent / "winnable.json"
KEEP_READY = 3  # proved-winnable deals kept per level
# Looking for a winnable deal while the player waits: a few short tries, then a random deal.
ON_DEMAND_SECONDS, ON_DEMAND_TRIES = 8.0, 2
# Topping the pool up behind the scenes: nobody waits, so each try may think longer.
REFILL_SECONDS = 90.0
POLL_SECONDS = 0.1  # how often the server looks at a job a player waits for
BACKGROUND_POLL_SECONDS = 1.0  # and at a top-up nobody waits for
WORKER_START_SECONDS = 2.0  # allowance for a worker to take the job, in its limit and Retry-After
REDIS_URL_VARIABLE, REDIS_PREFIX_VARIABLE = "SPIDER_REDIS_URL", "SPIDER_REDIS_PREFIX"
TOP_UP_OWNER = "site"  # the owner of the top-up jobs: one per level for the whole site


def default_lanes() -> dict[str, Lane]:
    """Solves use every core but one (the server's), at least one; a few may wait, one per player.
    A winnable deal a player waits for has one worker; a busy one means a random deal instead.
    A top-up has one job per level at a time, for the whole site."""
    cores = os.cpu_count() or 2
    return {
        SOLVE: Lane(workers=max(1, min(4, cores - 1)), waiting=4, one_per_owner=True),
        WINNABLE: Lane(workers=1, waiting=4),
        BACKGROUND: Lane(workers=1, waiting=64, one_per_owner=True, background=True),
    }


def default_jobs() -> JobQueue:
    """Redis (through RQ) when ``SPIDER_REDIS_URL`` names one, else local worker processes."""
    url = os.environ.get(REDIS_URL_VARIABLE)
    if url:
        from .redis_jobs import RedisJobs  # only a site with Redis needs RQ

        return RedisJobs(url, default_lanes(), prefix=os.environ.get(REDIS_PREFIX_VARIABLE) or "spider")
    return LocalJobs(default_lanes(), preload=(solve_record.__module__,))


def _unknown(reason: str) -> dict[str, Any]:
    return {"result": "unknown", "actions": [], "reason": reason}


class Solving:
    def __init__(self, store: Store, background: bool = True, jobs: JobQueue | None = None) -> None:
        self.store = store
        self.background = background
        self.jobs = jobs if jobs is not None else default_jobs()
        self._tasks: set[asyncio.Task[None]] = set()  # keeps background tasks referenced
        self._seed()

    def _seed(self) -> None:
        if not SEED_FILE.exists():
            return
        seeds = json.loads(SEED_FILE.read_text(encoding="utf-8"))
        for level, deals in seeds.items():
            if self.store.count_winnable(level) == 0:
                for deal in deals:
                    self.store.add_winnable(level, deal["code"], deal["line"])

    async def _run(
        self,
        lane: str,
        seconds: float,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None,
        patience: float | None = None,
    ) -> Any:
        """``fn(*args)`` as a job in ``lane``, awaited here; raises :class:`Busy` when it may not wait,
        :class:`WorkerLost` when its worker died or it has not answered within ``patience`` seconds
        (no worker took it: none runs, or all are busy). Cancelling the await cancels the job."""
        job = await self.jobs.submit(lane, fn, *args, owner=owner, seconds=seconds + WORKER_START_SECONDS)
        loop = asyncio.get_running_loop()
        deadline = None if patience is None else loop.time() + patience
        try:
            while True:
                state = await self.jobs.state(job, owner)
                if state is None or state.state in ("lost", "cancelled"):
                    raise WorkerLost()
                if state.state == "done":
                    return state.answer
                if deadline is not None and loop.time() > deadline:
                    await self.jobs.cancel(job, owner)
                    raise WorkerLost()
                await asyncio.sleep(POLL_SECONDS if patience is not None else BACKGROUND_POLL_SECONDS)
        except asyncio.CancelledError:
            await asyncio.shield(self.jobs.cancel(job, owner))
            raise

    async def hint(self, game: Game) -> str | None:
        """A next action from what the player sees (no peeking); quick, so a thread is enough."""
        return await run_in_threadpool(hint, game.clone())

    async def start_solve(self, record: dict[str, Any], time_limit: float, player: str) -> str:
        """Start ``player``'s one solve and return its job id; raises :class:`Busy` (429) when they
        already have one or the solvers and their wait list are full."""
        seconds = time_limit + WORKER_START_SECONDS
        return await self.jobs.submit(SOLVE, solve_record, record, time_limit, owner=player, seconds=seconds)

    async def solve_state(self, job_id: str, player: str) -> dict[str, Any] | None:
        """``{"state", "elapsed", "answer"?}`` of the player's solve, None when it is not theirs (or
        long forgotten). A finished solve's answer is the solver's, or "unknown" with the reason
        ``cancelled`` or ``worker_lost`` (the worker died: ask again, another worker answers)."""
        state = await self.jobs.state(job_id, player)
        if state is None:
            return None
        done: dict[str, Any] = {"state": "done" if state.state in FINISHED else state.state}
        done["elapsed"] = round(min(state.elapsed, state.seconds), 3)
        if state.state == "done":
            done["answer"] = state.answer
        elif state.state in FINISHED:
            done["answer"] = _unknown("cancelled" if state.state == "cancelled" else "worker_lost")
        return done

    async def cancel_solve(self, job_id: str, player: str) -> bool:
        return await self.jobs.cancel(job_id, player)

    async def winnable_code(self, level: str) -> str | None:
        """A deal of ``level`` the solver proved winnable: from the ready ones, else found now."""
        code = self.store.take_winnable(level)
        if code is None:
            try:
                found = await self._run(
                    WINNABLE,
                    ON_DEMAND_SECONDS * ON_DEMAND_TRIES,
                    find_winnable,
                    variant_of_level(level),
                    ON_DEMAND_SECONDS,
                    ON_DEMAND_TRIES,
                    owner=None,
                    patience=ON_DEMAND_SECONDS * ON_DEMAND_TRIES + 2 * WORKER_START_SECONDS,
                )
            except (Busy, WorkerLost):  # a random deal rather than a long wait or an error
                found = None
            code = found[0] if found else None
        self.refill(level)
        return code

    def refill(self, level: str) -> None:
        """Top the level's ready deals up to KEEP_READY in the background: one job per level for the
        whole site at a time (the lane's one job per owner), however many app processes ask."""
        if not self.background or self.store.count_winnable(level) >= KEEP_READY:
            return

        async def work() -> None:
            try:
                while self.store.count_winnable(level) < KEEP_READY:
                    found = await self._run(
                        BACKGROUND,
                        REFILL_SECONDS,
                        find_winnable,
                        variant_of_level(level),
                        REFILL_SECONDS,
                        1,
                        owner=f"{TOP_UP_OWNER}:{level}",
                    )
                    if found:
                        self.store.add_winnable(level, *found)
            except (Busy, WorkerLost):
                pass  # another process tops this level up, or the next deal handed out tries again

        task = asyncio.get_running_loop().create_task(work())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self.jobs.close()
