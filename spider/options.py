"""Command-line options shared by the ``spider`` commands."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from .engine import GAMES, RULES, SUIT_COUNTS

Number = TypeVar("Number", int, float)


def add_level_arguments(parser: argparse.ArgumentParser) -> None:
    """--game, --suits and --rules: which level of which game."""
    parser.add_argument("--game", default="spider", choices=GAMES)
    parser.add_argument("--suits", type=int, default=1, choices=SUIT_COUNTS)
    parser.add_argument("--rules", default="classic", choices=RULES)


def positive(kind: type[Number], most: Number | None = None) -> Callable[[str], Number]:
    """An argparse type: a positive, finite ``int`` or ``float`` (``nan`` and ``inf`` are refused),
    at most ``most`` if given."""

    def parse(text: str) -> Number:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not {'a whole' if kind is int else 'a'} number: {text!r}") from None
        if not math.isfinite(value) or value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive and finite: {text!r}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"at most {most}: {text!r}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def port(text: str) -> int:
    """An argparse type: a TCP port, 0 to 65535 (0 lets the system pick a free one)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value
