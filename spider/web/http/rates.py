"""How often one client address may start costly things: solves, deeper hints, new players, and
how often it may try a transfer code or a club's invite (so that nobody guesses one).

A player is only a cookie, which a client can drop at will; its network address it cannot. That
address is the TCP peer's, or the one a trusted proxy names in ``X-Forwarded-For``: uvicorn puts it in
``scope["client"]`` for the proxies ``FORWARDED_ALLOW_IPS`` names (docs/HOSTING.md). Each kind of
request has a token bucket per address, in this process: with several app workers each keeps its own,
so an address may get up to that many times the rate (docs/HOSTING.md, "Abuse")."""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from starlette.types import Scope

from ...config import Settings
from ...engine import N_
from ...jobs.errors import Busy
from ...play.limits import DEEP_HINT, INVITE, LINK, SOLVE, WINNABLE
from .errors import ApiError

NEW_PLAYER = "new_player"
BURST_SECONDS = 60.0  # a bucket holds a minute's worth: a player may use it all at once, then waits
MAX_BUCKETS = 10_000  # past this many addresses, those back to a full bucket are forgotten


def client_address(scope: Scope) -> str | None:
    """The client's address as uvicorn gives it (a trusted proxy's ``X-Forwarded-For`` applied); an
    IPv6 address as its /64 network, which one home or host is given whole (so it holds 2⁶⁴
    addresses to take turns with)."""
    client = scope.get("client")
    if not client:
        return None
    address = str(client[0])
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address  # not an IP address (a test client's name, a Unix socket): as it is
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


class RateLimited(ApiError):
    """429 ``rate_limited``: this address asked too often; ``Retry-After``: when it may again."""

    def __init__(self, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(429, "rate_limited", N_("Too many requests from your address; please wait a moment"))
        self.headers = {"Retry-After": str(seconds)}


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimits:
    """Token buckets per (kind, address): ``per_minute[kind]`` tokens a minute, up to a minute's worth
    saved (a kind at 0, or not named, has no limit)."""

    def __init__(self, per_minute: dict[str, float], clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._buckets: dict[tuple[str, str], _Bucket] = {}

    @classmethod
    def of(cls, settings: Settings) -> RateLimits:
        return cls(
            {
                SOLVE: settings.solves_per_minute,
                DEEP_HINT: settings.deep_hints_per_minute,
                NEW_PLAYER: settings.new_players_per_minute,
                LINK: settings.links_per_minute,
                INVITE: settings.invites_per_minute,
                WINNABLE: settings.winnable_deals_per_minute,
            }
        )

    def take(self, kind: str, address: str | None) -> None:
        """Count one request of ``kind`` from ``address``; raises :class:`RateLimited` (and counts
        nothing) when its bucket is empty."""
        rate = self.per_minute.get(kind, 0) / 60.0
        if not rate or address is None:
            return
        now, size = self.clock(), rate * BURST_SECONDS
        bucket = self._buckets.get((kind, address))
        tokens = size if bucket is None else min(size, bucket.tokens + (now - bucket.at) * rate)
        if tokens < 1:
            raise RateLimited((1 - tokens) / rate)
        if bucket is None and len(self._buckets) >= MAX_BUCKETS:
            self._forget_full(now)
        self._buckets[(kind, address)] = _Bucket(tokens - 1, now)

    @contextmanager
    def spending(self, kind: str | None, address: str | None) -> Iterator[None]:
        """:meth:`take` (nothing for ``kind`` None), given back when the block is refused as
        :class:`Busy`: a request the solver turned away started nothing, so it costs nothing."""
        if kind is not None:
            self.take(kind, address)
        try:
            yield
        except Busy:
            if kind is not None:
                self.give_back(kind, address)
            raise

    def give_back(self, kind: str, address: str | None) -> None:
        """Undo a :meth:`take` whose request started nothing after all (the solver was busy), so a
        player who asks again when told to is not counted twice."""
        rate = self.per_minute.get(kind, 0) / 60.0
        bucket = self._buckets.get((kind, address)) if address is not None else None
        if rate and bucket is not None:
            bucket.tokens = min(rate * BURST_SECONDS, bucket.tokens + 1)

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have filled up again (a full bucket is as good as none); if that is
        not enough (very many addresses at once), the oldest half, so memory stays bounded."""
        for key, bucket in list(self._buckets.items()):
            rate = self.per_minute.get(key[0], 0) / 60.0
            if not rate or bucket.tokens + (now - bucket.at) * rate >= rate * BURST_SECONDS:
                del self._buckets[key]
        for key in list(self._buckets)[: max(0, len(self._buckets) - MAX_BUCKETS // 2)]:
            del self._buckets[key]
