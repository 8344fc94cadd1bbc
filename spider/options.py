"""Command-line options shared by the ``spider`` commands."""

from __future__ import annotations

import argparse


def add_level_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, --suits and --rules: which level of which game."""
    parser.add_argument("--game", default="spider", choices=["spider", "spiderette"])
    parser.add_argument("--suits", type=int, default=1, choices=[1, 2, 4])
    parser.add_argument("--rules", default="classic", choices=["classic", "relaxed"])
