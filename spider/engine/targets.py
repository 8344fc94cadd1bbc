"""Where a group can go: the legal targets of each pickable group and the best column
(docs/RULES.md, The best column).

Everything here derives from ``Position.legal_moves``, the same legality the solver searches."""

from __future__ import annotations

from .actions import DEAL
from .cards import suit_of
from .errors import illegal
from .position import Position


def groups(position: Position) -> dict[tuple[int, int], list[int]]:
    """Each movable group, as (source column, card count) in that order, with the columns that
    accept it, leftmost first."""
    out: dict[tuple[int, int], list[int]] = {}
    for step in position.legal_moves(with_deal=False):
        if step is not DEAL:
            src, dst, count = step
            out.setdefault((src, count), []).append(dst)
    return {group: sorted(out[group]) for group in sorted(out)}


def targets(position: Position, src: int, count: int) -> list[int]:
    """Columns that accept the top ``count`` cards of ``src`` (none if they don't move together)."""
    return groups(position).get((src, count), [])


def best_column(position: Position, src: int, count: int, fits: list[int] | None = None) -> int:
    """Same suit one rank higher; else one rank higher; else an empty column (never moving a
    whole column into an empty one); ties go to the leftmost. Raise IllegalAction if none fits.
    ``fits``: the group's targets when the caller has them already."""
    position.check_pick(src, count)
    cols = position.cols
    source = cols[src]
    suit = suit_of(source[-count])
    if fits is None:
        fits = targets(position, src, count)
    filled = [d for d in fits if cols[d]]
    for dst in filled:
        if suit_of(cols[dst][-1]) == suit:
            return dst
    if filled:
        return filled[0]
    whole_column = count == len(source)
    empties = [d for d in fits if not cols[d]]
    if empties and not whole_column:
        return empties[0]
    raise illegal("no_target")
