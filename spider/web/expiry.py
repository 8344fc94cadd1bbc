"""Forgetting players who stored nothing: a scheduled job in every app process.

A player is stored only once something is written for them (a game or settings), so the players to
forget are those whose every game was deleted and who never changed a setting. The job is one
idempotent DELETE, so every app process may run it on the same database at once."""

from __future__ import annotations

import asyncio
import logging

from .. import clock
from ..store import Store

EXPIRY_INTERVAL = 3600.0  # seconds between two runs in one process (the first is at start)
log = logging.getLogger("spider.expiry")


async def expire_players_periodically(store: Store, days: float, interval: float = EXPIRY_INTERVAL) -> None:
    """Until cancelled: forget the players made more than ``days`` ago that have no game and no
    settings, then wait ``interval`` seconds. A failed run (the database away) is logged, not fatal."""
    while True:
        try:
            forgotten = await asyncio.to_thread(store.expire_players, clock.now() - days * 86400)
        except Exception as err:  # the next run tries again
            log.warning("expiring players failed: %r", err)
        else:
            if forgotten:
                log.info("expired players", extra={"players": forgotten})
        await asyncio.sleep(interval)
