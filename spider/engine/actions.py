"""What a player can do: move a group, deal, undo, redo. One type per kind, so that a type checker
narrows them (``isinstance(a, Move)``, ``a is DEAL``, ``a is UNDO``, ``a is REDO``).

Hot loops (``Game.legal_moves`` and the solver) keep moves as plain ``(source, target, count)``
tuples, which a ``Move`` equals: a named tuple per generated move would make move generation
about half as slow again, for no gain inside the search.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple


class Move(NamedTuple):
    """The top ``size`` cards of column ``src`` onto column ``dst`` (columns from 0). ``size``
    None means the part of the movable group that fits the target (all of it onto an empty column)."""

    src: int
    dst: int
    size: int | None = None


class Deal(StrEnum):
    DEAL = "deal"


class Undo(StrEnum):
    UNDO = "undo"


class Redo(StrEnum):
    """Play again the action the last undo took back. ``Game.check`` resolves it to that action,
    so a record keeps the action itself, never the word."""

    REDO = "redo"


DEAL: Final = Deal.DEAL
UNDO: Final = Undo.UNDO
REDO: Final = Redo.REDO

# A legal action as ``Game.legal_moves`` lists it and ``Game.check`` resolves it: a move with its
# card count, or DEAL.
Step = tuple[int, int, int] | Deal
# Anything a player may ask for.
Action = Move | Deal | Undo | Redo


class Outcome(NamedTuple):
    """What ``Game.perform`` did, for animation and announcements (columns from 0)."""

    action: Step | Undo  # the action as performed: a move with its card count, DEAL or UNDO
    cards: tuple[int, ...] = ()  # the cards moved, or the cards dealt (one a column from the first)
    onto: int | None = None  # the card a group was put onto (None: an empty column, a deal, an undo)
    revealed: tuple[int, ...] = ()  # columns whose next card turned face up
    completed: tuple[tuple[int, int], ...] = ()  # (column, suit) of each sequence removed
    undone: Step | None = None  # undo: the action taken back
    hidden: int = 0  # undo: cards turned back face down
    restored: int = 0  # undo: sequences put back on the table
    redone: bool = False  # a move or deal that was the next action to redo
