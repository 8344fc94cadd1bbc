"""bench/practice_sync.py still runs end to end (a tiny run on both stores; its figures are never
asserted): every phase answered without a failure, and PostgreSQL's statements counted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parents[2]


def test_a_tiny_run_on_both_stores_prints_every_phase_and_the_verdict() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "practice_sync.py"), "--database", "sqlite", "postgresql"]
        + ["--batches", "1", "10", "--clients", "2", "--actions", "20", "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=240,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    rows = [line.split() for line in run.stdout.splitlines() if re.match(r"(sqlite|postgresql) ", line)]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("sqlite", "practice", "1"),
        ("sqlite", "practice", "10"),
        ("sqlite", "daily", "1"),
        ("postgresql", "practice", "1"),
        ("postgresql", "practice", "10"),
        ("postgresql", "daily", "1"),
    ], run.stdout
    assert all(r[3] == "40" and r[-1] == "-" for r in rows), run.stdout  # every action acknowledged, none failed
    assert [r[4] for r in rows if r[2] == "10"] == ["4", "4"]  # batches of 10: 4 requests
    assert all(float(r[7]) > 0 for r in rows if r[0] == "postgresql"), run.stdout  # statements counted
    assert re.search(r"^goal .*: (MET|MISSED): sqlite ×10", run.stdout, re.MULTILINE), run.stdout
