"""Command-line options shared by the ``spider`` commands."""

from __future__ import annotations

import argparse

from .engine.variants import GAMES, RULES, SUIT_COUNTS


def add_level_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, --suits and --rules: which level of which game."""
    parser.add_argument("--game", default="spider", choices=GAMES)
    parser.add_argument("--suits", type=int, default=1, choices=SUIT_COUNTS)
    parser.add_argument("--rules", default="classic", choices=RULES)
