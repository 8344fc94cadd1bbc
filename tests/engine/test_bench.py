"""The engine benchmark still runs (tiny sizes; its figures are never asserted)."""

from __future__ import annotations

import json

from spider.engine import Game


def test_bench_pieces_run(load_bench):
    bench = load_bench("engine")
    positions = bench.playout_positions("spider", 4, 2, seed=1)
    assert positions and all(not g.won for g in positions)
    before = [g.clone() for g in positions]
    assert bench.bench_apply_undo(positions, 1) > 0
    assert bench.bench_legal_moves(positions, 1) > 0
    # apply+undo left every position as it was
    assert [(g.cols, g.down, g.run, g.score, g.moves) for g in positions] == [
        (g.cols, g.down, g.run, g.score, g.moves) for g in before
    ]
    record = bench.record_300("spiderette", 2, seed=1)
    assert len(json.loads(record)["actions"]) == 300
    assert len(Game.from_record(record).actions) == 300
    assert bench.bench_replay(record, 1) > 0
