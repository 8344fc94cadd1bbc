"""Schemathesis against the app in process, as one player (``bench/schemathesis_run.py``, which runs
it for minutes): every operation with examples drawn from its schema, valid and not, then chains of
operations linked by their answers (a game's id, a job's id). No answer is a server error, and
every one has a status, content type, headers and body that the schema documents. Bounded and
seeded: the same requests every run, within a minute and a half on one core."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from schemathesis.python import asgi

pytestmark = pytest.mark.process


def test_no_answer_is_a_server_error_or_other_than_the_schema_says(
    load_bench: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    bench = load_bench("schemathesis_run")
    app, player = bench.site(tmp_path / "db.sqlite3")
    try:
        report = bench.run(app, player, examples=25, steps=8, seed=1)
    finally:
        asgi.shutdown_lifespans()  # the app's solver workers end with it
    summary = "\n".join(report.lines())
    assert not report.errors and report.failed() == 0, summary
    # every phase ran, and answered more than refusals: games were played, solves and reviews asked for
    assert set(report.cases) == {"examples", "coverage", "fuzzing", "stateful"}, summary
    assert all(report.checks[name]["success"] > 1000 for name in bench.CHECKS), summary
    answered = sum(report.statuses.values(), start=bench.Counter())
    assert answered[200] and answered[201] and answered[202] and answered[204], summary
