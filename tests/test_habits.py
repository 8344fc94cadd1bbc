"""The habits docs/DEVELOPING.md asks for, as checks: the git hooks run what ./scripts/test runs,
and a commit subject longer than 72 characters is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.patience import GENEROUS

pytestmark = pytest.mark.quick_command

ROOT = Path(__file__).resolve().parents[1]
HOOK = ROOT / "scripts" / "commit_subject.py"


def run_hook(tmp_path: Path, message: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    return subprocess.run([sys.executable, str(HOOK), str(path)], capture_output=True, text=True, timeout=GENEROUS)


def test_a_subject_of_72_characters_passes(tmp_path: Path) -> None:
    done = run_hook(tmp_path, "x" * 72 + "\n\nThe body may be as long as it needs to be. " * 5)
    assert done.returncode == 0, done.stderr


def test_a_longer_subject_is_refused_with_its_length(tmp_path: Path) -> None:
    done = run_hook(tmp_path, "y" * 73 + "\n")
    assert done.returncode == 1
    assert "73 characters" in done.stderr


def test_the_body_is_set_apart_by_a_blank_line(tmp_path: Path) -> None:
    done = run_hook(tmp_path, "Short subject\nbody straight after it\n")
    assert done.returncode == 1
    assert "blank line" in done.stderr


def test_git_comment_lines_are_not_the_subject(tmp_path: Path) -> None:
    assert run_hook(tmp_path, "# Please enter the commit message\nA fine subject\n").returncode == 0
    assert run_hook(tmp_path, "# only comments\n").returncode == 1


def test_every_hook_runs_a_check_of_the_test_command() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert all(repo["repo"] == "local" for repo in config["repos"])  # nothing to download
    for hook in hooks:
        if hook["id"] == "commit-subject":
            continue
        command = hook["entry"].removeprefix(".venv/test/bin/").removeprefix("bash -c ").strip("'")
        command = command.replace(" --force-exclude", "").replace(" --check", " --check ")
        words = command.split()
        assert any(all(w in line for w in words) for line in script.splitlines()), hook["id"]
