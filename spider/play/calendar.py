"""A player's daily calendar and streaks, from their counted attempts (docs/API.md, Daily deals)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ..daily import days
from ..store import DailyResult
from .daily_answers import CalendarDay, Streak


def day_states(results: Iterable[DailyResult]) -> dict[str, str]:
    """By day: "won" if a counted attempt that day was won, else "played" if one was finished."""
    states: dict[str, str] = {}
    for result in results:
        if result.state == "won":
            states[result.day] = "won"
        elif result.state == "lost":
            states.setdefault(result.day, "played")
    return states


def month(first: dt.date, today: str, results: Iterable[DailyResult], joined: str) -> list[CalendarDay]:
    """Each day of the month: won, played, missed, today (not yet won or played), future, or before
    (a day before ``joined``, the day the player was first seen: they could not have missed it)."""
    states = day_states(results)
    out = []
    for day in days.month_days(first):
        state = "future" if day > today else states.get(day, "today" if day == today else "missed")
        if state == "missed" and day < joined:
            state = "before"
        out.append(CalendarDay(date=day, state=state))  # type: ignore[arg-type]  # one of the states above
    return out


def streaks(results: Iterable[DailyResult], today: str) -> Streak:
    """``current``: consecutive won days ending today, or yesterday while today is not won yet;
    ``best``: the longest run of consecutive won days."""
    won = {day for day, state in day_states(results).items() if state == "won" and day <= today}
    current = 0
    day = today if today in won else days.shift(today, -1)
    while day in won:
        current += 1
        day = days.shift(day, -1)
    best = run = 0
    previous: str | None = None
    for day in sorted(won):
        run = run + 1 if previous is not None and days.shift(previous, 1) == day else 1
        best = max(best, run)
        previous = day
    return Streak(current=current, best=best)
