"""Scoring profiles (docs/RULES.md, Scoring profiles) with games won in known numbers of moves."""

from __future__ import annotations

import pytest

from spider.engine import profile

from .helpers import (
    SPIDER_PAD,
    SPIDER_PHASE1,
    SPIDER_T1,
    SPIDER_T2,
    SPIDER_T3,
    SPIDERETTE_BASE,
    SPIDERETTE_FINISH,
    SPIDERETTE_OPENING,
    SPIDERETTE_PAD,
    spider_game,
    spider_line,
    spiderette_game,
    spiderette_line,
)


def play_tracking(g, actions):
    scores = []
    for a in actions:
        g.apply(a)
        scores.append(g.score)
    return scores


# ----- standard -----------------------------------------------------------------------------


def test_standard_starts_at_500():
    assert spider_game().score == 500 and spiderette_game().score == 500


def test_spiderette_won_in_53_moves_scores_847():
    g = spiderette_game()
    line = spiderette_line(pad_pairs=11)
    assert len(line) == 53
    play_tracking(g, line)
    assert g.won and g.moves == 53 and g.removed == 4
    assert g.score == 500 - 53 + 400 == 847
    assert g.state()["score"] == 847 and g.view()["score"] == 847


def test_spider_won_in_117_moves_scores_1183():
    g = spider_game()
    line = spider_line(pad_pairs=33)
    assert len(line) == 117
    scores = play_tracking(g, line)
    assert g.won and g.moves == 117 and g.removed == 8
    assert min(scores) > 0
    assert g.score == 500 - 117 + 800 == 1183


def test_standard_step_by_step():
    g = spider_game()
    scores = play_tracking(g, SPIDER_PHASE1)
    # five deals (−1 each), then pairs of moves: −1, then −1 +100 for the sequence each completes
    assert scores == [499, 498, 497, 496, 495, 494, 593, 592, 691, 690, 789, 788, 887, 886, 985]


def test_spider_score_never_below_zero_and_a_clamped_game_shows_100_after_a_sequence():
    g = spider_game()
    play_tracking(g, SPIDER_PHASE1 + SPIDER_T1)
    assert g.score == 500 - 27 + 600
    scores = play_tracking(g, SPIDER_PAD * 550)
    assert min(scores) == 0 and scores[-1] == 0
    assert scores.index(0) == 1073 - 1  # the 1073rd padding move reaches 0, later ones stay there
    scores = play_tracking(g, SPIDER_T2)
    assert scores == [0] * 11 + [100]


def test_spiderette_score_goes_negative():
    g = spiderette_game()
    play_tracking(g, SPIDERETTE_OPENING + SPIDERETTE_BASE)
    assert g.score == 500 - 19 + 300
    scores = play_tracking(g, SPIDERETTE_PAD * 500)
    assert scores[-1] == 781 - 1000 == -219
    assert scores == list(range(780, -220, -1))
    play_tracking(g, SPIDERETTE_FINISH)
    assert g.won and g.score == -219 - 12 + 100


# ----- timed --------------------------------------------------------------------------------


def test_timed_points_per_action_and_sequence():
    g = spider_game("timed")
    assert g.score == 0
    scores = play_tracking(g, SPIDER_PHASE1)
    assert scores == [10, 20, 30, 40, 50, 60, 80, 90, 110, 120, 140, 150, 170, 180, 200]


def test_timed_clock_penalty_and_floor():
    g = spider_game("timed")
    g.apply("deal", elapsed=5)
    assert g.score == 10
    g.advance_clock(29.9)
    assert g.score == 10
    g.advance_clock(30)
    assert g.score == 0  # 10 − 30, floored at 0
    for a in ["deal"] * 4:
        g.apply(a, elapsed=31)
    assert g.score == 40
    g.advance_clock(59.99)
    assert g.score == 40
    g.advance_clock(60.0)
    assert g.score == 10
    g.advance_clock(50)  # a clock that goes back changes nothing
    assert g.score == 10 and g.elapsed == 60
    g.apply("6>1", elapsed=65)
    assert g.score == 20
    g.advance_clock(150.5)  # three full periods crossed at once
    assert g.score == 0


