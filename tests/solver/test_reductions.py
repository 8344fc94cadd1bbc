"""The solver's reductions against a plain exhaustive search, on small stock-empty positions.

The plain search here shares nothing with the solver but the engine's moves: every legal move,
positions told apart by their exact columns (no sorting, no pruning, no dead-end test). A
reduction is sound when it never calls a position lost that the plain search wins, and the solver
with its reductions reaches the plain search's verdict."""

from __future__ import annotations

import random

import pytest

from spider.engine import DEAL, Game, Position, parse_action, variant
from spider.solver import solve
from spider.solver.reductions import buried_for_good

pytestmark = pytest.mark.slow

PLAIN_LIMIT = 20_000  # positions; a position the plain search cannot finish within this is skipped


def small_position(suits: int, rng: random.Random) -> Position:
    """A Spiderette position with some sequences already removed and the rest of the cards (one or
    two whole suits) shuffled into the seven columns, with face-down cards; either the stock is
    dealt or its last deal (three cards) is still to come."""
    v = variant("spiderette", suits)
    sequences = [suit for suit in range(suits) for _ in range(4 // suits)]
    rng.shuffle(sequences)
    keep = rng.choice((1, 1, 1, 2))
    cards = [suit * 13 + rank - 1 for suit in sequences[:keep] for rank in range(1, 14)]
    rng.shuffle(cards)
    last = v.deals[-1]
    dealt = rng.random() < 0.5
    stock = []
    if not dealt:  # the last deal's cards are the stock
        stock = [cards[:last]]
        cards = cards[last:]
    filled = v.columns if not dealt else rng.randint(v.columns - 2, v.columns)  # empty columns: slow
    cuts = sorted(rng.sample(range(1, len(cards)), filled - 1))
    bounds = [0, *cuts, len(cards)]
    cols = [cards[bounds[i] : bounds[i + 1]] for i in range(filled)] + [[] for _ in range(v.columns - filled)]
    rng.shuffle(cols)
    fewest = (lambda n: n - 1) if not dealt else (lambda n: (n - 1) // 2)  # a deal to come: all face down
    down = [rng.randint(fewest(len(c)), len(c) - 1) if c else 0 for c in cols]
    return Position.from_columns(v, cols, down=down, stock=stock, removed=sequences[keep:], profile="moves")


def plain_verdict(g: Position) -> str | None:
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
        action = moves.pop()
        if action is DEAL:
            g.deal()
        else:
            g.move(*action)
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


def _exact(g: Position) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return g.deals_done, tuple(map(tuple, g.cols)), tuple(g.down)


def positions(suits: int, seed: int, count: int) -> list[Position]:
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
            action = rng.choice(moves)
            if action is DEAL:
                walk.deal()
            else:
                walk.move(*action)
        # (with a deal to come, empty columns make wins that take the solver long to find)
        if not walk.won and (not walk.deals_left or all(walk.cols)):
            out.append(walk.search_copy())
    return out


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_buried_positions_are_lost(suits):
    """Whenever ``buried_for_good`` calls a position lost, the plain search cannot win it (wins
    are quick to find, so a wrong call would show), with the stock dealt or a deal to come."""
    checked = {0: 0, 1: 0}
    for g in positions(suits, seed=suits, count=1500):
        if buried_for_good(g):
            verdict = plain_verdict(g)
            assert verdict != "won", g
            checked[g.deals_left] += verdict == "lost"
    assert checked[0] >= 10 and checked[1] >= 2, checked


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
                replay.play(replay.check(parse_action(text)))  # the rules accept every action
            assert replay.won
        else:
            assert plain_verdict(g) in ("lost", None), g
    assert verdicts["won"] >= 20 and verdicts["lost"] >= 5, verdicts


def test_a_fresh_deal_is_not_buried():
    for code in ("SD1-S4-AAAABAN", "SD1-S1-AAAAAAA", "SP1-S4C-AAAAAAB"):
        assert not buried_for_good(Game.from_code(code).search_copy())
