"""What a player can do: move a group, deal, undo, redo. One type per kind, so that a type checker
narrows them (``isinstance(a, Move)``, ``a is DEAL``, ``a is UNDO``, ``a is REDO``). And what an
action did (``Outcome``), for animation and announcements.

The position's hot loops (``Position.legal_moves`` and the solver) keep moves as plain
``(source, target, count)`` tuples (``position.RawMove``), which a ``Move`` equals.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, NamedTuple

from .cards import SUITS, card_text


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
    """Play again the action the last undo took back. ``Game.apply`` resolves it to that action,
    so a record keeps the action itself, never the word."""

    REDO = "redo"


DEAL: Final = Deal.DEAL
UNDO: Final = Undo.UNDO
REDO: Final = Redo.REDO

# Anything a player may ask for.
Action = Move | Deal | Undo | Redo


class Outcome(NamedTuple):
    """What ``Game.apply`` did (columns from 0). ``events`` says it for animation and
    screen-reader announcements."""

    action: Move | Deal | Undo  # as performed: a move with its card count, DEAL or UNDO (a redo: what it played)
    cards: tuple[int, ...] = ()  # the cards moved, or the cards dealt (one a column from the first)
    onto: int | None = None  # the card a group was put onto (None: an empty column, a deal, an undo)
    revealed: tuple[int, ...] = ()  # columns whose next card turned face up
    completed: tuple[tuple[int, int], ...] = ()  # (column, suit) of each sequence removed
    undone: Move | Deal | None = None  # undo: the action taken back
    hidden: int = 0  # undo: cards turned back face down
    restored: int = 0  # undo: sequences put back on the table
    redone: bool = False  # a move or deal that was the next action to redo
    text: str = ""  # the action as the record keeps it (notation)
    revealed_cards: tuple[int, ...] = ()  # the card turned face up in each column of ``revealed``
    won: bool = False  # the action won the game

    def events(self) -> dict[str, Any]:
        """The outcome as the web API's ``events``. They name only cards that are face up after
        the action; a card that an undo turns back face down is only counted (``hidden``)."""
        out: dict[str, Any]
        if self.action is UNDO:
            undone = self.undone
            out = {"kind": "undo", "undone": "deal" if undone is DEAL else "move", "hidden": self.hidden}
            out["restored"] = self.restored
            if undone is not None and undone is not DEAL:
                src, dst, _count = undone
                out |= {"from": dst + 1, "to": src + 1}
            return out | {"action": self.text, "revealed": [], "completed": [], "won": False, "redone": False}
        if self.action is DEAL:
            out = {"kind": "deal", "cards": [card_text(c) for c in self.cards]}
        else:
            src, dst, _count = self.action
            out = {
                "kind": "move",
                "from": src + 1,
                "to": dst + 1,
                "cards": [card_text(c) for c in self.cards],
                "onto": None if self.onto is None else card_text(self.onto),
            }
        out["action"] = self.text
        out["revealed"] = [
            {"column": col + 1, "card": card_text(card)}
            for col, card in zip(self.revealed, self.revealed_cards, strict=True)
        ]
        out["completed"] = [{"column": col + 1, "suit": SUITS[suit]} for col, suit in self.completed]
        out["hidden"] = 0
        out["won"] = self.won
        out["redone"] = self.redone
        return out
