"""A finished game's review in the player's words: what the solver found, said in their language,
and the winning line from where the player's own line leaves it."""

from __future__ import annotations

from typing import Any

from ..engine import Game, Translations
from ..solver.review import player_line, position
from ..solver.review_text import move_words, review_sentences


def worded(game: Game, review: dict[str, Any], tr: Translations, so_far: bool = False) -> dict[str, Any]:
    """The review (final, or ``so_far`` as it has got), its sentences, and the player's own move where
    the winning line starts, unless the turning point's sentence names it already."""
    start, line = player_line(game.record())
    k = review["line_from"]
    turning = review["turning_point"]
    named = turning is not None and turning["index"] == k
    chosen = move_words(position(start, line, k), line[k], k + 1, tr) if k is not None and k < len(line) else None
    # the winning line's notation is left out of the words: the page steps through it instead
    sentences = review_sentences(review | {"line": []}, start, line, tr, so_far)
    return {"review": review, "sentences": sentences, "chosen": None if named else chosen}


def line_start(game: Game, review: dict[str, Any]) -> tuple[Game, list[str]]:
    """The deal and the player's actions (after undos) up to where the review's winning line starts."""
    board, line = player_line(game.record())
    return board, line[: review["line_from"]]
