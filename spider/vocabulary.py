"""Names the server shows in the player's language: games, levels, rules options, scoring
profiles and languages. The values are English message ids (marked with ``N_`` for extraction);
pass them through a translations object, or use the helpers below. This is the one source of
these names: the web app's catalog (``GET /api/catalog``) serves them, in the player's language,
to the front end's dialogs."""

from __future__ import annotations

from .engine import ENGLISH, N_, Translations

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
    "classic": N_("Classic"),
    "relaxed": N_("Relaxed"),
}

# What a rules option changes, for the new-game dialog; classic needs no explanation.
RULES_DESCRIPTIONS: dict[str, str | None] = {
    "classic": None,
    "relaxed": N_("Relaxed rules let a descending run of mixed suits move together."),
}

PROFILE_NAMES: dict[str, str] = {
    "standard": N_("Standard"),
    "timed": N_("Timed"),
    "moves": N_("Moves only"),
}

# A profile with what it means for the player, for a menu.
PROFILE_LABELS: dict[str, str] = {
    "standard": N_("Standard: 500 points, 100 undos"),
    "timed": N_("Timed: points for speed, unlimited undo"),
    "moves": N_("Moves only: no score, unlimited undo"),
}

# The looks a player can choose (settings card_back and table), each with its name. The first of
# each is a new player's. The front end draws them (static/cards.css); the server only names them.
CARD_BACK_NAMES: dict[str, str] = {
    "blue": N_("Blue lattice"),
    "red": N_("Red diamonds"),
    "green": N_("Green weave"),
}

TABLE_NAMES: dict[str, str] = {
    "green": N_("Green felt"),
    "blue": N_("Blue felt"),
    "wine": N_("Burgundy felt"),
}

# Each language by its own name (an endonym), never translated: a player finds their language
# whatever language the page is in.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "sk": "Slovenčina",
    "fi": "Suomi",
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


def profile_label(profile: str, tr: Translations = ENGLISH) -> str:
    return tr.gettext(PROFILE_LABELS[profile])


def rules_name(rules: str, tr: Translations = ENGLISH) -> str:
    return tr.gettext(RULES_NAMES[rules])


def rules_description(rules: str, tr: Translations = ENGLISH) -> str:
    """What the rules option changes; "" for classic rules."""
    description = RULES_DESCRIPTIONS[rules]
    return tr.gettext(description) if description else ""
