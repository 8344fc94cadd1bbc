"""The strong blind player (spider/solver/strong.py): blind, deterministic, sampling only what the
player may not know, and able to see a win. Small budgets keep it fast."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spider.engine import DEAL, Game, Move, Position, SpiderError, variant
from spider.solver import autoplay, hint_action, public_key, solve, study
from spider.solver import strong as strong_module
from spider.solver.hints import hint_weights, worth_looking_at
from spider.solver.strong import (
    look_ahead,
    samples,
    solves_here,
    stalled_steps,
    stranded,
    strands,
    strong_action,
    strong_choice,
    unseen_cards,
    way_out,
)

pytestmark = pytest.mark.slow

CODES = ["SP1-S4C-AAAAAAB", "SP1-S2C-AAAAAAC", "SD1-S4-AAAAAAD", "SP1-S2R-AAAAAAF"]


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    small = {suits: sizes._replace(budget=600) for suits, sizes in strong_module.SIZES.items()}
    monkeypatch.setattr(strong_module, "SIZES", small)


def _apply(game, action):
    """Play a solver's action (a raw move or DEAL) on a game, through the rules."""
    return game.apply(action if action is DEAL else Move(*action))


def _played(code: str, actions: int):
    """A deal after some quick-hint actions, and the public keys met."""
    game = Game.from_code(code, profile="moves")
    seen = {public_key(game)}
    for _ in range(actions):
        action = hint_action(game, seen)
        if action is None:
            break
        _apply(game, action)
        seen.add(public_key(game))
    return game, seen


def _shuffle_hidden(game, rng: random.Random):
    """The same public position with the face-down cards and the undealt stock shuffled together."""
    g = game.search_copy()
    first = len(g.stock) - g.stock_count
    hidden = [card for c, col in enumerate(g.cols) for card in col[: g.down[c]]] + g.stock[first:]
    rng.shuffle(hidden)
    return g.with_hidden_cards(hidden)


@pytest.mark.parametrize("code", CODES)
def test_the_choice_ignores_hidden_cards(code):
    rng = random.Random(code)
    game, seen = _played(code, 12)
    expected = strong_action(game, seen)
    assert expected is not None
    for _ in range(2):
        other = _shuffle_hidden(game, rng)
        assert public_key(other) == public_key(game)
        real = game.search_copy()
        assert other.cols != real.cols or other.stock != real.stock  # the hidden cards really differ
        assert strong_action(other, seen) == expected


@pytest.mark.parametrize("code", CODES)
def test_the_look_ahead_counts_the_actions_to_its_best_position(code):
    # the beam plays the same layers whatever its depth, so a beam one action shallower than the
    # count reaches only worse positions, and one exactly as deep reaches the best
    game, _ = _played(code, 8)
    sample = samples(game.information_state(), 1)[0]
    w, sizes = hint_weights(sample), strong_module.SIZES[sample.variant.suits]
    best, steps = look_ahead(sample, w, 2000, sizes)
    assert 0 < steps <= sizes.depth
    assert look_ahead(sample, w, 2000, sizes._replace(depth=steps)) == (best, steps)
    assert look_ahead(sample, w, 2000, sizes._replace(depth=steps - 1))[0] > best


def test_deterministic():
    game, seen = _played("SP1-S4C-AAAAAAA", 20)
    info = game.information_state()
    first = [(s.cols, s.stock) for s in samples(info)]
    assert first == [(s.cols, s.stock) for s in samples(game.information_state())]
    assert len({repr(cols) for cols, _ in first}) == len(first)  # the samples differ from each other
    assert strong_action(game, seen) == strong_action(game.search_copy(), set(seen))


@pytest.mark.parametrize("code,actions", [(c, n) for c in CODES for n in (0, 40)])
def test_samples_keep_what_the_player_has_seen(code, actions):
    played, _ = _played(code, actions)
    info, game = played.information_state(), played.position()
    composition = Counter(game.variant.composition())
    for sample in samples(info, 4):
        assert sample.down == game.down and sample.run == game.run
        assert sample.removed_suits == game.removed_suits and sample.deals_done == game.deals_done
        for c, col in enumerate(sample.cols):
            assert len(col) == len(game.cols[c])
            assert col[game.down[c] :] == game.cols[c][game.down[c] :]  # every face-up card in place
        first = len(sample.stock) - sample.stock_count
        cards = Counter(card for col in sample.cols for card in col) + Counter(sample.stock[first:])
        for suit in sample.removed_suits:
            cards.update(range(suit * 13, suit * 13 + 13))
        assert cards == composition
    assert sorted(unseen_cards(info)) == unseen_cards(info)


def test_unseen_cards_refuse_an_impossible_position():
    # eight sequences of spades removed and still an ace showing
    info = Position.from_columns(variant("spider", 1), [["AS"]] + [[]] * 9, removed=[0] * 8)
    with pytest.raises(ValueError):
        unseen_cards(info)


