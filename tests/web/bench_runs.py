"""A benchmark of bench/ run to its end by a test, on both stores: its output and the rows of its
table (one a line that starts with a store's name). Its figures are never asserted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_on_both_stores(script: str, *options: str) -> tuple[str, list[list[str]]]:
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--database", "sqlite", "postgresql", *options],
        capture_output=True,
        text=True,
        timeout=240,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    rows = [line.split() for line in run.stdout.splitlines() if re.match(r"(sqlite|postgresql) ", line)]
    return run.stdout, rows
