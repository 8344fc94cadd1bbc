"""bench/where_lost.py still runs and reports what it says (its figures are never asserted)."""

from __future__ import annotations

import pytest

from spider.solver.hints import quick_choice

pytestmark = pytest.mark.slow


def test_a_lost_game_is_checked_before_each_deal_and_at_its_end(load_bench):
    bench = load_bench("where_lost")
    # the quick player loses this 4-suit deal (and plays it in a second or two, unlike the strong one)
    found = bench.checks("SP1-S4C-AAAABAB", 0.2, quick_choice)
    assert found is not None
    labels = [label for label, _, _ in found]
    assert labels == [f"before deal {n}" for n in range(1, len(labels))] + ["end of the game"]
    assert len(labels) >= 2
    assert all(result in ("won", "lost", "unknown") for _, _, result in found)
    downs = [down for _, down, _ in found]
    assert downs == sorted(downs, reverse=True)  # no card is ever turned face down again
