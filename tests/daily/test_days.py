"""Days, months and streaks of the daily deals: UTC dates, whatever the machine's zone."""

from __future__ import annotations

import datetime as dt

from spider.daily import days
from spider.play.calendar import month, streaks
from spider.play.daily_answers import Streak
from spider.store import DailyResult

MIDNIGHT = dt.datetime(2026, 12, 5, tzinfo=dt.UTC).timestamp()


def result(day: str, state: str) -> DailyResult:
    return DailyResult(day=day, level="spider-1-classic", player="p", game=day, state=state)


def test_a_day_is_its_utc_date_and_ends_at_utc_midnight() -> None:
    assert days.day_of(MIDNIGHT - 1) == "2026-12-04" and days.day_of(MIDNIGHT) == "2026-12-05"
    assert days.seconds_to_next_day(MIDNIGHT) == 86400
    assert days.seconds_to_next_day(MIDNIGHT + 86399.5) == 1


def test_only_real_dates_and_months_parse() -> None:
    assert days.parse_day("2024-02-29") == dt.date(2024, 2, 29)
    for bad in ("2025-02-29", "2026-1-05", "2026-12-05x", "١٢٣٤-12-05", "today"):
        assert days.parse_day(bad) is None, bad
    assert days.parse_month("2026-12") == dt.date(2026, 12, 1)
    assert days.parse_month("2026-00") is None and days.parse_month("2026-12-01") is None
    assert len(days.month_days(dt.date(2024, 2, 1))) == 29
    assert days.month_days(dt.date(9999, 12, 1))[-1] == "9999-12-31"  # the last month there is


def test_the_calendar_marks_each_day() -> None:
    results = [result("2026-12-01", "won"), result("2026-12-02", "lost"), result("2026-12-03", "playing")]
    states = {d.date: d.state for d in month(dt.date(2026, 12, 1), "2026-12-04", results, "2026-11-01")}
    assert [states[f"2026-12-0{n}"] for n in range(1, 6)] == ["won", "played", "missed", "today", "future"]
    assert len(states) == 31


def test_the_days_before_the_player_was_first_seen_are_not_missed() -> None:
    results = [result("2026-12-03", "won")]
    states = {d.date: d.state for d in month(dt.date(2026, 12, 1), "2026-12-05", results, "2026-12-03")}
    assert [states[f"2026-12-0{n}"] for n in range(1, 7)] == ["before", "before", "won", "missed", "today", "future"]


def test_the_current_streak_ends_today_or_yesterday_and_the_best_is_the_longest_run() -> None:
    won = [result(day, "won") for day in ("2026-11-28", "2026-11-29", "2026-11-30", "2026-12-03", "2026-12-04")]
    assert streaks(won, "2026-12-04") == Streak(current=2, best=3)
    assert streaks(won, "2026-12-05") == Streak(current=2, best=3)  # today not yet won
    assert streaks(won, "2026-12-06") == Streak(current=0, best=3)
    assert streaks([*won, result("2026-12-05", "lost")], "2026-12-05") == Streak(current=2, best=3)
