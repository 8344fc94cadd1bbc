"""Redis for the tests: a database of the server's own for each test process, so that the tests
touch nothing of anyone else's and leave nothing behind.

RQ names its bookkeeping ``rq:…`` whatever queue prefix spider gives it (the list of queues, the
workers, the registries), and keeps some of it with no expiry; a queue prefix per test keeps runs
apart but would leave those keys behind. So each test process claims one of the server's
databases 1–15 (``CLAIM``, a key that names the process and expires), empties it, and sets
``SPIDER_TEST_REDIS_URL`` to it for the tests (and the servers and workers they start). At the
end it empties the database again, checks that nothing without an expiry came back (a process a
test left running would write there), and gives the claim up.

The server is ``SPIDER_TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379``; a database number in
it is replaced by the claimed one). Without a server answering, nothing is claimed and the Redis
tests fail with their own message."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit, urlunsplit

import pytest
from redis import Redis
from redis.exceptions import RedisError

URL_VARIABLE = "SPIDER_TEST_REDIS_URL"
DEFAULT_SERVER = "redis://127.0.0.1:6379"
DATABASES = range(1, 16)  # a default server has 16; 0 is left to whatever else uses this Redis
CLAIM = "spider-tests:claim"
WORKERS = "rq:workers"  # RQ's list of every worker's key
CLAIM_SECONDS = 6 * 3600  # a claim outlives any test session, and not a crashed one for long
# takes a claim over only if it still holds what was read (a stale owner's): never another's fresh one
_TAKE_OVER = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3])
end
return false
"""


def server_of(url: str) -> str:
    """``url`` without its database number."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "", parts.query, ""))


def _owner() -> str:
    return f"{socket.gethostname()} {os.getpid()}"


def _stale(owner: bytes | None) -> bool:
    """A claim made by a process of this machine that has ended."""
    if owner is None:
        return True
    host, _, pid = owner.decode(errors="replace").rpartition(" ")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


class Claimed:
    """One database of the server, this process's until :meth:`release`."""

    def __init__(self, server: str, number: int, connection: Redis) -> None:
        self.server, self.number, self.redis = server, number, connection
        self.owner = _owner()

    @property
    def url(self) -> str:
        return f"{self.server}/{self.number}"

    def empty(self) -> None:
        """Delete every key but the claim."""
        for key in self.redis.scan_iter(count=1000):
            if key != CLAIM.encode():
                self.redis.delete(key)

    def left_without_expiry(self) -> list[str]:
        """The keys (but the claim) that would stay for ever."""
        return sorted(
            key.decode(errors="replace")
            for key in self.redis.scan_iter(count=1000)
            if key != CLAIM.encode() and self.redis.ttl(key) == -1
        )

    def release(self) -> None:
        if self.redis.get(CLAIM) == self.owner.encode():
            self.redis.delete(CLAIM)
        self.redis.close()


def claim(url: str | None = None) -> Claimed | None:
    """Claim a free database of the server ``url`` names (emptied), or None when the server does not
    answer. Raises RuntimeError when every database is claimed."""
    server = server_of(url or os.environ.get(URL_VARIABLE) or DEFAULT_SERVER)
    for number in DATABASES:
        connection = Redis.from_url(f"{server}/{number}", socket_connect_timeout=5)
        try:
            owner = _owner()
            taken = connection.set(CLAIM, owner, nx=True, ex=CLAIM_SECONDS)
            if not taken:
                held = connection.get(CLAIM)
                stale = held is not None and _stale(held)
                taken = stale and connection.eval(_TAKE_OVER, 1, CLAIM, held, owner, CLAIM_SECONDS)
            if not taken:
                connection.close()
                continue  # another run's, alive
        except RedisError:
            connection.close()
            return None
        claimed = Claimed(server, number, connection)
        claimed.empty()  # what a run that ended without cleaning up left
        return claimed
    numbers = f"{DATABASES.start}-{DATABASES.stop - 1}"
    raise RuntimeError(f"every Redis database {numbers} of {server} is claimed by a running test session")


def remove_site(redis: Redis, prefix: str) -> None:
    """Delete what a test's site (its queues ``{prefix}:…``) left on Redis once its processes have
    ended. RQ keeps its list of queues and of workers, and a job whose worker was killed, with no
    expiry: a worker that lives on would expire them as it tidies up, but a test's workers do not."""
    from rq import Queue, Worker

    for queue in Queue.all(connection=redis):
        if not queue.name.startswith(f"{prefix}:"):
            continue
        jobs = set(queue.get_job_ids())
        for registry in (
            queue.started_job_registry,
            queue.finished_job_registry,
            queue.failed_job_registry,
            queue.canceled_job_registry,
            queue.deferred_job_registry,
            queue.scheduled_job_registry,
        ):
            jobs.update(registry.get_job_ids(cleanup=False))
        for worker in Worker.all(connection=redis, queue=queue):
            worker.register_death()  # leaves the lists of workers; its own key expires
        queue.delete(delete_jobs=True)
        for job in jobs:
            for key in redis.scan_iter(match=f"*{job}*"):  # the job, its result, its progress
                redis.delete(key)
    # its workers that no job ever reached (their queues were never listed), and any left listed
    # whose own key has expired (RQ tidies those up as it lists them)
    for worker in Worker.all(connection=redis):
        if any(name.startswith(f"{prefix}:") for name in worker.queue_names()):
            worker.register_death()
    for key in redis.smembers(WORKERS):
        if not redis.exists(key):
            redis.srem(WORKERS, key)
    for key in redis.scan_iter(match=f"*{prefix}*"):
        redis.delete(key)


def connected(url: str) -> Redis:
    """A connection to the tests' Redis at ``url``, or the test fails saying so: not a skip, since
    the test command starts Redis where it is missing."""
    redis = Redis.from_url(url)
    try:
        redis.ping()
    except RedisError as exc:
        pytest.fail(f"Redis does not answer at {url} ({exc}); ./scripts/test installs and starts it")
    return redis
