"""Bad input to the real ``spider`` process (``python -m spider`` on this tree): each mistake is one
line on stderr, no traceback, a non-zero exit; Ctrl+C in ``spider study`` keeps the finished deals."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.patience import GENEROUS

pytestmark = pytest.mark.process

ROOT = str(Path(__file__).resolve().parent.parent)
CODE = "SP1-S2C-AAAAAAD"


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "spider", *args]


def _env() -> dict[str, str]:
    return os.environ | {"PYTHONPATH": ROOT}


def spider(*args: str, stdin_path: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``spider``; a command that should fail at once but starts a server instead times out."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL  # noqa: SIM115 (closed below)
    try:
        return subprocess.run(
            _command(*args), stdin=stdin, capture_output=True, env=_env(), timeout=GENEROUS, text=True, errors="replace"
        )
    finally:
        if stdin_path:
            stdin.close()


def assert_one_line_error(run: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode != 0, run
    assert "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith("spider") and run.stderr.endswith("\n") and run.stderr.count("\n") == 1, run.stderr
    assert run.stdout == ""


@pytest.fixture
def binary_file(tmp_path: Path) -> str:
    path = tmp_path / "program.bin"
    path.write_bytes(Path(sys.executable).read_bytes()[:4096])
    return str(path)


# ----- records that are not records ---------------------------------------------------------


@pytest.mark.parametrize("command", ["replay", "solve", "hint", "review"])
def test_a_binary_file_is_a_bad_record(command: str, binary_file: str) -> None:
    run = spider(command, binary_file)
    assert_one_line_error(run)
    assert run.returncode == 2 and "not valid JSON" in run.stderr


@pytest.mark.parametrize("command", ["replay", "solve", "hint", "review"])
def test_an_endless_file_is_read_only_up_to_the_bound(command: str) -> None:
    run = spider(command, "/dev/zero")
    assert_one_line_error(run)
    assert run.returncode == 2 and "larger than 16 MiB" in run.stderr


def test_an_endless_standard_input_is_read_only_up_to_the_bound() -> None:
    run = spider("replay", "-", stdin_path="/dev/zero")
    assert_one_line_error(run)
    assert "standard input is larger than 16 MiB" in run.stderr


def test_an_illegal_action_exits_alike_in_replay_solve_hint_and_review(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps({"code": CODE, "actions": ["deal", "undo", "undo"]}))
    runs = {command: spider(command, str(record)) for command in ("replay", "solve", "hint", "review")}
    for run in runs.values():
        assert_one_line_error(run)
        assert run.returncode == 1
        assert run.stderr == "spider: illegal action 2 'undo': There is nothing to undo\n"


# ----- numbers that are not limits ----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["solve", CODE, "--time-limit", "nan"],
        ["solve", CODE, "--time-limit", "inf"],
        ["solve", CODE, "--time-limit=-inf"],
        ["solve", CODE, "--memory-limit", "nan"],
        ["solve", CODE, "--memory-limit", "inf"],
        ["review", CODE, "--time-limit", "nan"],
        ["study", "--deals", "1", "--time-limit", "nan"],
        ["study", "--deals", "1", "--time-limit", "inf"],
    ],
)
def test_limits_that_are_not_finite_are_refused(args: list[str]) -> None:
    run = spider(*args)
    assert_one_line_error(run)
    assert run.returncode == 2 and "must be positive and finite" in run.stderr


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["study", "--deals", "1000001"], "at most 1000000"),
        (["study", "--workers", "65"], "at most 64"),
        (["study", "--workers", "2.5"], "not a whole number"),
        (["solve", CODE, "--node-limit", "0"], "must be positive"),
        (["review", CODE, "--node-limit", "0"], "must be positive"),
    ],
)
def test_counts_out_of_bounds_are_refused(args: list[str], reason: str) -> None:
    run = spider(*args)
    assert_one_line_error(run)
    assert run.returncode == 2 and reason in run.stderr


# ----- spider serve that cannot start -------------------------------------------------------


@pytest.mark.parametrize("port", ["99999", "65536", "-1", "http"])
def test_serve_refuses_a_port_out_of_range(port: str) -> None:
    run = spider("serve", "--port", port)
    assert_one_line_error(run)
    assert run.returncode == 2 and "--port" in run.stderr


def test_serve_names_a_host_it_cannot_resolve(tmp_path: Path) -> None:
    run = spider("serve", "--port", "0", "--host", "no-such-host.invalid", "--database", str(tmp_path / "db"))
    assert_one_line_error(run)
    assert "no-such-host.invalid" in run.stderr
    assert not (tmp_path / "db").exists()


def test_serve_says_the_port_is_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = spider("serve", "--port", str(port), "--database", str(tmp_path / "db"))
    assert_one_line_error(run)
    assert f"port {port} is already in use" in run.stderr
    assert not (tmp_path / "db").exists()  # nothing is created when the server cannot start


def test_serve_refuses_a_database_that_is_a_folder(tmp_path: Path) -> None:
    run = spider("serve", "--port", "0", "--database", str(tmp_path))
    assert_one_line_error(run)
    assert "is a folder" in run.stderr


def test_serve_refuses_a_database_in_a_missing_folder(tmp_path: Path) -> None:
    run = spider("serve", "--port", "0", "--database", str(tmp_path / "typo" / "spider.sqlite3"))
    assert_one_line_error(run)
    assert "does not exist" in run.stderr
    assert not (tmp_path / "typo").exists()


def test_serve_refuses_a_database_that_is_not_sqlite(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list\n" * 200)
    run = spider("serve", "--port", "0", "--database", str(notes))
    assert_one_line_error(run)
    assert "not a database" in run.stderr
    assert notes.read_text() == "my shopping list\n" * 200


# ----- --version ----------------------------------------------------------------------------


def test_version() -> None:
    from spider import __version__

    run = spider("--version")
    assert run.returncode == 0 and run.stdout == f"spider {__version__}\n" and run.stderr == ""


# ----- Ctrl+C in spider study ---------------------------------------------------------------


def test_ctrl_c_in_a_study_keeps_the_finished_deals() -> None:
    deals = 30  # 4-suit deals at a 2 s limit: the study runs for half a minute if not stopped
    study = subprocess.Popen(
        _command("study", "--suits", "4", "--deals", str(deals), "--time-limit", "2", "--workers", "2", "--json"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
        # a shell's background job inherits an ignored SIGINT; the user's Ctrl+C is the default one
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert study.stderr is not None
    seen = b""
    while b"] 1/" not in seen:  # the progress bar reports the first finished deal
        byte = study.stderr.read(1)
        assert byte, seen
        seen += byte
    study.send_signal(signal.SIGINT)
    out, rest = study.communicate(timeout=GENEROUS)
    err = (seen + rest).decode()
    assert study.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    finished = int(err.split("spider: interrupted: ")[1].split(" of ")[0])
    assert 1 <= finished < deals and err.endswith(f"interrupted: {finished} of {deals} deals finished\n")
    report = json.loads(out)
    assert report["deals"] == len(report["results"]) == finished
    assert all(
        r["code"].startswith("SP1-S4C-") and r["result"] in ("won", "lost", "unknown") for r in report["results"]
    )
