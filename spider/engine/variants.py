"""The games as frozen data: one small table, no subclasses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import make
from .errors import N_, SpiderError

GAMES = ("spider", "spiderette")
SUIT_COUNTS = (1, 2, 4)
RULES = ("classic", "relaxed")


@dataclass(frozen=True)
class Variant:
    game: str
    suits: int
    rules: str
    columns: int
    tableau: tuple[int, ...]  # cards dealt to each column at the start
    deals: tuple[int, ...]  # cards in each stock deal, dealt onto columns 1…n
    decks: int

    @property
    def sequences(self) -> int:
        """Sequences to remove to win: one per 13 cards."""
        return self.card_count // 13

    @property
    def card_count(self) -> int:
        return 52 * self.decks

    @property
    def relaxed(self) -> bool:
        return self.rules == "relaxed"

    @property
    def key(self) -> str:
        """A short name of the level, e.g. ``spider-2-classic`` (used for statistics)."""
        return f"{self.game}-{self.suits}-{self.rules}"

    def composition(self) -> list[int]:
        """Every card of the variant in a fixed, documented order: suit by suit in S H D C order,
        each suit's copies ace to king. This is the order the shuffle starts from."""
        copies = self.card_count // (13 * self.suits)
        return [make(rank, suit) for suit in range(self.suits) for _ in range(copies) for rank in range(1, 14)]


_LAYOUTS: dict[str, dict[str, Any]] = {
    "spider": dict(columns=10, tableau=(6, 6, 6, 6, 5, 5, 5, 5, 5, 5), deals=(10,) * 5, decks=2),
    "spiderette": dict(columns=7, tableau=(1, 2, 3, 4, 5, 6, 7), deals=(7, 7, 7, 3), decks=1),
}


def variant(game: str = "spider", suits: int = 1, rules: str = "classic") -> Variant:
    """Build a variant, refusing combinations that don't exist (relaxed 1-suit Spider, relaxed
    Spiderette) with a message that says why."""
    if game not in GAMES:
        raise SpiderError("bad_game", N_("Unknown game {game!r}: choose spider or spiderette"), game=game)
    if type(suits) is not int or suits not in SUIT_COUNTS:  # not True, not 2.0, not "2"
        raise SpiderError("bad_suits", N_("Unknown suit count {suits!r}: choose 1, 2 or 4"), suits=suits)
    if rules not in RULES:
        raise SpiderError("bad_rules", N_("Unknown rules {rules!r}: choose classic or relaxed"), rules=rules)
    if rules == "relaxed" and game == "spiderette":
        raise SpiderError("bad_rules", N_("Spiderette has no relaxed rules"), rules=rules)
    if rules == "relaxed" and suits == 1:
        raise SpiderError("bad_rules", N_("Relaxed rules exist only with 2 or 4 suits"), rules=rules)
    return Variant(game=game, suits=suits, rules=rules, **_LAYOUTS[game])


def variant_of_level(level: str) -> Variant:
    """The variant of a level (its key), e.g. ``spider-2-relaxed``."""
    game, suits, rules = level.split("-")
    return variant(game, int(suits), rules)


def all_variants() -> list[Variant]:
    """Every variant that exists: Spider with 1 suit (classic), 2 and 4 suits (classic and
    relaxed), and Spiderette with 1, 2 and 4 suits."""
    return [
        variant(game, suits, rules)
        for game in GAMES
        for suits in SUIT_COUNTS
        for rules in RULES
        if rules == "classic" or (game == "spider" and suits > 1)
    ]
