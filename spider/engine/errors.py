"""Errors the engine raises. Each carries a stable reason code so that every layer (CLI, web,
translations) can say the same thing in its own words."""

from __future__ import annotations


class SpiderError(ValueError):
    """Bad input of any kind: a malformed code, card, deck, record or option."""

    def __init__(self, reason: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.params = params


class IllegalAction(SpiderError):
    """An action the rules refuse. The game is left unchanged."""


# English wording of every refusal, keyed by reason code. The web app translates by the same keys.
RULE_MESSAGES: dict[str, str] = {
    "no_such_column": "There is no column {column}",
    "same_column": "A group must move to another column",
    "empty_source": "There is no card in that column",
    "bad_count": "That column has no {count} face-up cards to move",
    "not_a_run": "Only a run of one suit moves together",
    "not_a_descending_run": "Only cards in descending order move together",
    "not_one_higher": "A card goes onto a card one rank higher",
    "onto_ace": "Nothing can be placed on an ace",
    "deal_with_empty_column": "You can't deal while a column is empty",
    "no_deals_left": "There are no deals left",
    "nothing_to_undo": "There is nothing to undo",
    "undo_limit": "You can undo only the last {limit} actions",
    "no_target": "There is no column where that group can go",
    "game_over": "The game is already won",
}


def illegal(reason: str, **params: object) -> IllegalAction:
    return IllegalAction(reason, RULE_MESSAGES[reason].format(**params), **params)
