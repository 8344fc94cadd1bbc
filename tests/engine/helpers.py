"""Shared helpers for the engine tests: hand-built decks and positions."""

from __future__ import annotations

from spider.engine import Game, Position, Variant, card_text, variant

# Every level, written out by hand (not read from the engine) so the tests notice a level gone missing.
LEVELS = [
    ("spider", 1, "classic"),
    ("spider", 2, "classic"),
    ("spider", 4, "classic"),
    ("spider", 2, "relaxed"),
    ("spider", 4, "relaxed"),
    ("spiderette", 1, "classic"),
    ("spiderette", 2, "classic"),
    ("spiderette", 4, "classic"),
]

SPIDER1 = variant("spider", 1)
SPIDERETTE1 = variant("spiderette", 1)


def s(ranks: str, suit: str = "S") -> list[str]:
    """Spades (or ``suit``) from a rank string: ``s("K Q J")`` -> ``["KS", "QS", "JS"]``."""
    return [r + suit for r in ranks.split()]


def h(ranks: str) -> list[str]:
    """Hearts from a rank string."""
    return s(ranks, "H")


def deck_from_layout(v: Variant, columns: list[list[str]], deals: list[list[str]]) -> list[str]:
    """The deck (deal order) that deals ``columns`` (bottom to top) and then the stock ``deals``."""
    assert [len(c) for c in columns] == list(v.tableau), "column sizes must match the variant"
    assert [len(d) for d in deals] == list(v.deals), "deal sizes must match the variant"
    deck: list[str] = []
    for row in range(max(v.tableau)):
        for col in range(v.columns):
            if row < v.tableau[col]:
                deck.append(columns[col][row])
    for d in deals:
        deck.extend(d)
    return deck


def hand_position(
    v: Variant,
    columns: list[tuple[list[str], list[str]]],
    *,
    stock: list[list[str]] | None = None,
    profile_name: str = "standard",
) -> Position:
    """An arbitrary position (cards need not form a full deck): each column as (face-down cards,
    face-up cards), bottom to top; ``stock`` the deals still to come."""
    return Position.from_columns(
        v,
        [down + up for down, up in columns],
        down=[len(down) for down, _ in columns],
        stock=stock or (),
        profile=profile_name,
    )


def position(
    v: Variant,
    columns: list[tuple[list[str], list[str]]],
    *,
    stock: list[list[str]] | None = None,
    profile_name: str = "standard",
) -> Game:
    """A game from an arbitrary position (``hand_position``), played through the rules."""
    return Game.from_position(hand_position(v, columns, stock=stock, profile_name=profile_name))


def texts(cards: list[int]) -> list[str]:
    return [card_text(c) for c in cards]


def pos(g: Game | Position) -> Position:
    """The position of a game (a copy), or the position itself."""
    return g.position() if isinstance(g, Game) else g


def up(g: Game | Position, col: int) -> list[str]:
    """Face-up cards of column ``col`` (counted from 1)."""
    return texts(pos(g).face_up(col - 1))


# ----- a hand-built 1-suit Spiderette deck won in 31 moves ------------------------------------

SPIDERETTE_COLUMNS = [
    s("K"),
    s("A 8"),
    s("2 3 3"),
    s("A 2 3 K"),
    s("9 10 J Q 9"),
    s("4 5 6 7 8 5"),
    s("4 5 6 7 8 K K"),
]
SPIDERETTE_DEALS = [
    s("Q 7 2 Q 8 4 Q"),
    s("J 6 A J 7 3 J"),
    s("10 5 10 10 6 2 A"),
    s("9 4 9"),
]
SPIDERETTE_DECK = deck_from_layout(SPIDERETTE1, SPIDERETTE_COLUMNS, SPIDERETTE_DEALS)
# The winning line, in three parts so that tests can pad between them.
SPIDERETTE_OPENING = ["deal"] * 4 + ["2>1", "5>4", "6>4", "7>4", "3>7", "3>1"] + ["6>7"] * 5 + ["4>7"] * 3
SPIDERETTE_BASE = ["7>1"]  # the last king into the empty column 1; then 1>4 / 4>1 pads
SPIDERETTE_FINISH = ["5>1"] * 4 + ["7>1"] * 5 + ["3>1"] * 2 + ["2>1"]
SPIDERETTE_PAD = ["1>4", "4>1"]  # legal back and forth after SPIDERETTE_BASE


def spiderette_line(pad_pairs: int = 0) -> list[str]:
    return SPIDERETTE_OPENING + SPIDERETTE_BASE + SPIDERETTE_PAD * pad_pairs + SPIDERETTE_FINISH


# ----- a hand-built 1-suit Spider deck won in 51 moves ----------------------------------------

SPIDER_COLUMNS = [
    s("A 2 3 4 K K"),
    s("8 9 10 J Q K"),
    s("3 4 5 6 7 K"),
    s("5 6 7 8 K K"),
    s("9 10 J Q K"),
    s("K A 2 A 7"),
    s("10 J Q A 7"),
    s("7 8 9 A 7"),
    s("4 5 6 A 7"),
    s("A 2 3 A 7"),
]
SPIDER_DEALS = [
    s(f"{hi} {hi} {hi} {hi} {hi} {lo} {lo} {lo} {lo} {lo}")
    for hi, lo in zip(["Q", "J", "10", "9", "8"], ["6", "5", "4", "3", "2"], strict=True)
]
SPIDER_DECK = deck_from_layout(SPIDER1, SPIDER_COLUMNS, SPIDER_DEALS)
# Five deals, then five sequences each built by two moves (the second removes a sequence).
SPIDER_PHASE1 = ["deal"] * 5 + ["6>1", "6>1", "7>2", "7>2", "8>3", "8>3", "9>4", "9>4", "10>5", "10>5"]
SPIDER_T1 = ["2>1"] * 5 + ["3>1"] * 5 + ["6>1"] * 2  # leaves columns 2 and 3 empty, a lone king on 6
SPIDER_PAD = ["6>2", "2>6"]  # legal back and forth after SPIDER_T1
SPIDER_T2 = ["7>4"] * 3 + ["8>4"] * 3 + ["9>4"] * 3 + ["10>4"] * 3
SPIDER_T3 = ["5>6"] * 4 + ["4>6"] * 4 + ["1>6"] * 4


def spider_line(pad_pairs: int = 0) -> list[str]:
    return SPIDER_PHASE1 + SPIDER_T1 + SPIDER_PAD * pad_pairs + SPIDER_T2 + SPIDER_T3


def play(game: Game, actions: list[str]) -> None:
    for a in actions:
        game.apply(a)


def spider_game(profile_name: str = "standard") -> Game:
    return Game.from_deck(SPIDER1, SPIDER_DECK, profile=profile_name)


def spiderette_game(profile_name: str = "standard") -> Game:
    return Game.from_deck(SPIDERETTE1, SPIDERETTE_DECK, profile=profile_name)


def snapshot(g: Game) -> dict:
    """Everything observable about a game's position, for exact before/after comparisons."""
    p = g.position()
    return g.state() | {"runs": list(p.run), "history": len(p.history), "elapsed": g.elapsed}
