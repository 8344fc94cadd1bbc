"""bench/review.py still runs and reports what it says (its figures are never asserted)."""

from __future__ import annotations

import pytest

from spider.engine import Game

pytestmark = pytest.mark.slow


def test_a_lost_game_is_reviewed_and_summed_up(load_bench) -> None:
    bench = load_bench("review")
    record = bench.lost_record("SP1-S4C-AAAABAB", "quick")  # the quick player loses it, in a second or two
    assert record is not None and not Game.from_record(record).won
    result = bench.timed_review((record, 2.0))
    assert result["player_length"] == len(record["actions"]) and result["peak_mib"] > 0
    line = bench.summary(4, [result])
    assert line.startswith("4 suits: 1 games; median ") and "peak memory" in line