def test_it_plays_the_winning_move():
    line = solve(Game.from_code("SP1-S1C-AAAAAAA"), time_limit=30).actions
    game = Game.from_record({"code": "SP1-S1C-AAAAAAA", "actions": line[:-1]})
    action = strong_action(game, {public_key(game)})
    assert action is not None
    _apply(game, action)
    assert game.won


def test_it_never_goes_back_to_a_position_met_before():
    game, seen = _played("SP1-S2C-AAAAAAE", 10)
    for _ in range(6):
        action = strong_action(game, seen)
        assert action is not None
        _apply(game, action)
        assert public_key(game) not in seen
        seen.add(public_key(game))


def test_study_refuses_an_unknown_player():
    with pytest.raises(SpiderError):
        study("spider", 1, 1, mode="play", player="clairvoyant")


def test_study_plays_with_the_strong_player(monkeypatch):
    monkeypatch.setitem(strong_module.SIZES, 1, strong_module.Sizes(samples=3, budget=300))
    report = study("spiderette", 1, 1, start="SD1-S1-AAAAAAA", mode="play", player="strong")
    s = report.summary()
    assert s["player"] == "strong" and s["deals"] == 1 and float(s["decision_max_cpu"]) > 0  # type: ignore[arg-type]
    assert "player strong" in report.table() and "slowest decision" in report.table()


def _one_suit(cols: list[list[int]], deals_done: int, removed: int = 0) -> Position:
    """A 1-suit Spider position with every card face up in ``cols`` (ranks - 1, spades), the
    stock (any cards: the player cannot see them) after ``deals_done`` deals."""
    columns = [list(col) for col in cols] + [[] for _ in range(10 - len(cols))]
    stock = [[12] * 10 for _ in range(5 - deals_done)]
    return Position.from_columns(variant("spider", 1), columns, stock=stock, removed=[0] * removed, profile="moves")


def test_too_few_cards_to_deal_is_stranded():
    assert stranded(_one_suit([[12], [11]], deals_done=3))
    assert not stranded(_one_suit([[12], [11]], deals_done=5))  # nothing left to deal
    assert not stranded(_one_suit([[12]] * 10, deals_done=3))


def test_it_does_not_complete_a_sequence_that_strands_the_game():
    # K..2 in column 1, the ace on a 6 in column 2: completing the sequence would leave 6 cards
    # on the table with two deals to come (5 sequences removed, so the counts add up)
    g = _one_suit([list(range(12, 0, -1)), [5, 0], [6], [8], [9], [11], [12]], deals_done=3, removed=5)
    assert strands(g, (1, 0, 1)) and hint_action(g) == (1, 0, 1)
    assert strong_action(g, {public_key(g)}) not in (None, (1, 0, 1))


def test_a_stalled_player_with_every_card_up_fills_the_empty_columns_and_deals():
    g = _one_suit([list(range(12, 2, -1)), [12, 11], [2, 1], [3, 2], [6], [8], [10]], deals_done=3)
    seen = {public_key(g)}
    for _ in range(3):  # three empty columns, filled from columns that keep a card
        action = strong_choice(g, seen, False)
        assert action is not DEAL and action is not None
        s, d, k = action
        assert not g.cols[d] and k < len(g.cols[s])
        g.move(s, d, k)
        seen.add(public_key(g))
    assert strong_choice(g, seen, False) is DEAL


# 1-suit Spider after its last deal, as the strong player without solving played it. Its next
# move there, 1>3:10, turns up a card; on the true deal the game is then lost, and the solver (5,000
# positions a sample) wins 13 of the 16 samples after it against all 16 after 4>1:1.
STOCK_EMPTY_CODE = "SP1-S1C-AAAABAG"
STOCK_EMPTY_LINE = (
    "10>1:1 deal 7>1:1 8>4:1 1>6:2 10>1:1 5>7:1 5>2:1 4>1:1 7>1:2 deal 9>5:1 5>8:2 7>5:1 1>3:4 2>6:1 "
    "3>1:4 5>1:2 2>8:2 6>5:2 deal 8>1:1 8>10:5 10>6:3 10>9:3 6>8:4 6>2:3 6>4:1 4>10:2 deal 1>3:1 "
    "8>6:1 8>7:5 1>8:2 1>6:8 8>6:3 8>7:1 8>4:1 6>7:1 5>1:1 8>2:1 5>2:1 2>5:2 5>9:5 5>8:1 1>8:2 deal "
    "5>7:2 2>10:1 2>5:1 9>5:1 1>9:1 10>1:2 10>2:1 7>10:3 7>1:7 10>7:6 10>2:1 9>2:7 7>9:4 2>3:1 2>7:1"
)


def _stock_empty_game():
    game = Game.from_record({"code": STOCK_EMPTY_CODE, "actions": STOCK_EMPTY_LINE.split()})
    assert game.deals_left == 0 and sum(game.position().down) > 0
    return game


