"""``spider study`` as run from the command line: its deals are played in worker processes."""

from __future__ import annotations

import json

import pytest

from spider.cli import main

pytestmark = pytest.mark.process


def test_cli_study(capsys):
    assert (
        main(
            [
                "study",
                "--game",
                "spiderette",
                "--suits",
                "1",
                "--deals",
                "2",
                "--time-limit",
                "1",
                "--mode",
                "solve",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "decided" in out and "peak memory" in out
    assert main(["study", "--suits", "1", "--deals", "1", "--mode", "play", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["mode"] == "play" and len(data["win_rate_ci95"]) == 2
    assert "1/1" in captured.err  # the progress bar
