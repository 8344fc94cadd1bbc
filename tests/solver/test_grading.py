"""A winnable deal's grade (docs/RULES.md, Grades): the measuring player's games, their scores and
the cut points."""

from __future__ import annotations

import pytest

from spider.engine import Game
from spider.solver.grading import CUTS, GRADES, SEEDS, Played, grade, grade_of, measure, play, score
from spider.web.routes.stats import all_levels

pytestmark = pytest.mark.slow

SPIDERETTE = "SD1-S2-AAAAQAC"  # lost by the measuring player in a few dozen actions: fast


def test_every_level_has_cut_points_from_easiest_down() -> None:
    assert set(CUTS) == set(all_levels())
    for level, cuts in CUTS.items():
        assert list(cuts) == sorted(cuts, reverse=True), level


@pytest.mark.parametrize("level", all_levels())
def test_each_grade_holds_the_scores_between_its_cut_points(level: str) -> None:
    easy, medium, hard = CUTS[level]
    assert [grade_of(level, value) for value in (easy + 1, easy, medium, hard, hard - 0.001)] == [
        "easy",
        "easy",
        "medium",
        "hard",
        "expert",
    ]


def test_a_win_scores_above_any_loss_and_a_shorter_win_higher() -> None:
    lost = Played(won=False, made=7, sequences=8, uncovered=44, face_down=44, actions=900)
    assert lost.score == pytest.approx((7 / 8 + 1) / 2) and lost.score < 1
    long_win, short_win = (Played(True, 8, 8, 44, 44, n) for n in (400, 150))
    assert 1 < long_win.score < short_win.score


def test_the_measuring_player_plays_a_copy_and_its_seeds_play_apart() -> None:
    game = Game.from_code(SPIDERETTE, profile="moves")
    games = measure(game)
    assert len(games) == SEEDS and game.moves == 0  # the game itself is left as it was
    again = play(game, 0)
    assert again == games[0]  # a seed plays the same game every time
    assert all(0 <= g.score < 1 and g.uncovered <= g.face_down == 21 for g in games)
    assert grade("spiderette-2-classic", game) == grade_of("spiderette-2-classic", score(games))


def test_a_rating_past_its_cpu_time_gives_no_grade() -> None:
    assert grade("spiderette-2-classic", Game.from_code(SPIDERETTE, profile="moves"), seconds=0.0) is None
    assert set(GRADES) == {"easy", "medium", "hard", "expert"}
