"""bench/practice_sync.py still runs end to end (a tiny run on both stores; its figures are never
asserted): every phase answered without a failure, and PostgreSQL's statements counted."""

from __future__ import annotations

import re

import pytest
from bench_runs import run_on_both_stores

pytestmark = pytest.mark.process


def test_a_tiny_run_on_both_stores_prints_every_phase_and_the_verdict() -> None:
    stdout, rows = run_on_both_stores(
        "practice_sync.py", "--batches", "1", "10", "--clients", "2", "--actions", "20", "--repeat", "1"
    )
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("sqlite", "practice", "1"),
        ("sqlite", "practice", "10"),
        ("sqlite", "daily", "1"),
        ("postgresql", "practice", "1"),
        ("postgresql", "practice", "10"),
        ("postgresql", "daily", "1"),
    ], stdout
    assert all(r[3] == "40" and r[-1] == "-" for r in rows), stdout  # every action acknowledged, none failed
    assert [r[4] for r in rows if r[2] == "10"] == ["4", "4"]  # batches of 10: 4 requests
    assert all(float(r[7]) > 0 for r in rows if r[0] == "postgresql"), stdout  # statements counted
    assert re.search(r"^goal .*: (MET|MISSED): sqlite ×10", stdout, re.MULTILINE), stdout
