"""The solver's reductions against a plain exhaustive search, on small stock-empty positions.

The plain search here shares nothing with the solver but the engine's moves: every legal move,
positions told apart by their exact columns (no sorting, no pruning, no dead-end test). A
reduction is sound when it never calls a position lost that the plain search wins, and the solver
with its reductions reaches the plain search's verdict."""

from __future__ import annotations

import random

import pytest

from spider.engine import Game, load_record, new_session, parse_action, variant
from spider.engine.cards import make
from spider.solver import solve
from spider.solver.reductions import buried_for_good

PLAIN_LIMIT = 20_000  # positions; a position the plain search cannot finish within this is skipped


def small_position(suits: int, rng: random.Random) -> Game:
    """A Spiderette position with the stock dealt, some sequences already removed and the rest of
    the cards (one or two whole suits) shuffled into the seven columns, with face-down cards."""
    v = variant("spiderette", suits)
    g = new_session(format_deal(suits), profile_name="moves").game.search_copy()
    sequences = [suit for suit in range(suits) for _ in range(4 // suits)]
    rng.shuffle(sequences)
    keep = rng.choice((1, 1, 1, 2))
    cards = [make(rank, suit) for suit in sequences[:keep] for rank in range(1, 14)]
    rng.shuffle(cards)
    filled = rng.randint(v.columns - 2, v.columns)  # empty columns make the plain search slow
    cuts = sorted(rng.sample(range(1, len(cards)), filled - 1))
    bounds = [0, *cuts, len(cards)]
    g.cols = [cards[bounds[i] : bounds[i + 1]] for i in range(filled)] + [[] for _ in range(v.columns - filled)]
    rng.shuffle(g.cols)
    g.down = [rng.randint((len(c) - 1) // 2, len(c) - 1) if c else 0 for c in g.cols]
    g.deals_done = len(v.deals)
    g.removed_suits = sequences[keep:]
    g.run = [g._tail_run(c) for c in range(v.columns)]
    return g


def format_deal(suits: int) -> str:
    return f"SD1-S{suits}-AAAAAAA"


def plain_verdict(g: Game) -> str | None:
    """The verdict, "won" or "lost", from trying every legal move from every position (exact positions, no
    reductions), or None when there are more than ``PLAIN_LIMIT`` positions."""
    g = g.search_copy()
    seen = {_exact(g)}
    stack = [g.legal_moves()]
    while stack:
        moves = stack[-1]
        if not moves:
            stack.pop()
            if stack:
                g.undo()
            continue
        g.move(*moves.pop())
        if g.won:
            return "won"
        key = _exact(g)
        if key in seen:
            g.undo()
            continue
        seen.add(key)
        if len(seen) > PLAIN_LIMIT:
            return None
        stack.append(g.legal_moves())
    return "lost"


def _exact(g: Game) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(map(tuple, g.cols)), tuple(g.down)


def positions(suits: int, seed: int, count: int) -> list[Game]:
    """Small positions, and positions a few random moves on from them (positions play reaches)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        g = small_position(suits, rng)
        out.append(g)
        walk = g.search_copy()
        for _ in range(rng.randint(1, 12)):
            moves = walk.legal_moves()
            if not moves or walk.won:
                break
            walk.move(*rng.choice(moves))
        if not walk.won:
            out.append(walk.search_copy())
    return out


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_buried_positions_are_lost(suits):
    """Whenever ``buried_for_good`` calls a position lost, the plain search cannot win it (wins
    are quick to find, so a wrong call would show)."""
    checked = 0
    for g in positions(suits, seed=suits, count=300):
        if buried_for_good(g):
            verdict = plain_verdict(g)
            assert verdict != "won", g
            checked += verdict == "lost"
    assert checked >= 10


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_solver_agrees_with_the_plain_search(suits):
    """The solver, with every reduction, decides these positions; its wins replay, and the plain
    search confirms its losses."""
    verdicts = {"won": 0, "lost": 0}
    for g in positions(suits, seed=100 + suits, count=100):
        result = solve(g, time_limit=60)
        assert result.result in verdicts, g
        verdicts[result.result] += 1
        if result.result == "won":
            replay = g.search_copy()
            for text in result.actions:
                replay.apply(parse_action(text))
            assert replay.won
        else:
            assert plain_verdict(g) in ("lost", None), g
    assert verdicts["won"] >= 20 and verdicts["lost"] >= 5, verdicts


def test_stock_left_proves_nothing():
    game = load_record({"code": "SD1-S4-AAAABAN", "actions": []}).game
    assert not buried_for_good(game)
