"""How good a position looks, from what a player can see: face-down *counts*, face-up cards, empty
columns, sequences removed and the stock count. Lower is better. Used by the solver (to order its
search) and by the hint engine (which never sees more than this)."""

from __future__ import annotations

from spider.engine import Game

W_DOWN = 10  # a face-down card
W_BREAK = 4  # a face-up card not on the card one rank higher
W_SUIT = 2  # a face-up card on the card one rank higher but of another suit
W_EMPTY = 8  # an empty column (a bonus)
W_REMOVED = 60  # a sequence removed (a bonus)
W_STOCK = 2  # a card still in the stock


def position_cost(g: Game) -> int:
    cost = W_STOCK * g.stock_count - W_REMOVED * len(g.removed_suits)
    down = g.down
    for c, col in enumerate(g.cols):
        if not col:
            cost -= W_EMPTY
            continue
        d = down[c]
        cost += W_DOWN * d
        prev = col[d]
        for card in col[d + 1 :]:
            if prev % 13 != card % 13 + 1:
                cost += W_BREAK
            elif prev // 13 != card // 13:
                cost += W_SUIT
            prev = card
    return cost


def deal_delta(g: Game) -> int:
    """How a deal would change ``position_cost`` (sequences it might complete aside)."""
    size = g.variant.deals[g.deals_done]
    start = len(g.stock) - g.stock_count
    delta = -W_STOCK * size
    for col, card in zip(g.cols, g.stock[start : start + size], strict=False):
        top = col[-1]
        if top % 13 != card % 13 + 1:
            delta += W_BREAK
        elif top // 13 != card // 13:
            delta += W_SUIT
    return delta
