"""Daily deals' days: the UTC date of a moment, and ``days.now()``, the app's one clock
(``spider.clock``) as the daily code reads it.

Every part of the daily code asks ``days.now()`` (through the module, never a copy of the name): a
test that replaces ``clock.now`` moves the whole app, this feature with it, to another moment."""

from __future__ import annotations

import calendar
import datetime as dt
import re

from .. import clock

SECONDS_PER_DAY = 86400
# How a day and a month are written (the web API's schema shows these too); a day must also be on
# the calendar (no 2026-02-30).
MONTH_PATTERN = "(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-(?:0[1-9]|1[0-2])"  # years 1 to 9999
DAY_PATTERN = MONTH_PATTERN + "-(?:0[1-9]|[12][0-9]|3[01])"
_DAY = re.compile(DAY_PATTERN)
_MONTH = re.compile(MONTH_PATTERN)


def now() -> float:
    """The moment the daily code lives in (seconds since 1970): the app's one clock."""
    return clock.now()


def day_of(moment: float) -> str:
    """The UTC date of a moment, YYYY-MM-DD."""
    return dt.datetime.fromtimestamp(moment, dt.UTC).strftime("%Y-%m-%d")


def today() -> str:
    return day_of(now())


def seconds_to_next_day(moment: float | None = None) -> int:
    """Whole seconds from ``moment`` (default: now) until the next UTC midnight, at least 1."""
    moment = now() if moment is None else moment
    return max(1, SECONDS_PER_DAY - int(moment) % SECONDS_PER_DAY)


def parse_day(text: str) -> dt.date | None:
    """The date ``text`` names as YYYY-MM-DD, or None when it names none."""
    if _DAY.fullmatch(text) is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def parse_month(text: str) -> dt.date | None:
    """The first day of the month ``text`` names as YYYY-MM, or None."""
    if _MONTH.fullmatch(text) is None:
        return None
    try:
        return dt.date.fromisoformat(text + "-01")
    except ValueError:
        return None


def shift(day: str, days: int) -> str:
    """The day ``days`` after ``day`` (before it when negative)."""
    return (dt.date.fromisoformat(day) + dt.timedelta(days=days)).isoformat()


def month_days(first: dt.date) -> list[str]:
    """Every day of the month that starts on ``first``."""
    length = calendar.monthrange(first.year, first.month)[1]
    return [first.replace(day=n).isoformat() for n in range(1, length + 1)]


def start_of(day: str) -> float:
    """The moment ``day`` begins (UTC midnight), seconds since 1970."""
    return dt.datetime.combine(dt.date.fromisoformat(day), dt.time(), dt.UTC).timestamp()
