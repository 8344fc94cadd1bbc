"""Work that many requests wait for, done once at a time per key in this process: a later request
for the same key joins the work in flight rather than starting its own. The work runs apart from its
requests: one whose wait ends leaves it going on for the others (and for the next request). A work
that ended is forgotten, whatever its result, so the next request starts it again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

log = logging.getLogger("spider.jobs")


class Joined(Generic[K, T]):
    def __init__(self) -> None:
        self._running: dict[K, asyncio.Task[T]] = {}
        self._waiting: dict[K, int] = {}

    async def wait(self, key: K, start: Callable[[], Coroutine[Any, Any, T]], within: float) -> tuple[bool, T | None]:
        """``(True, its result)`` of the work in flight for ``key`` (``start()`` begins it when none
        is), else ``(False, None)`` when it was not done within ``within`` seconds: it goes on then.
        Cancelling the wait (its request ended) leaves the work going on too."""
        work = self._work(key, start)
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            return True, await asyncio.wait_for(asyncio.shield(work), max(0.0, within))
        except TimeoutError:
            return False, None
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:
                del self._waiting[key]

    def waiting(self, key: K) -> int:
        """How many requests wait for the work of ``key`` now."""
        return self._waiting.get(key, 0)

    def in_flight(self, key: K) -> bool:
        return key in self._running

    async def close(self) -> None:
        """End the work in flight in this event loop (the app stops)."""
        loop = asyncio.get_running_loop()
        running = [work for work in self._running.values() if work.get_loop() is loop]
        for work in running:
            work.cancel()
        await asyncio.gather(*running, return_exceptions=True)

    def _work(self, key: K, start: Callable[[], Coroutine[Any, Any, T]]) -> asyncio.Task[T]:
        loop = asyncio.get_running_loop()
        work = self._running.get(key)
        if work is None or work.get_loop() is not loop:  # another loop's (a test client's earlier one) is gone
            work = self._running[key] = loop.create_task(start())
            work.add_done_callback(lambda ended: self._ended(key, ended))
        return work

    def _ended(self, key: K, work: asyncio.Task[T]) -> None:
        if self._running.get(key) is work:
            del self._running[key]
        if not work.cancelled() and (error := work.exception()) is not None:  # its waiters may have left
            log.error("work for %s failed", key, exc_info=error)
