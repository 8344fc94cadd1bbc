"""``spider review`` through the real process (docs/COMMAND-LINE.md, Solving): the JSON is the
library's review, the text is in the language asked for, bad input is one line and an exit status."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spider.solver.review import Budget, review
from tests.solver.test_review import bad_game
from tests.test_cli_process import assert_one_line_error, spider

pytestmark = pytest.mark.quick_command

NODES = 5000


def _without_seconds(result: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in result.items() if k != "seconds"}
    out["probes"] = [{k: v for k, v in p.items() if k != "seconds"} for p in result["probes"]]
    return out


def test_review_json_from_standard_input_is_the_librarys(tmp_path: Path) -> None:
    record = bad_game("SD1-S2-AAAAAAB", 0, True)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    run = spider("review", "-", "--json", "--node-limit", str(NODES), "--time-limit", "600", stdin_path=str(path))
    assert run.returncode == 0 and run.stderr == "", run.stderr
    printed = json.loads(run.stdout)
    assert printed["turning_point"] == {"index": 3, "action": "deal", "after": "lost"}
    assert printed["range"] == [3, 3] and printed["winnable"] is True
    expected = review(record, Budget(time_limit=600, node_limit=NODES))
    assert _without_seconds(printed) == _without_seconds(expected)


def test_review_text_in_russian(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(bad_game("SD1-S2-AAAAAAB", 0, True)))
    run = spider("review", str(path), "--node-limit", str(NODES), "--time-limit", "600", "--lang", "ru")
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    turning = "Партия была проиграна ходом 4 (раздача ряда из колоды): до него расклад ещё можно было выиграть"
    assert any(line.startswith(turning) for line in lines)
    assert not any("где-то между" in line for line in lines)  # one sentence: no range beside it
    assert lines[-1].startswith("Выигрышный путь перед ходом 4: ")


def test_review_of_a_bare_code_is_the_deal() -> None:
    run = spider("review", "SD1-S1-AAAAAAD", "--json", "--node-limit", str(NODES))
    assert run.returncode == 0
    result = json.loads(run.stdout)
    assert result["winnable"] is True and result["player_length"] == 0 and result["line_from"] == 0
    assert [p["index"] for p in result["probes"]] == [0]


def test_review_refuses_bad_input() -> None:
    for args, status, words in [
        (["review", "SD1-S1-NOTACODE"], 2, "Game code"),
        (["review", "SD1-S1-AAAAAAD", "--lang", "xx"], 2, "unknown language"),
        (["review", "missing.json"], 2, "cannot read missing.json"),
    ]:
        run = spider(*args)
        assert_one_line_error(run)
        assert run.returncode == status and words in run.stderr, run.stderr
