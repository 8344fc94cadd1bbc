"""Names the server shows in the player's language: games, levels, rules options and scoring
profiles. The values are English message ids (marked with ``N_`` for extraction); pass them
through a translations object, or use the helpers below."""

from __future__ import annotations

from .engine.describe import ENGLISH, Translations
from .engine.errors import N_

GAME_NAMES: dict[str, str] = {
    "spider": N_("Spider"),
    "spiderette": N_("Spiderette"),
}

# The difficulty label of each suit count, as the seed apps show it.
LEVEL_NAMES: dict[int, str] = {
    1: N_("Easy"),
    2: N_("Medium"),
    4: N_("Hard"),
}

RULES_NAMES: dict[str, str] = {
    "classic": N_("Classic rules"),
    "relaxed": N_("Relaxed rules"),
}

PROFILE_NAMES: dict[str, str] = {
    "standard": N_("Standard"),
    "timed": N_("Timed"),
    "moves": N_("Moves only"),
}


def game_name(game: str, tr: Translations = ENGLISH) -> str:
    return tr.gettext(GAME_NAMES[game])


def suits_label(suits: int, tr: Translations = ENGLISH) -> str:
    """``1`` → "1 suit (Easy)", ``4`` → "4 suits (Hard)"."""
    count = tr.ngettext("{n} suit", "{n} suits", suits).format(n=suits)
    return tr.gettext("{suits} ({level})").format(suits=count, level=tr.gettext(LEVEL_NAMES[suits]))


def level_name(game: str, suits: int, rules: str = "classic", tr: Translations = ENGLISH) -> str:
    """A level as one line: "Spider, 2 suits (Medium), relaxed rules"; the rules are named only
    where the option exists (Spider with 2 or 4 suits)."""
    params = {"game": game_name(game, tr), "suits": suits_label(suits, tr)}
    if game == "spider" and suits != 1:
        if rules == "relaxed":
            return tr.gettext("{game}, {suits}, relaxed rules").format(**params)
        return tr.gettext("{game}, {suits}, classic rules").format(**params)
    return tr.gettext("{game}, {suits}").format(**params)


def profile_name(profile: str, tr: Translations = ENGLISH) -> str:
    return tr.gettext(PROFILE_NAMES[profile])
