"""The stamps that let ./scripts/start skip a step whose inputs did not change (scripts/lib.sh):
a step's digest changes with any of its files' contents or names, and not with a file merely
touched, a byte-code cache or a file its find tests leave out."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.quick_command  # bash runs each step's digest for some milliseconds

ROOT = Path(__file__).resolve().parents[1]


def _lib(function: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", f'. "{ROOT}/scripts/lib.sh" && {function} "$@"', function, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def _digest(tree: Path, *args: str) -> str:
    done = _lib("files_digest", *args, cwd=tree)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_digest_changes_with_contents_and_names_only(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    module = tmp_path / "pkg" / "sub" / "a.py"
    module.write_text("A = 1\n")
    (tmp_path / "setup.py").write_text("setup()\n")
    first = _digest(tmp_path, "pkg", "setup.py")
    assert len(first) == 64

    os.utime(module, (0, 0))
    (tmp_path / "pkg" / "sub" / "__pycache__").mkdir()
    (tmp_path / "pkg" / "sub" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    assert _digest(tmp_path, "pkg", "setup.py") == first

    module.write_text("A = 2\n")
    assert _digest(tmp_path, "pkg", "setup.py") != first
    module.write_text("A = 1\n")
    assert _digest(tmp_path, "pkg", "setup.py") == first

    module.rename(tmp_path / "pkg" / "sub" / "b.py")
    assert _digest(tmp_path, "pkg", "setup.py") != first
    (tmp_path / "pkg" / "sub" / "b.py").rename(module)
    (tmp_path / "pkg" / "new.py").write_text("")
    assert _digest(tmp_path, "pkg", "setup.py") != first
    (tmp_path / "pkg" / "new.py").unlink()
    (tmp_path / "setup.py").write_text("setup(name='x')\n")
    assert _digest(tmp_path, "pkg", "setup.py") != first


def test_digest_leaves_out_what_the_tests_after_the_paths_exclude(tmp_path: Path) -> None:
    (tmp_path / "static" / "dist").mkdir(parents=True)
    (tmp_path / "static" / "app.js").write_text("1;\n")
    (tmp_path / "static" / "dist" / "main.js").write_text("1;\n")
    exclude = ("static", "-not", "-path", "static/dist/*")
    first = _digest(tmp_path, *exclude)
    (tmp_path / "static" / "dist" / "main.js").write_text("2;\n")
    assert _digest(tmp_path, *exclude) == first
    assert _digest(tmp_path, "static") != _digest(tmp_path, *exclude)
    (tmp_path / "static" / "app.js").write_text("2;\n")
    assert _digest(tmp_path, *exclude) != first


def test_a_stamp_matches_its_digest_alone(tmp_path: Path) -> None:
    stamp = tmp_path / ".package-inputs"
    assert _lib("stamp_matches", str(stamp), "abc", cwd=tmp_path).returncode != 0  # never made: run the step
    stamp.write_text("abc\n")
    assert _lib("stamp_matches", str(stamp), "abc", cwd=tmp_path).returncode == 0
    assert _lib("stamp_matches", str(stamp), "abd", cwd=tmp_path).returncode != 0
