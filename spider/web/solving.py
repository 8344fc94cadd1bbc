"""Hints, "can this game still be won?" and winnable deals for the web app.

The solver is CPU-bound Python: it runs in worker processes (spawned, so they share nothing with
the server's threads) so that a long search never stalls other players' requests. "Can this game
still be won?" has a worker of its own, ended when the player stops waiting; a winnable deal the
player waits for has another; topping up the winnable deals has a third, run at a lower priority,
so a player never waits behind a 90-second background try. Deals proved
winnable are kept ready in the store, seeded from ``winnable.json`` (made by
``scripts/winnable``) and topped up in the background, so PLAY with "winnable deals only" is
instant."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool

from ..engine import Game, format_code, load_record, new_session
from ..engine.codes import DEAL_LIMIT
from ..solver import solve
from ..solver.hints import hint
from ..store import Store
from .games import variant_of_level

SEED_FILE = Path(__file__).parent / "winnable.json"
KEEP_READY = 3  # proved-winnable deals kept per level
# Looking for a winnable deal while the player waits: a few short tries, then a random deal.
ON_DEMAND_SECONDS, ON_DEMAND_TRIES = 8.0, 2
# Topping the pool up behind the scenes: nobody waits, so each try may think longer.
REFILL_SECONDS = 90.0
CANCEL_POLL_SECONDS = 0.5


def solve_record(record: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Worker: replay a record and solve its position."""
    return solve(load_record(record).game, time_limit=time_limit).as_dict()


def _lower_priority() -> None:
    """Worker initializer: background work yields the CPU to the server and to players' solves."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


def find_winnable(level: str, time_limit: float, attempts: int = 5) -> tuple[str, list[str]] | None:
    """Worker: try random deals of a level until the solver wins one."""
    v = variant_of_level(level)
    for _ in range(attempts):
        code = format_code(v, secrets.randbelow(DEAL_LIMIT))
        result = solve(new_session(code, profile_name="moves").game, time_limit=time_limit)
        if result.result == "won":
            return code, result.actions
    return None


class Solving:
    def __init__(self, store: Store, background: bool = True) -> None:
        self.store = store
        self.background = background
        self._pools: dict[str, ProcessPoolExecutor] = {}
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

    def _pool(self, name: str) -> ProcessPoolExecutor:
        """The one-process pool for players' solves ("solve"), for deals they wait for ("player")
        or for background work."""
        if name not in self._pools:
            self._pools[name] = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority if name == "background" else None,
            )
        return self._pools[name]

    def _in_worker(self, fn: Any, *args: Any, pool: str = "player") -> asyncio.Future[Any]:
        """Run ``fn(*args)`` in a pool's worker; await the answer."""
        return asyncio.get_running_loop().run_in_executor(self._pool(pool), fn, *args)

    def _stop(self, name: str) -> None:
        """End a pool's worker at once; the next call starts a fresh one."""
        pool = self._pools.pop(name, None)
        if pool is None:
            return
        # ProcessPoolExecutor can't stop a task that is running (before Python 3.14): end its process
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)

    async def hint(self, game: Game) -> str | None:
        """A next action from what the player sees (no peeking); quick, so a thread is enough."""
        return await run_in_threadpool(hint, game.clone())

    async def solve(
        self, record: dict[str, Any], time_limit: float, cancelled: Callable[[], Awaitable[bool]] | None = None
    ) -> dict[str, Any]:
        """Solve in the solving worker. ``cancelled`` (e.g. the request's ``is_disconnected``) is
        asked twice a second; when it says yes, the worker is ended at once so that the player's
        next question does not wait for an answer nobody reads."""
        future = self._in_worker(solve_record, record, time_limit, pool="solve")
        while cancelled is not None and not future.done():
            await asyncio.wait({future}, timeout=CANCEL_POLL_SECONDS)
            if not future.done() and await cancelled():
                future.cancel()
                self._stop("solve")
                return {"result": "unknown", "actions": [], "reason": "cancelled"}
        return await future

    async def winnable_code(self, level: str) -> str | None:
        """A deal of ``level`` the solver proved winnable: from the ready ones, else found now."""
        code = self.store.take_winnable(level)
        if code is None:
            found = await self._in_worker(find_winnable, level, ON_DEMAND_SECONDS, ON_DEMAND_TRIES)
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
                    found = await self._in_worker(find_winnable, level, REFILL_SECONDS, 1, pool="background")
                    if found:
                        self.store.add_winnable(level, *found)
            finally:
                self._refilling.discard(level)

        task = asyncio.get_running_loop().create_task(work())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for pool in self._pools.values():
            pool.shutdown(cancel_futures=True)
