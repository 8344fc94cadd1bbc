"""Schemathesis against the web API, in process, as one player: its examples, coverage, fuzzing and
stateful phases (chains of operations linked by their answers: a game's id, a job's id).

    python bench/schemathesis_run.py [--minutes 5] [--examples 100] [--steps 20] [--seed 1] [--all-checks]

On an app with a SQLite file of its own (today's and yesterday's daily deals made from the shipped
winnable deals, a winnable deal only from the shipped pool, so that no request waits seconds for a
search), prints per phase the test cases run and the answers' statuses, per check how many answers
passed and failed, the engine's errors, and each distinct failure once (operation, check, status
and a curl command to repeat it). The checks are those ``tests/web/test_schemathesis.py`` holds to
none failing (no server error; the status, content type, headers and body the schema documents);
--all-checks adds schemathesis' others, which judge more than the API promises (e.g. that a
schema-valid body is never refused, though a record whose actions break the rules must be). Exits
1 when a check failed. --minutes bounds the whole run; fuzzing and stateful testing repeat until
it is spent."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import schemathesis
from schemathesis.engine import Status, events, from_schema
from schemathesis.python import asgi

from spider.daily import LEVELS, days
from spider.engine import Game, card_text
from spider.jobs.protocol import WINNABLE
from spider.jobs.top_up import SEED_FILE
from spider.store import DailyDeal, Store
from spider.web.app import create_app

# What the API promises of every answer (docs/API.md): no 5xx, and only what the schema documents.
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
)

# ...and the others schemathesis 4 has, which judge more than that (see the docstring)
ALL_CHECKS = (
    *CHECKS,
    "negative_data_rejection",
    "positive_data_acceptance",
    "missing_required_header",
    "unsupported_method",
    "allow_header_conformance",
    "use_after_free",
    "ensure_resource_availability",
    "ignored_auth",
)


def store_daily_deals(store: Store, day: str) -> None:
    """Every daily level's deal of ``day``: its first shipped winnable deal, as a deck."""
    seeds = json.loads(SEED_FILE.read_text(encoding="utf-8"))
    for level in LEVELS:
        seed = seeds[level][0]
        deck = [card_text(card) for card in Game.from_code(seed["code"]).deck or ()]
        store.add_daily_deal(
            DailyDeal(day=day, level=level, deck=deck, line=list(seed["line"]), difficulty="easy"), time.time()
        )


def site(database: Path) -> tuple[Any, str]:
    """The app (its lifespan running until ``asgi.shutdown_lifespans()``) and one player's token."""
    app = create_app(str(database), background=False, review_seconds=10, review_nodes=5_000)
    jobs = app.state.context.player_jobs.jobs
    lane = jobs.lanes[WINNABLE]
    # none looked for on request: "winnable" past the shipped pool is a random deal at once (docs/API.md)
    jobs.lanes[WINNABLE] = type(lane)(workers=0, waiting=0)
    today = days.today()
    for day in (today, days.shift(today, -1)):
        store_daily_deals(app.state.context.store, day)
    client = asgi.get_client(app).__enter__()
    answer = client.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"})
    assert answer.status_code == 201, answer.text
    return app, str(client.cookies["spider_player"])


class Report:
    """What a run answered and found (a plain class: tests load this script without importing it)."""

    def __init__(self) -> None:
        self.cases: Counter[str] = Counter()  # by phase
        self.statuses: dict[str, Counter[int]] = defaultdict(Counter)  # by phase
        self.checks: dict[str, Counter[str]] = defaultdict(Counter)  # by check: its results by status
        self.failures: dict[tuple[str, str, str], str] = {}  # (operation, check, title): a curl command
        self.errors: list[str] = []
        self.seconds = 0.0

    def failed(self, checks: tuple[str, ...] = CHECKS) -> int:
        return sum(self.checks[name][Status.FAILURE] for name in checks)

    def lines(self) -> list[str]:
        out = [f"{self.seconds:.1f} s in all"]
        for phase, count in self.cases.items():
            statuses = ", ".join(f"{status}: {n}" for status, n in sorted(self.statuses[phase].items()))
            out.append(f"{phase}: {count} test cases; answers {statuses}")
        for name, counts in sorted(self.checks.items()):
            out.append(f"{name}: {counts[Status.SUCCESS]} passed, {counts[Status.FAILURE]} failed")
        out += [f"error: {error}" for error in self.errors]
        for (operation, check, title), curl in self.failures.items():
            out.append(f"FAILED {check} at {operation}: {title}\n    {curl}")
        return out


def run(
    app: Any,
    player: str,
    *,
    examples: int,
    steps: int,
    seed: int,
    minutes: float | None = None,
    checks: tuple[str, ...] = CHECKS,
) -> Report:
    """Every phase against ``app`` as ``player``, ``examples`` test cases per operation and phase,
    stateful scenarios of up to ``steps`` requests; the same requests for the same ``seed``."""
    config = schemathesis.Config.from_dict(
        {
            "seed": seed,
            "workers": 1,
            "suppress-health-check": ["all"],
            "headers": {"Cookie": f"spider_player={player}"},
            "generation": {"max-examples": examples, "deterministic": True},
            "phases": {"stateful": {"max-steps": steps}},
            "checks": {"enabled": False, **{name: {"enabled": True} for name in checks}},
        }
        | ({"max-time": max(1, round(minutes * 60))} if minutes else {})
    )
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config)
    report = Report()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
            phase = str(getattr(event, "phase", "fuzzing"))
            _count(report, phase, event.recorder)
        elif isinstance(event, events.NonFatalError):
            report.errors.append(f"{event.label}: {event.value!r}")
        elif isinstance(event, events.FatalError):
            raise event.exception
        elif isinstance(event, events.EngineFinished):
            report.seconds = event.running_time
    return report


def _count(report: Report, phase: str, recorder: Any) -> None:
    report.cases[phase] += len(recorder.cases)
    for interaction in recorder.interactions.values():
        if interaction.response is not None:
            report.statuses[phase][interaction.response.status_code] += 1
    for nodes in recorder.checks.values():
        for node in nodes:
            report.checks[node.name][node.status] += 1
            info = node.failure_info
            if info is not None:
                key = (str(info.failure.operation), node.name, info.failure.title)
                report.failures.setdefault(key, info.code_sample)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="the whole run's bound (default 5)")
    parser.add_argument("--examples", type=int, default=100, help="test cases per operation and phase")
    parser.add_argument("--steps", type=int, default=20, help="the longest stateful scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-checks", action="store_true", help="every check schemathesis has")
    args = parser.parse_args()
    checks = ALL_CHECKS if args.all_checks else CHECKS
    with tempfile.TemporaryDirectory() as folder:
        app, player = site(Path(folder) / "db.sqlite3")
        try:
            limits = {"examples": args.examples, "steps": args.steps, "seed": args.seed, "minutes": args.minutes}
            report = run(app, player, checks=checks, **limits)
        finally:
            asgi.shutdown_lifespans()
    for name in checks:  # a check that never ran says so: 0 passed, 0 failed
        report.checks.setdefault(name, Counter())
    print("\n".join(report.lines()))
    return 1 if report.failed(checks) else 0


if __name__ == "__main__":
    sys.exit(main())
