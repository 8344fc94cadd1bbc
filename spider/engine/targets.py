"""Where a group can go: the legal targets of each pickable group and the best column (SPEC §7)."""

from __future__ import annotations

from .errors import illegal
from .game import Game


def targets(game: Game, src: int, count: int) -> list[int]:
    """Columns that accept the top ``count`` cards of ``src`` (which must be movable)."""
    cols = game.cols
    need = cols[src][-count] % 13 + 2  # rank of a card one above the group's first card
    return [dst for dst, col in enumerate(cols) if dst != src and (not col or col[-1] % 13 + 1 == need)]


def best_column(game: Game, src: int, count: int) -> int:
    """Same suit one rank higher; else one rank higher; else an empty column (never moving a
    whole column into an empty one); ties go to the leftmost. Raise IllegalAction if none fits."""
    game.check_pick(src, count)
    cols = game.cols
    source = cols[src]
    first = source[-count]
    suit = first // 13
    fits = targets(game, src, count)
    filled = [d for d in fits if cols[d]]
    for dst in filled:
        if cols[dst][-1] // 13 == suit:
            return dst
    if filled:
        return filled[0]
    whole_column = count == len(source)
    empties = [d for d in fits if not cols[d]]
    if empties and not whole_column:
        return empties[0]
    raise illegal("no_target")


def pickable_targets(game: Game) -> list[dict[str, object]]:
    """For each column, each movable group size with its legal targets (for highlighting)."""
    out = []
    for src, run in enumerate(game.run):
        for count in range(1, run + 1):
            dests = targets(game, src, count)
            if dests:
                out.append({"column": src, "count": count, "targets": dests})
    return out
