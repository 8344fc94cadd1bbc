"""How good a position looks, from what a player can see: face-down *counts*, face-up cards, empty
columns, sequences removed and the stock count. Lower is better. Used by the solver (to order its
search) and by the hint engine (which never sees more than this)."""

from __future__ import annotations

from typing import NamedTuple

from spider.engine import Position, Variant


class Weights(NamedTuple):
    down: int = 20  # a face-down card
    brk: int = 8  # a face-up card not on the card one rank higher
    suit: int = 8  # a face-up card on the card one rank higher but of another suit
    empty: int = 20  # an empty column (a bonus)
    removed: int = 60  # a sequence removed (a bonus)
    stock: int = 2  # a card still in the stock
    hidden: int = 0  # a column that still has face-down cards (pushes towards emptying columns)


SOLVER = Weights()
SOLVER_ONE_SUIT = Weights(down=10, brk=4, suit=4, empty=8)  # fewer positions on 1 suit (solver-one-suit)


def weights_for(v: Variant) -> Weights:
    """The solver's weights for a level (chosen by measurement on bench deals)."""
    return SOLVER_ONE_SUIT if v.suits == 1 else SOLVER


def position_cost(g: Position, w: Weights = SOLVER) -> int:
    w_down, w_break, w_suit, w_empty, w_removed, w_stock, w_hidden = w
    cost = w_stock * g.stock_count - w_removed * len(g.removed_suits)
    down = g.down
    for c, col in enumerate(g.cols):
        if not col:
            cost -= w_empty
            continue
        d = down[c]
        cost += w_down * d + (w_hidden if d else 0)
        prev = col[d]
        for card in col[d + 1 :]:
            if prev % 13 != card % 13 + 1:
                cost += w_break
            elif prev // 13 != card // 13:
                cost += w_suit
            prev = card
    return cost


def dealt_cost(g: Position, w: Weights = SOLVER, cost: int | None = None) -> int | None:
    """``position_cost`` of the position after the next deal, worked out without dealing, from
    ``cost``, the position's own (worked out when not given); None when the deal may complete a
    sequence (then only dealing tells). The search weighs a deal among many candidates and plays
    only the few it keeps."""
    cards = g.next_deal()
    w_stock, w_break, w_suit = w.stock, w.brk, w.suit
    if cost is None:
        cost = position_cost(g, w)
    cost -= w_stock * len(cards)
    cols, run = g.cols, g.run
    for c, card in enumerate(cards):
        last = cols[c][-1]  # a deal needs every column filled
        if last % 13 != card % 13 + 1:
            cost += w_break
        elif last // 13 != card // 13:
            cost += w_suit
        elif run[c] >= 12:
            return None
    return cost