def test_timed_penalty_counts_full_periods_only():
    p = profile("timed")
    assert p.after_time(100, 0, 29.999) == 100
    assert p.after_time(100, 29, 31) == 70
    assert p.after_time(100, 31, 59) == 100
    assert p.after_time(100, 0, 90) == 10
    assert p.after_time(100, 0, 120) == 0
    assert p.after_time(100, 0, 1e300) == 0
    assert profile("standard").after_time(100, 0, 120) == 100


def test_timed_win_bonus():
    g = spiderette_game("timed")
    line = spiderette_line()
    for a in line[:-1]:
        g.apply(a, elapsed=0)
    assert g.score == 10 * 30 + 10 * 3
    g.apply(line[-1], elapsed=100)
    # −90 for three full periods, +10 for the move, +10 for its sequence, then ⌊600000/100⌋
    assert g.won and g.score == 330 - 90 + 20 + 6000
    g.advance_clock(1000)
    assert g.score == 6260  # the clock no longer matters once the game is won


def test_timed_win_bonus_counts_at_least_one_second():
    g = spiderette_game("timed")
    line = spiderette_line()
    for a in line:
        g.apply(a, elapsed=0.25)
    assert g.score == 10 * 31 + 10 * 4 + 600_000


def test_timed_win_bonus_floors():
    assert profile("timed").win_bonus(7) == 85714
    assert profile("timed").win_bonus(1.2) == 500000
    assert profile("timed").win_bonus(0) == 600000
    assert profile("standard").win_bonus(7) == 0 and profile("moves").win_bonus(7) == 0


def test_timed_undo_takes_back_points_and_counts_as_a_move():
    g = spider_game("timed")
    play_tracking(g, SPIDER_PHASE1[:6])
    assert (g.score, g.moves) == (60, 6)
    g.apply(SPIDER_PHASE1[6])  # completes a sequence: +10 +10
    assert (g.score, g.moves, g.removed) == (80, 7, 1)
    g.apply("undo")
    assert (g.score, g.moves, g.removed) == (70, 8, 0)  # −20 taken back, +10 for the undo
    g.apply("undo")
    assert (g.score, g.moves) == (70, 9)  # a plain undo costs nothing
    g.apply(SPIDER_PHASE1[5])
    assert (g.score, g.moves) == (80, 10)


def test_timed_undo_never_below_zero():
    g = spider_game("timed")
    g.apply("deal")
    g.advance_clock(30)
    assert g.score == 0
    g.apply("undo")
    assert g.score == 10 and g.moves == 2


# ----- moves --------------------------------------------------------------------------------


def test_moves_profile_has_no_score():
    g = spider_game("moves")
    line = spider_line(pad_pairs=3)
    for a in line[:20]:
        g.apply(a)
    assert g.moves == 20 and g.removed == 5
    for view in (g.state(), g.view()):
        assert view["score"] is None and view["moves"] == 20 and view["removed"] == 5
        assert view["profile"] == "moves"
    g.apply("undo")
    assert g.moves == 19  # undo restores the count, it is not a move here


@pytest.mark.parametrize("name", ["standard", "timed", "moves"])
def test_views_name_the_profile(name):
    g = spiderette_game(name)
    assert g.state()["profile"] == name
    assert (g.view()["score"] is None) == (name == "moves")


def test_profiles_table():
    std, timed, moves = profile("standard"), profile("timed"), profile("moves")
    assert (std.undo_limit, std.start, std.shows_score) == (100, 500, True)
    assert (timed.undo_limit, timed.start, timed.shows_score) == (None, 0, True)
    assert (moves.undo_limit, moves.start, moves.shows_score) == (None, 0, False)
    assert profile().name == "standard"


def test_spider_t3_completes_the_last_sequence():
    g = spider_game()
    play_tracking(g, SPIDER_PHASE1 + SPIDER_T1 + SPIDER_T2 + SPIDER_T3[:-1])
    assert g.removed == 7 and not g.won
