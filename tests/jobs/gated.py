"""Jobs for the worker tests, which a test controls through Redis rather than through time: a job
that holds its worker until the test opens its gate (the site's long background work, with its end in
the test's hands), noting each start's process (a job that yields to a player starts again)."""

from __future__ import annotations

import os
import time

from redis import Redis

LOOK_SECONDS = 0.05


def held(url: str, gate: str, starts: str) -> str:
    """Add this process's id to the list ``starts``, then wait until the key ``gate`` exists."""
    redis = Redis.from_url(url)
    try:
        redis.rpush(starts, os.getpid())
        while not redis.exists(gate):
            time.sleep(LOOK_SECONDS)
        return "opened"
    finally:
        redis.close()
