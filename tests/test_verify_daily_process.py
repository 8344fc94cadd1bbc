"""``spider verify-daily`` as a player and an operator run it: a real process that reads what a real
``spider serve`` published for a past day (``--site``), a saved copy of it (``--file``) or the store
(``--database``); a tampered deck or salt is refused with exit status 1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from spider.daily import days
from spider.store import open_store
from tests.patience import GENEROUS
from tests.test_cli_process import assert_one_line_error, spider
from tests.test_workers import Served, start, stop
from tests.web.test_daily_fairness import LEVEL, made_deal

pytestmark = pytest.mark.process

DAY = days.shift(days.today(), -2)  # over for the real clock of the server it starts


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("verify") / "db.sqlite3")
    store = open_store(path)
    try:
        made_deal(store, DAY)
    finally:
        store.close()
    return path


@pytest.fixture(scope="module")
def served(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = start(database, tmp_path_factory.mktemp("log") / "server.log", workers=1)
    yield s
    stop(s)


@pytest.fixture(scope="module")
def published(served: Served) -> dict[str, Any]:
    answer = httpx.get(f"http://127.0.0.1:{served.port}/api/daily/{DAY}", timeout=GENEROUS)  # a hang's bound
    assert answer.status_code == 200, answer.text
    return answer.json()


def saved(tmp_path: Path, answer: dict[str, Any]) -> str:
    path = tmp_path / "day.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    return str(path)


def tampered(published: dict[str, Any], change: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(published))
    change(next(d for d in copy["deals"] if d["level"] == LEVEL))
    return copy


def test_a_past_deal_is_verified_from_the_site_a_saved_copy_and_the_store(
    served: Served, published: dict[str, Any], database: str, tmp_path: Path
) -> None:
    for source in (
        ["--site", f"http://127.0.0.1:{served.port}/"],
        ["--file", saved(tmp_path, published)],
        ["--database", database],
    ):
        run = spider("verify-daily", DAY, LEVEL, *source)
        assert run.returncode == 0, (source, run.stdout, run.stderr)
        assert run.stdout.splitlines()[-1] == f"verified: the {LEVEL} daily deal of {DAY}", source
        assert "FAILED" not in run.stdout
    run = spider("verify-daily", DAY, LEVEL, "--database", database)
    assert "ok: the day key is the site secret's key of the day" in run.stdout


def swap_two_cards(entry: dict[str, Any]) -> None:
    deck = entry["deck"]["deck"]
    i = next(i for i in range(1, len(deck)) if deck[i] != deck[0])
    deck[0], deck[i] = deck[i], deck[0]


def change_salt(entry: dict[str, Any]) -> None:
    salt = entry["seal"]["salt"]
    entry["seal"]["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]


@pytest.mark.parametrize(
    ("change", "failure"),
    [
        (swap_two_cards, "FAILED: the deck and salt match the fingerprint"),
        (change_salt, "FAILED: the deck and salt match the fingerprint"),
    ],
)
def test_a_tampered_deck_or_salt_is_not_verified(
    published: dict[str, Any], tmp_path: Path, change: Any, failure: str
) -> None:
    run = spider("verify-daily", DAY, LEVEL, "--file", saved(tmp_path, tampered(published, change)))
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert failure in run.stdout and run.stdout.splitlines()[-1].startswith("NOT verified")


def test_a_day_not_over_or_an_unreachable_site_is_a_clear_error(served: Served, tmp_path: Path) -> None:
    run = spider("verify-daily", days.today(), LEVEL, "--site", f"http://127.0.0.1:{served.port}")
    assert run.returncode == 1 and "FAILED: the deal is published" in run.stdout
    coming = days.shift(days.today(), 2)
    refused = spider("verify-daily", coming, LEVEL, "--site", f"http://127.0.0.1:{served.port}")
    assert_one_line_error(refused)
    assert "404: not_yet" in refused.stderr
    assert_one_line_error(spider("verify-daily", "2026-02-30", LEVEL, "--file", "-"))
    assert_one_line_error(spider("verify-daily", DAY, "spider-3-classic", "--file", "-"))
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert_one_line_error(spider("verify-daily", DAY, LEVEL, "--file", str(bad)))