@pytest.mark.parametrize("progressing", [True, False])
def test_once_the_stock_is_empty_the_solver_checks_the_choice(monkeypatch, progressing):
    # progressing: the look-ahead's choice; not: the quick hint's, which plays 1>3:10 there too
    game = _stock_empty_game()
    seen = {public_key(game)}
    one_suit = strong_module.ONE_SUIT  # as committed, not the small budget of the other tests
    monkeypatch.setitem(strong_module.SIZES, 1, one_suit._replace(solve_nodes=0))
    unchecked = strong_choice(game.information_state(), seen, progressing)
    monkeypatch.setitem(strong_module.SIZES, 1, one_suit)
    checked = strong_choice(game.information_state(), seen, progressing)
    assert unchecked == (0, 2, 10) and checked not in (unchecked, None)
    after = game.copy()
    _apply(after, checked)
    assert solve(after, time_limit=60).result == "won"
    after = game.copy()
    _apply(after, unchecked)
    assert solve(after, time_limit=60).result != "won"


def test_the_solving_choice_ignores_hidden_cards(monkeypatch):
    monkeypatch.setitem(strong_module.SIZES, 1, strong_module.SIZES[1]._replace(samples=6, solve_nodes=1000))
    game = _stock_empty_game()
    seen = {public_key(game)}
    expected = strong_action(game, seen)
    other = _shuffle_hidden(game, random.Random(1))
    assert public_key(other) == public_key(game) and other.cols != game.search_copy().cols
    assert strong_action(other, seen) == expected == strong_action(game.search_copy(), set(seen))


def test_autoplay_gives_up_after_so_many_actions_without_progress():
    def wander(game, seen, progressing):  # a lone card from one empty column to another: no better
        return next((s, d, k) for s, d, k in game.legal_moves(with_deal=False) if not game.cols[d])

    for give_up, played in ((5, 6), (None, 40)):
        g = Game.from_position(_one_suit([[5], [5]], deals_done=5, removed=7))
        assert not autoplay(g, max_actions=40, choose=wander, give_up=give_up)
        assert g.moves == played


def _moves_to_progress(g) -> int | None:
    """Plain breadth-first search: the fewest moves from ``g`` to a card turned up or a sequence
    removed (None if no such line)."""
    down, removed = sum(g.down), g.removed
    layer, met = [g.snapshot()], {g.position_key()}
    for depth in range(1, 40):
        after = []
        for snap in layer:
            g.restore(snap)
            for move in worth_looking_at(g):
                g.move(*move)
                if sum(g.down) < down or g.removed > removed:
                    return depth
                if g.position_key() not in met:
                    met.add(g.position_key())
                    after.append(g.snapshot())
                g.undo()
        layer = after
    return None


@pytest.mark.parametrize("code,actions", [("SP1-S1C-AAAABCE", 30), ("SD1-S2-AAAAAAE", 15), ("SP1-S4C-AAAAAAB", 45)])
def test_the_way_out_brings_the_nearest_progress_one_move_closer(code, actions):
    game, _ = _played(code, actions)
    info = game.information_state()
    distance = _moves_to_progress(info.search_copy())
    assert distance is not None
    for left in range(distance, 0, -1):
        assert _moves_to_progress(info.search_copy()) == left
        move = way_out(info)
        assert move is not None
        down, removed = sum(info.down), info.removed
        info.move(*move)
        assert (sum(info.down) < down or info.removed > removed) == (left == 1)


def test_stalled_play_cornered_by_positions_met_takes_the_way_out():
    # the last sequence in three runs (K-8, 7-5, 4-A), the stock empty, and every move from here
    # leading to a position met before
    g = _one_suit([list(range(12, 6, -1)), [3, 2, 1, 0], [6, 5, 4]], deals_done=5, removed=7)
    seen = {public_key(g)}
    for move in worth_looking_at(g):
        g.move(*move)
        seen.add(public_key(g))
        g.undo()
    # without the way out, play would stop here: the quick hint and the strong candidates have none
    # (checked on what stalled play tries, not by patching ``way_out``: the compiled build calls it
    # directly, and the tests run on that build too)
    info = g.information_state()
    assert list(stalled_steps(info, hint_action(g, seen, improve=False), seen)) == [way_out(info)]
    game = Game.from_position(g)
    for _ in range(2):  # two moves from a sequence removed: 7-5 onto the 8, then 4-A
        action = strong_choice(game.information_state(), seen, False)
        assert action is not None and action == way_out(game.information_state())
        _apply(game, action)
        seen.add(public_key(game))
    assert game.won


def _four_suit(down: list[int], deals_left: int) -> Position:
    """The opening columns of a 4-suit deal with ``down`` cards face down in each and
    ``deals_left`` deals still to come."""
    start = Game.from_code("SP1-S4C-AAAAAAB").state()
    columns = [col["down"] + col["up"] for col in start["columns"]]
    return Position.from_columns(variant("spider", 4), columns, down=down, stock=[start["stock"][:10]] * deals_left)


def test_on_four_suits_the_look_ahead_decides_alone_even_in_the_endgame():
    assert not solves_here(_four_suit([0] * 10, 0))  # stock empty, every card up
