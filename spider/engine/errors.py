"""Errors the engine raises. Each carries a stable reason code so that every layer (CLI, web,
translations) can say the same thing in its own words."""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark an English message template for extraction (``scripts/i18n``) without translating it:
    templates are translated where they are shown (``spider.i18n.translate_error``)."""
    return message


class SpiderError(ValueError):
    """Bad input of any kind: a malformed code, card, deck, record or option.

    ``template`` is the English message with ``{name}`` placeholders (str.format) filled from
    ``params``; ``message`` is the English text. ``spider.i18n.translate_error`` renders the same
    template in another language."""

    def __init__(self, reason: str, template: str, **params: object) -> None:
        try:
            message = template.format(**params)
        except (KeyError, IndexError, ValueError):  # a plain message that happens to hold braces
            message = template
        super().__init__(message)
        self.reason = reason
        self.template = template
        self.message = message
        self.params = params


class IllegalAction(SpiderError):
    """An action the rules refuse. The game is left unchanged."""


# English wording of every refusal, keyed by reason code. The web app translates by the same keys.
RULE_MESSAGES: dict[str, str] = {
    "no_such_column": N_("There is no column {column}"),
    "same_column": N_("A group must move to another column"),
    "empty_source": N_("There is no card in that column"),
    "bad_count": N_("That column has no {count} face-up cards to move"),
    "not_a_run": N_("Only a run of one suit moves together"),
    "not_a_descending_run": N_("Only cards in descending order move together"),
    "not_one_higher": N_("A card goes onto a card one rank higher"),
    "onto_ace": N_("Nothing can be placed on an ace"),
    "deal_with_empty_column": N_("You can't deal while a column is empty"),
    "no_deals_left": N_("There are no deals left"),
    "nothing_to_undo": N_("There is nothing to undo"),
    "nothing_to_redo": N_("There is nothing to redo"),
    "undo_limit": N_("You can undo only the last {limit} actions"),
    "no_target": N_("There is no column where that group can go"),
    "game_over": N_("The game is already won"),
}


def illegal(reason: str, **params: object) -> IllegalAction:
    return IllegalAction(reason, RULE_MESSAGES[reason], **params)
