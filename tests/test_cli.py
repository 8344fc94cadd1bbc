"""The ``spider`` command (docs/COMMAND-LINE.md): deal, replay, errors as one line. In-process through
``spider.cli.main`` plus one run of the installed command."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys

import pytest

from spider.cli import main
from spider.engine import Game
from tests.engine.helpers import SPIDER_DECK, spider_line
from tests.patience import GENEROUS

CODE = "SP1-S2C-AAAAAAD"


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def one_line_error(err):
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith("spider")


# ----- deal ---------------------------------------------------------------------------------


def test_deal_json(capsys):
    rc, out, err = run(capsys, "deal", CODE, "--json")
    assert rc == 0 and err == ""
    state = json.loads(out)
    assert state == Game.from_code(CODE).state() | {"code": CODE}
    assert len(state["columns"]) == 10 and len(state["stock"]) == 50


def test_deal_lower_case_code(capsys):
    rc, out, _ = run(capsys, "deal", "sd1-s4-helloab", "--json")
    assert rc == 0 and json.loads(out)["code"] == "SD1-S4-HELLOAB"


def test_deal_text(capsys):
    rc, out, err = run(capsys, "deal", "SD1-S1-AAAAABD")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "SD1-S1-AAAAABD"
    assert "Column 7" in out and "Stock" in out
    # the text view shows no face-down card: only the seven face-up ones are named
    assert out.count(" of spades") == 7


@pytest.mark.parametrize("code", ["SP1-S3C-AAAAAAA", "XX", "SP1-S1R-AAAAAAA", "SD1-S1-AAAAAA", ""])
def test_deal_bad_code(capsys, code):
    rc, out, err = run(capsys, "deal", code)
    assert rc != 0 and out == ""
    one_line_error(err)


# ----- replay -------------------------------------------------------------------------------


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return str(path)


def test_replay_prints_the_full_state(capsys, tmp_path):
    record = {"game": "spider", "suits": 2, "rules": "classic", "code": CODE, "actions": ["deal", "deal", "undo"]}
    rc, out, err = run(capsys, "replay", write(tmp_path, record))
    assert rc == 0 and err == ""
    state = json.loads(out)
    s = Game.from_code(CODE)
    s.apply("deal")
    assert state == s.state() | {"code": CODE}
    assert state["moves"] == 1 and state["deals_left"] == 4


def test_replay_won_game_from_a_deck(capsys, tmp_path):
    record = {"game": "spider", "suits": 1, "rules": "classic", "deck": SPIDER_DECK, "actions": spider_line(33)}
    rc, out, _ = run(capsys, "replay", write(tmp_path, record))
    state = json.loads(out)
    assert rc == 0 and state["won"] and state["score"] == 1183 and state["moves"] == 117
    assert "code" not in state


def test_replay_from_stdin(capsys, monkeypatch):
    record = json.dumps({"code": "SD1-S1-AAAAABD", "actions": ["deal"]}).encode()
    rc, out, _ = run(capsys, "replay", "-", stdin=record, monkeypatch=monkeypatch)
    assert rc == 0 and json.loads(out)["deals_left"] == 3


def test_replay_text(capsys, tmp_path):
    rc, out, _ = run(capsys, "replay", "--text", write(tmp_path, {"code": CODE}))
    assert rc == 0 and out.startswith("Stock: 50 cards")


@pytest.mark.parametrize(
    ("actions", "index", "text", "rule"),
    [
        (["deal", "undo", "undo"], 2, "undo", "There is nothing to undo"),
        (["deal"] * 6, 5, "deal", "There are no deals left"),
        (["deal", "11>1"], 1, "11>1", "There is no column 11"),
        (["deal", "1>1"], 1, "1>1", "A group must move to another column"),
        (["jump"], 0, "jump", "Unknown action"),
    ],
)
def test_replay_stops_at_an_illegal_action(capsys, tmp_path, actions, index, text, rule):
    rc, out, err = run(capsys, "replay", write(tmp_path, {"code": CODE, "actions": actions}))
    assert rc == 1 and out == ""
    one_line_error(err)
    assert f" {index} " in err and repr(text) in err and rule in err


def test_replay_names_the_rule_of_a_refused_move(capsys, tmp_path):
    g = Game.from_code(CODE).position()
    # find a pair of columns whose top cards do not fit
    src, dst = next(
        (a, b)
        for a in range(10)
        for b in range(10)
        if a != b and g.cols[b][-1] % 13 != g.cols[a][-1] % 13 + 1 and g.cols[b][-1] % 13 != 0
    )
    rc, _, err = run(capsys, "replay", write(tmp_path, {"code": CODE, "actions": [f"{src + 1}>{dst + 1}"]}))
    assert rc == 1 and "A card goes onto a card one rank higher" in err


@pytest.mark.parametrize(
    "content",
    [
        b"{",
        b"",
        b"\xff\xfe\xfa not utf-8",
        b"[1, 2]",
        b'{"code": "SP1-S1C-AAAAAAA", "colour": "red"}',
        b'{"code": "SP1-S9C-AAAAAAA"}',
        b'{"deck": ["AS"]}',
        b'{"code": "SP1-S1C-AAAAAAA", "deck": []}',
        b'{"code": "SP1-S1C-AAAAAAA", "actions": "deal"}',
        b'{"code": "SP1-S1C-AAAAAAA", "actions": ["deal"], "times": [Infinity]}',
        b'{"code": "SP1-S1C-AAAAAAA", "profile": "fast"}',
        b'{"deck": [], "suits": 2.0}',
        b"[" * 50000,
    ],
)
def test_replay_malformed_record(capsys, tmp_path, content):
    rc, out, err = run(capsys, "replay", write(tmp_path, content))
    assert rc not in (0, 1) and out == ""
    one_line_error(err)


def test_replay_missing_file(capsys, tmp_path):
    rc, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert rc == 2
    one_line_error(err)
    rc, _, err = run(capsys, "replay", str(tmp_path))
    assert rc == 2
    one_line_error(err)


def test_replay_bad_bytes_on_stdin(capsys, monkeypatch):
    rc, _, err = run(capsys, "replay", "-", stdin=b"\xff\xfe\xfa", monkeypatch=monkeypatch)
    assert rc == 2
    one_line_error(err)


# ----- usage --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv", [[], ["deal"], ["replay"], ["frobnicate"], ["new", "--suits", "3"], ["deal", "--bogus"]]
)
def test_usage_errors_are_one_line(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_line_error(err)


def test_new_prints_a_code_of_the_level(capsys):
    rc, out, _ = run(capsys, "new", "--game", "spider", "--suits", "4", "--rules", "relaxed")
    assert rc == 0 and out.startswith("SP1-S4R-") and len(out.strip()) == 15
    rc, out, _ = run(capsys, "new", "--game", "spiderette", "--suits", "2")
    assert rc == 0 and out.startswith("SD1-S2-")
    rc, _, err = run(capsys, "new", "--game", "spiderette", "--rules", "relaxed")
    assert rc == 2
    one_line_error(err)


# ----- the installed command ----------------------------------------------------------------


@pytest.mark.quick_command
def test_installed_command(tmp_path):
    exe = shutil.which("spider")
    assert exe, "the package installs a `spider` command"
    ok = subprocess.run([exe, "deal", CODE, "--json"], capture_output=True, text=True, timeout=GENEROUS)
    assert ok.returncode == 0 and json.loads(ok.stdout)["code"] == CODE
    record = json.dumps({"code": CODE, "actions": ["deal", "undo", "undo"]})
    bad = subprocess.run([exe, "replay", "-"], input=record, capture_output=True, text=True, timeout=GENEROUS)
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "2" in bad.stderr and "'undo'" in bad.stderr
    assert "Traceback" not in bad.stderr
