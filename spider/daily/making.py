"""Making a day's deal of a level: tries 0, 1, 2… of the day key's shuffles, each solved with every
card known, until one is proved winnable; then how hard it is to win without peeking, and its seal
(the salt and day key that prove it fair once the day is over: ``fairness``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..solver import solve
from ..solver.grading import SEEDS
from ..store import DailyDeal, DealSeal
from .deck import day_key, shuffled_deck
from .difficulty import dealt, difficulty
from .fairness import new_salt

MIN_TRY_SECONDS = 0.5  # a try with less time left than this is not worth starting
TRY_SECONDS = 20.0  # one try's solve, on the schedule
NOT_READY_RETRY_SECONDS = 60  # a player turned away while a deal is made asks again after this (Retry-After)


def find_winnable_try(
    secret: str,
    day: str,
    level: str,
    seconds: float,
    try_seconds: float = TRY_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[int, list[str], list[str]] | None:
    """The first try that the solver wins, within ``seconds`` in all on ``clock`` (the wall clock a
    waiting player feels, or the thread's CPU time for the schedule): its number, deck and winning line."""
    deadline = clock() + seconds
    key = day_key(secret, day)
    attempt = 0
    while (left := deadline - clock()) >= MIN_TRY_SECONDS:
        deck = shuffled_deck(key, level, attempt)
        result = solve(dealt(level, deck), time_limit=min(left, try_seconds))
        if result.result == "won":
            return attempt, deck, result.actions
        attempt += 1
    return None


def make_deal(
    secret: str,
    day: str,
    level: str,
    seconds: float,
    try_seconds: float = TRY_SECONDS,
    seeds: int = SEEDS,
    clock: Callable[[], float] = time.monotonic,
) -> DailyDeal | None:
    """The day's deal of ``level``, proved winnable within ``seconds`` on ``clock``, graded by the
    measuring player's first ``seeds`` games, and sealed; None when no try was won in time."""
    found = find_winnable_try(secret, day, level, seconds, try_seconds, clock)
    if found is None:
        return None
    attempt, deck, line = found
    seal = DealSeal(salt=new_salt(), day_key=day_key(secret, day), attempt=attempt)
    return DailyDeal(day=day, level=level, deck=deck, line=line, difficulty=difficulty(level, deck, seeds), seal=seal)
