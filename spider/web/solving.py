"""Hints, "can this game still be won?" and winnable deals for the web app.

The solver is CPU-bound Python: it runs as jobs (``jobs.JobQueue``) in worker processes, so that a long
search never stalls other players' requests. Players' solves, winnable deals a player waits for and
background top-ups each have a lane of their own, so a player never waits behind a 90-second background
try; each player has one solve at a time, and a solve nobody waits for any more is ended at once. Deals
proved winnable are kept ready in the store, seeded from ``winnable.json`` (made by
``scripts/winnable``) and topped up in the background, so PLAY with "winnable deals only" is instant."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool

from ..engine import Game
from ..solver.hints import hint
from ..store import Store
from .games import variant_of_level
from .jobs import Busy, Job, JobQueue, Lane, WorkerLost
from .local_jobs import LocalJobs
from .solver_tasks import find_winnable, solve_record

SEED_FILE = Path(__file__).parent / "winnable.json"
KEEP_READY = 3  # proved-winnable deals kept per level
# Looking for a winnable deal while the player waits: a few short tries, then a random deal.
ON_DEMAND_SECONDS, ON_DEMAND_TRIES = 8.0, 2
# Topping the pool up behind the scenes: nobody waits, so each try may think longer.
REFILL_SECONDS = 90.0
CANCEL_POLL_SECONDS = 0.5
OWN_JOB_GRACE_SECONDS = 4 * CANCEL_POLL_SECONDS  # time for a just-dropped question to be noticed and ended
WORKER_START_SECONDS = 2.0  # allowance for a fresh worker process to start, in Retry-After estimates

SOLVE, WINNABLE, BACKGROUND = "solve", "winnable", "background"
NOBODY_WAITS = object()  # a job ended because nobody waits for its answer any more


def default_lanes() -> dict[str, Lane]:
    """Solves use every core but one (the server's), at least one; a few may wait, one per player.
    A winnable deal a player waits for has one worker; a busy one means a random deal instead."""
    cores = os.cpu_count() or 2
    return {
        SOLVE: Lane(workers=max(1, min(4, cores - 1)), waiting=4, one_per_owner=True),
        WINNABLE: Lane(workers=1, waiting=4),
        BACKGROUND: Lane(workers=1, waiting=64, background=True),  # one top-up per level at most
    }


def _unknown(reason: str) -> dict[str, Any]:
    return {"result": "unknown", "actions": [], "reason": reason}


class Solving:
    def __init__(self, store: Store, background: bool = True, jobs: JobQueue | None = None) -> None:
        self.store = store
        self.background = background
        self.jobs = jobs if jobs is not None else LocalJobs(default_lanes(), preload=(solve_record.__module__,))
        self._refilling: set[str] = set()
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
        owner: str | None = None,
        gone: Callable[[], Awaitable[bool]] | None = None,
    ) -> Any:
        """``fn(*args)`` as a job in ``lane``, awaited; raises :class:`Busy` when it may not wait.
        ``gone`` (e.g. the request's ``is_disconnected``) is asked twice a second, waiting or running:
        when it says yes, or whoever awaits is cancelled, the job is ended at once (so nobody waits
        behind an answer nobody reads) and ``NOBODY_WAITS`` is returned."""
        job = await self._start(lane, fn, *args, owner=owner, seconds=seconds + WORKER_START_SECONDS)
        answer = asyncio.ensure_future(self.jobs.answer(job))
        try:
            while not answer.done():
                await asyncio.wait({answer}, timeout=CANCEL_POLL_SECONDS)
                if not answer.done() and gone is not None and await gone():
                    return NOBODY_WAITS
            return answer.result()
        finally:
            self.jobs.cancel(job)  # nothing if it answered

    async def _start(self, lane: str, fn: Callable[..., Any], *args: Any, owner: str | None, seconds: float) -> Job:
        """Start a job; when the owner's previous one still counts, give it a moment to go first: a
        player who drops a question and asks again at once (the page does) is not refused while the
        server has yet to notice the dropped one."""
        deadline = asyncio.get_running_loop().time() + OWN_JOB_GRACE_SECONDS
        while True:
            try:
                return self.jobs.start(lane, fn, *args, owner=owner, seconds=seconds)
            except Busy as busy:
                if busy.reason != Busy.OWN_JOB or asyncio.get_running_loop().time() >= deadline:
                    raise
            await asyncio.sleep(CANCEL_POLL_SECONDS / 2)

    async def hint(self, game: Game) -> str | None:
        """A next action from what the player sees (no peeking); quick, so a thread is enough."""
        return await run_in_threadpool(hint, game.clone())

    async def solve(
        self,
        record: dict[str, Any],
        time_limit: float,
        cancelled: Callable[[], Awaitable[bool]] | None = None,
        player: str | None = None,
    ) -> dict[str, Any]:
        """Solve as ``player``'s one solve; raises :class:`Busy` (429) when they already have one or
        the solvers and their wait list are full. Answers "unknown" with a reason when ``cancelled``
        says the player stopped waiting, or when the worker died (the next solve gets a fresh one)."""
        try:
            answer = await self._run(SOLVE, time_limit, solve_record, record, time_limit, owner=player, gone=cancelled)
        except WorkerLost:
            return _unknown("worker_lost")
        return _unknown("cancelled") if answer is NOBODY_WAITS else answer

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
                )
            except (Busy, WorkerLost):  # a random deal rather than a long wait or an error
                found = None
            code = found[0] if found else None
        self.refill(level)
        return code

    def refill(self, level: str) -> None:
        """Top the level's ready deals up to KEEP_READY in the background."""
        if not self.background or level in self._refilling or self.store.count_winnable(level) >= KEEP_READY:
            return
        self._refilling.add(level)

        async def work() -> None:
            try:
                while self.store.count_winnable(level) < KEEP_READY:
                    found = await self._run(
                        BACKGROUND, REFILL_SECONDS, find_winnable, variant_of_level(level), REFILL_SECONDS, 1
                    )
                    if found:
                        self.store.add_winnable(level, *found)
            except (Busy, WorkerLost):
                pass  # the next winnable deal handed out tries again
            finally:
                self._refilling.discard(level)

        task = asyncio.get_running_loop().create_task(work())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self.jobs.close()
