"""Redis going away, as each ``spider worker`` process lives through it: one log line per failed try
(no traceback), the tries further apart each time up to ``MOST_SECONDS``, and one line when Redis
answers again. Nothing here ends a process: the worker waits for Redis and goes on."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

FIRST_SECONDS = 0.5  # the first wait after a failed try
MOST_SECONDS = 8.0  # the longest: Redis back is seen within this (it bounds the recovery too)
LOOK_SECONDS = 0.1  # how often a wait looks for a stop
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)


class Outage:
    """How one process sees Redis: answering, or not since some tries."""

    def __init__(self, log: logging.Logger, who: str) -> None:
        self.log = log
        self.who = who
        self.wait: float | None = None  # the wait before the next try; None while Redis answers

    @property
    def on(self) -> bool:
        return self.wait is not None

    def failed(self, err: Exception) -> float:
        """A call to Redis failed: say so in one line; the seconds to wait before the next try."""
        self.wait = FIRST_SECONDS if self.wait is None else min(MOST_SECONDS, self.wait * 2)
        self.log.warning("%s: Redis does not answer (%s); trying again in %.1f s", self.who, err, self.wait)
        return self.wait

    def answered(self) -> None:
        """A call to Redis went through: say so once, if it had not before."""
        if self.wait is not None:
            self.log.warning("%s: Redis answers again", self.who)
        self.wait = None


def pause(seconds: float, stopping: Callable[[], bool]) -> None:
    """Sleep ``seconds``, or less if a stop comes meanwhile."""
    deadline = time.monotonic() + seconds
    while not stopping() and (left := deadline - time.monotonic()) > 0:
        time.sleep(min(LOOK_SECONDS, left))


def wait_for(redis: Redis, outage: Outage, stopping: Callable[[], bool]) -> bool:
    """Until Redis answers (True) or a stop comes (False), trying as :class:`Outage` says."""
    while not stopping():
        try:
            redis.ping()
        except REDIS_DOWN as err:
            pause(outage.failed(err), stopping)
        else:
            outage.answered()
            return True
    return False
