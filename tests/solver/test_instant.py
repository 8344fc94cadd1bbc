"""The Hint button's player (spider/solver/instant.py): the strong player within a time budget,
else the quick hint; blind either way."""

from __future__ import annotations

import random

import pytest
from test_strong import CODES, _played, _shuffle_hidden

from spider.solver import strong as strong_module
from spider.solver import study
from spider.solver.hints import quick_choice
from spider.solver.instant import hint_choice
from spider.solver.strong import Deadline, OutOfTime, strong_choice

pytestmark = pytest.mark.slow

PLENTY = 1e6  # seconds: the strong player always decides


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    small = {suits: sizes._replace(budget=600) for suits, sizes in strong_module.SIZES.items()}
    monkeypatch.setattr(strong_module, "SIZES", small)


@pytest.mark.parametrize("code", CODES)
def test_with_time_enough_it_is_the_strong_players_choice_and_blind(code):
    game, seen = _played(code, 12)
    info = game.information_state()  # what a chooser is handed
    fell_back: list[bool] = []
    chosen = hint_choice(info, seen, True, seconds=PLENTY, fell_back=fell_back)
    assert chosen == strong_choice(info, seen, True) and fell_back == [False]
    rng = random.Random(code)
    for _ in range(2):  # other face-down cards, the same answer
        assert hint_choice(_shuffle_hidden(game, rng), seen, True, seconds=PLENTY) == chosen


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("progressing", [True, False])
def test_out_of_time_it_is_the_quick_hint(code, progressing):
    game, seen = _played(code, 12)
    info = game.information_state()
    fell_back: list[bool] = []
    assert hint_choice(info, seen, progressing, seconds=0, fell_back=fell_back) == quick_choice(info, seen, progressing)
    assert fell_back == [True]


def test_the_strong_player_stops_at_its_deadline_on_the_clock_it_is_given():
    game, seen = _played("SP1-S4C-AAAAAAB", 12)
    ticks = iter(range(1000))
    with pytest.raises(OutOfTime):  # a clock that moves a second a reading: over after a few checks
        strong_choice(game.information_state(), seen, True, Deadline(3, clock=lambda: float(next(ticks))))
    assert next(ticks) < 20  # it stopped at once, not after deciding


def test_a_study_measures_the_hint_button_with_its_decision_times(monkeypatch):
    monkeypatch.setitem(strong_module.SIZES, 1, strong_module.Sizes(samples=3, budget=300))
    report = study("spiderette", 1, 1, start="SD1-S1-AAAAAAA", mode="play", player="hint")
    s = report.summary()
    assert s["player"] == "hint" and s["deals"] == 1
    assert 0 < float(s["decision_p95_cpu"]) <= float(s["decision_max_cpu"])  # type: ignore[arg-type]
    assert 0 <= float(s["fell_back_pct"]) <= 100 and float(s["decision_p95_wall"]) > 0  # type: ignore[arg-type]
    assert "hint wall clock" in report.table() and "decision p95" in report.table()
