"""The browser engine (spider/web/static/engine) equals the Python engine, the reference: games the
Python engine played and answered (tests/conformance/corpus.py) are replayed by node action by
action (tests/js/conformance.mjs), and the committed small corpus that ``node --test`` replays is
what the generator makes now."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from spider.engine import PROFILES, RULE_MESSAGES, all_variants

from .corpus import generate

ROOT = Path(__file__).resolve().parents[2]
SMALL = Path(__file__).parent / "small-corpus.jsonl.gz"
REPLAYER = ROOT / "tests" / "js" / "conformance.mjs"
NODE = shutil.which("node")


@pytest.mark.slow
def test_the_committed_small_corpus_is_what_the_generator_makes_now():
    header = json.loads(gzip.decompress(SMALL.read_bytes()).decode().split("\n", 1)[0])
    fresh = "".join(line + "\n" for line in generate(header["games"], header["seed"], False, header["lines_every"]))
    assert gzip.decompress(SMALL.read_bytes()).decode() == fresh, (
        "regenerate it: python -m tests.conformance.corpus --games 600 --seed 1 "
        "--out tests/conformance/small-corpus.jsonl.gz"
    )


@pytest.mark.slow
def test_the_corpus_has_every_edge_case_and_a_win_of_every_kind():
    games = [json.loads(line) for line in list(generate(600, 1, full=True))[1:]]
    refused, started, seen = Counter(), Counter(), Counter()
    wins = set()
    for game in games:
        if "start_err" in game:
            started[game["start_err"]["reason"]] += 1
            seen["replay refused"] += "index" in game["start_err"]["params"]
        for step in game["steps"]:
            if "err" in step:
                refused[step["err"]["reason"]] += 1
                continue
            events, view = step.get("ev"), step["v"]
            if events is None:
                seen["clock"] += 1
                continue
            seen["set completed"] += bool(events["completed"])
            seen["undo past a completed set"] += events["kind"] == "undo" and events["restored"] > 0
            seen["undo of a deal"] += events["kind"] == "undo" and events["undone"] == "deal"
            seen["redo of a deal"] += events["kind"] == "deal" and events["redone"]
            seen["timed"] += view["profile"] == "timed" and "t" in step
            seen["from a deck"] += "deck" in game["start"]
            if events["won"]:
                wins.add((view["game"], view["suits"], view["rules"], view["profile"]))
    assert set(RULE_MESSAGES) <= set(refused), set(RULE_MESSAGES) - set(refused)
    assert {"bad_code", "bad_deck", "bad_card", "bad_profile", "bad_record"} <= set(started) | set(refused)
    assert "bad_action" in refused
    assert wins == {(v.game, v.suits, v.rules, p) for v in all_variants() for p in PROFILES}
    assert all(
        seen[what]
        for what in (
            "replay refused",
            "clock",
            "set completed",
            "undo past a completed set",
            "undo of a deal",
            "redo of a deal",
            "timed",
            "from a deck",
        )
    ), seen


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_browser_engine_answers_ten_thousand_games_as_the_python_engine():
    generator = subprocess.Popen(
        # a solved line every 50th game: 200 wins, each level with each profile 8 times
        [sys.executable, "-m", "tests.conformance.corpus", "--games", "10000", "--seed", "2", "--lines-every", "50"]
        + ["--jobs", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
    )
    replay = subprocess.Popen(
        [NODE, str(REPLAYER), "-"], stdin=generator.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert generator.stdout is not None
    generator.stdout.close()  # node's alone: the generator stops if node does
    stdout, stderr = replay.communicate(timeout=900)
    assert generator.wait(timeout=60) == 0
    assert replay.returncode == 0, stdout[-5000:] + stderr[-2000:]
    assert "10000 games" in stdout and ": 0 differing" in stdout, stdout
