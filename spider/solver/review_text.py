"""A game review in words (``review.review``'s result), sentence by sentence, in the language of a
gettext translations object: what ``spider review`` prints, worded so a screen reader reads it
well (cards by name, moves counted from 1 as a player counts them)."""

from __future__ import annotations

from typing import Any

from spider.engine import ENGLISH, Game, Position, Translations, card_name, card_text

from .review import checked, position


def move_words(g: Position, action: str, number: int, tr: Translations = ENGLISH) -> str:
    """``action`` played from position ``g``, as "Move 32: 7 of spades from column 3 to column 8,
    onto the 8 of diamonds." (``number`` counts from 1)."""
    step = checked(g, action)
    if not isinstance(step, tuple):  # DEAL: a record's line holds no undo
        return tr.gettext("Move {number}: a deal from the stock.").format(number=number)
    src, dst, count = step
    card = card_name(card_text(g.cols[src][-count]), tr)
    if not g.cols[dst]:
        return tr.gettext("Move {number}: {card} from column {source} to the empty column {target}.").format(
            number=number, card=card, source=src + 1, target=dst + 1
        )
    onto = card_name(card_text(g.cols[dst][-1]), tr)
    # TRANSLATORS: {card} and {onto} are card names such as "7 of spades".
    return tr.gettext("Move {number}: {card} from column {source} to column {target}, onto “{onto}”.").format(
        number=number, card=card, source=src + 1, target=dst + 1, onto=onto
    )


def move_clause(g: Position, action: str, tr: Translations = ENGLISH) -> str:
    """``action`` played from position ``g``, as a part of a sentence: "7 of spades from column 3
    to column 8, onto “8 of diamonds”"."""
    step = checked(g, action)
    if not isinstance(step, tuple):
        return tr.gettext("a deal from the stock")
    src, dst, count = step
    card = card_name(card_text(g.cols[src][-count]), tr)
    if not g.cols[dst]:
        return tr.gettext("{card} from column {source} to the empty column {target}").format(
            card=card, source=src + 1, target=dst + 1
        )
    onto = card_name(card_text(g.cols[dst][-1]), tr)
    # TRANSLATORS: {card} and {onto} are card names such as "7 of spades"; a part of a sentence.
    return tr.gettext("{card} from column {source} to column {target}, onto “{onto}”").format(
        card=card, source=src + 1, target=dst + 1, onto=onto
    )


def turning_sentence(turning: dict[str, Any], start: Game, line: list[str], tr: Translations = ENGLISH) -> str:
    """The turning point in one sentence: the move, and what was proved or only found either side
    of it (on 4 suits mostly found: the solver seldom proves a loss within its budget)."""
    k = turning["index"]
    move = move_clause(position(start, line, k), turning["action"], tr)
    if turning["after"] == "lost":
        # TRANSLATORS: {move} is a move in words, such as "7 of spades from column 3 to column 8, onto “8 of diamonds”".
        text = tr.gettext(
            "The game was lost at move {number} ({move}): before it the deal could still be won, after it it could not."
        )
    else:
        # TRANSLATORS: {move} is a move in words, such as "7 of spades from column 3 to column 8, onto “8 of diamonds”".
        text = tr.gettext(
            "The turning point was most likely move {number} ({move}):"
            " before it the solver found a win, after it it found none."
        )
    return text.format(number=k + 1, move=move)


def review_sentences(
    result: dict[str, Any], start: Game, line: list[str], tr: Translations = ENGLISH, so_far: bool = False
) -> list[str]:
    """The review ``result`` of the player's ``line`` from ``start`` (``review.player_line``);
    ``so_far``: a review still under way (a progress report's), whose time is not up yet."""
    n = len(line)
    out = [
        tr.ngettext(
            "The review follows your line of play as it stands after undos: {n} action.",
            "The review follows your line of play as it stands after undos: {n} actions.",
            n,
        ).format(n=n)
    ]
    if result["winnable"] is True:
        out.append(tr.gettext("The deal could be won from the start."))
    elif result["winnable"] is False:
        out.append(tr.gettext("The deal could not be won from the start: the solver proved it."))
    elif so_far:
        out.append(tr.gettext("No win from the start has been found yet."))
    else:
        out.append(tr.gettext("No win from the start was found within the time limit."))
    if result["won"]:
        if result["shortest_found"] is None:
            out.append(tr.gettext("You won. Your actions: {n}.").format(n=n))
        else:
            out.append(
                tr.gettext("You won. Your actions: {n}; the shortest win the solver found: {shortest}.").format(
                    n=n, shortest=result["shortest_found"]
                )
            )
    turning = result["turning_point"]
    if turning is not None:  # one sentence says it all: no range beside it
        out.append(turning_sentence(turning, start, line, tr))
    span = result["range"]
    if turning is None and span is not None and span[0] != span[1]:
        first, last = span[0] + 1, span[1] + 1
        if result["winnable"] is True and any(p["result"] == "lost" for p in result["probes"]):
            text = tr.gettext("The game was lost somewhere between move {first} and move {last}.")
        else:
            text = tr.gettext("If the game was lost, it was lost somewhere between move {first} and move {last}.")
        out.append(text.format(first=first, last=last))
    if not result["won"] and result["line_from"] == n and n:
        out.append(tr.gettext("The game could still be won where it stopped."))
    if result["line"]:
        actions = " ".join(result["line"])
        if result["line_from"] == 0:
            text = tr.gettext("A winning line from the start: {actions}.")
        elif result["line_from"] == n:
            text = tr.gettext("A winning line from where the game stopped: {actions}.")
        else:
            text = tr.gettext("A winning line from before move {number}: {actions}.")
        out.append(text.format(number=result["line_from"] + 1, actions=actions))
    return out


__all__ = ["move_clause", "move_words", "review_sentences", "turning_sentence"]
