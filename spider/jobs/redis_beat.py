"""Which ``spider worker``\\ s serve a site's queues now: each one's heartbeat in Redis.

Every ``BEAT_SECONDS`` a ``spider worker`` (its supervisor) writes ``{prefix}:worker:{name}``, a JSON
:class:`Beat` that expires ``BEAT_TTL`` seconds later, and names itself in the set
``{prefix}:workers``; it deletes its key as it stops. A worker killed outright is forgotten once its
key expires. The app's readiness reads them (:func:`live`): with no live key, nobody serves the queue.
Only Redis's own expiry is used, never a clock of either side, so hosts need not agree on the time."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from redis import Redis

BEAT_SECONDS = 2.0  # how often a `spider worker` says it is there
BEAT_TTL = 10  # seconds: a worker silent this long (killed, or cut off from Redis) serves nobody


@dataclass(frozen=True)
class Beat:
    """One ``spider worker``: where it runs, how many of its processes take players' jobs (all of
    them: the shared ones take a player's job first too) and how many also take background jobs."""

    host: str
    pid: int
    players: int
    background: int


def _key(prefix: str, name: str) -> str:
    return f"{prefix}:worker:{name}"


def _members(prefix: str) -> str:
    return f"{prefix}:workers"


def write(redis: Redis, prefix: str, name: str, beat: Beat) -> None:
    """Say that worker ``name`` is there, for the next ``BEAT_TTL`` seconds."""
    with redis.pipeline() as pipe:
        pipe.set(_key(prefix, name), json.dumps(asdict(beat)), ex=BEAT_TTL)
        pipe.sadd(_members(prefix), name)
        pipe.expire(_members(prefix), BEAT_TTL)  # the set goes too once no worker is left
        pipe.execute()


def remove(redis: Redis, prefix: str, name: str) -> None:
    """Worker ``name`` is stopping: it serves nobody from now on."""
    with redis.pipeline() as pipe:
        pipe.delete(_key(prefix, name))
        pipe.srem(_members(prefix), name)
        pipe.execute()


def live(redis: Redis, prefix: str) -> list[Beat]:
    """The workers whose heartbeat has not expired; the expired ones leave the set."""
    names = sorted(_text(n) for n in redis.smembers(_members(prefix)))
    if not names:
        return []
    found = redis.mget([_key(prefix, name) for name in names])
    dead = [name for name, value in zip(names, found, strict=True) if value is None]
    if dead:
        redis.srem(_members(prefix), *dead)
    return [_beat(json.loads(value)) for value in found if value is not None]


def _beat(fields: dict[str, Any]) -> Beat:
    """A beat as written (a field another version adds or leaves out is no error)."""
    return Beat(
        str(fields.get("host", "")),
        int(fields.get("pid", 0)),
        int(fields.get("players", 0)),
        int(fields.get("background", 0)),
    )


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
