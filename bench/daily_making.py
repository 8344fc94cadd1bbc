"""How long the site's schedule takes to make a day's daily deals, level by level: the search for
a winnable shuffle (each try solved with every card known) and the difficulty rating (the deal's
grade: spider/solver/grading.py), with the schedule's own limits (spider/jobs/daily.py).

    python bench/daily_making.py                      # 3 days from today, every daily level
    python bench/daily_making.py --days 10 --levels spider-4-classic
    PYTHONPATH=build/compiled/site python bench/daily_making.py   # the compiled build

Prints, per level: the tries a day needed (the first winnable one's number), the search's and the
rating's median and slowest seconds, the difficulties found, and the days with no deal within the
limits; then the slowest day's whole preparation (all levels, one worker). A fixed secret is used,
so the same days give the same deals. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from spider.daily import LEVELS, days
from spider.daily.difficulty import difficulty
from spider.daily.making import TRY_SECONDS, find_winnable_try
from spider.jobs.daily import SEARCH_SECONDS

SECRET = "bench-daily-making"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--levels", nargs="*", default=LEVELS)
    args = parser.parse_args()
    first = days.today()
    dates = [days.shift(first, n) for n in range(args.days)]
    per_day: Counter[str] = Counter()
    print(f"limits: search {SEARCH_SECONDS:.0f} s (a try {TRY_SECONDS:.0f} s)")
    for level in args.levels:
        searches, ratings, tries, rated, missing = [], [], [], Counter[str](), 0
        for day in dates:
            clock = time.perf_counter()
            found = find_winnable_try(SECRET, day, level, SEARCH_SECONDS, TRY_SECONDS)
            searches.append(time.perf_counter() - clock)
            if found is None:
                missing += 1
                per_day[day] += searches[-1]
                continue
            attempt, deck, _line = found
            tries.append(attempt + 1)
            clock = time.perf_counter()
            rated[difficulty(level, deck)] += 1
            ratings.append(time.perf_counter() - clock)
            per_day[day] += searches[-1] + ratings[-1]
        print(
            f"{level}: tries {statistics.median(tries) if tries else '-'} median, {max(tries, default='-')} most;"
            f" search median {statistics.median(searches):.1f} s, slowest {max(searches):.1f} s;"
            f" rating median {statistics.median(ratings) if ratings else 0:.1f} s,"
            f" slowest {max(ratings, default=0):.1f} s; {dict(rated)}; no deal: {missing} of {len(dates)}"
        )
    day, seconds = per_day.most_common(1)[0]
    print(f"slowest day ({day}): {seconds:.0f} s for {len(args.levels)} levels on one worker")


if __name__ == "__main__":
    main()
