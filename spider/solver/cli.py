"""The solver's commands: ``spider solve``, ``spider hint``, ``spider review`` and ``spider study``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from spider.command_input import CliError, read_record
from spider.engine import Game
from spider.options import add_level_arguments, positive

from .hints import record_hint
from .instant import hint_choice
from .review import TIME_LIMIT, Budget, player_line, review
from .review_text import review_sentences
from .search import solve
from .strong import deep_hint
from .study import MODES, PLAYERS, study

# Bounds that keep a typo from asking for a list of a billion deals or thousands of processes
MOST_DEALS = 1_000_000
MOST_WORKERS = 64


def _load(source: str) -> tuple[Game, int]:
    """A game code, a record file, or ``-`` (a record on standard input): the game at its
    current position and the number of record actions already played. A record's illegal action
    raises ``ReplayError``, which ``spider`` reports as ``replay`` does."""
    if source == "-" or os.path.exists(source) or source.lower().endswith(".json"):
        game = Game.from_record(read_record(source))
        return game, len(game.actions)
    return Game.from_code(source), 0


def cmd_solve(args: argparse.Namespace) -> int:
    game, played = _load(args.game)
    result = solve(game, time_limit=args.time_limit, node_limit=args.node_limit, memory_limit_mb=args.memory_limit)
    if args.json:
        out = result.as_dict()
        out["start"] = played  # record actions before these (0 for a code)
        print(json.dumps(out))
        return 0
    if result.result == "won":
        print(f"won: {len(result.actions)} actions ({result.nodes} positions, {result.seconds:.2f} s)")
        print(" ".join(result.actions))
    elif result.result == "lost":
        print(f"lost: no way to win ({result.nodes} positions searched, {result.seconds:.2f} s)")
    else:
        print(f"unknown: stopped by the {result.reason} ({result.nodes} positions, {result.seconds:.2f} s)")
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    game, _ = _load(args.game)
    # by default the Hint button's answer; with --quick the quick hint's alone (the same every time)
    action = deep_hint(game) if args.deep else record_hint(game, None if args.quick else hint_choice)
    if args.json:
        print(json.dumps({"hint": action}))
    else:
        print(action if action is not None else "none")
    return 0


def _review_source(source: str) -> object:
    """A record file, ``-`` (a record on standard input), or a bare code: its deal, no action."""
    if source == "-" or os.path.exists(source) or source.lower().endswith(".json"):
        return read_record(source)
    return {"code": source}


def cmd_review(args: argparse.Namespace) -> int:
    from spider.i18n import LANGUAGES, translations

    if args.lang not in LANGUAGES:
        raise CliError(f"unknown language {args.lang!r}: choose {', '.join(LANGUAGES)}")
    record = _review_source(args.game)
    start, line = player_line(record)  # a bad record stops here, before any solving
    show = sys.stderr.isatty() and not args.json
    result = review(record, Budget(args.time_limit, args.node_limit), _progress_bar if show else None)
    if show:
        sys.stderr.write("\n")
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print("\n".join(review_sentences(result, start, line, translations(args.lang))))
    return 0


def _progress_bar(done: int, total: int, _partial: object = None) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_study(args: argparse.Namespace) -> int:
    report = study(
        args.game,
        args.suits,
        args.deals,
        args.start,
        args.mode,
        args.time_limit,
        args.workers,
        args.rules,
        progress=None if args.quiet else _progress_bar,
        player=args.player,
    )
    if report.interrupted:
        bar_open = not args.quiet and report.results  # the progress bar's line is not ended yet
        sys.stderr.write(
            f"{chr(10) if bar_open else ''}spider: interrupted: {len(report.results)} of {args.deals} deals finished\n"
        )
    if args.json:
        print(json.dumps(report.summary() | {"results": report.results}))
    else:
        print(report.table())
    return 130 if report.interrupted else 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("solve", help="can this deal or saved game still be won? (sees face-down cards)")
    p.add_argument("game", metavar="CODE|FILE", help="a game code, a game record JSON file, or - for standard input")
    p.add_argument("--time-limit", type=positive(float), default=60.0, help="seconds (default 60)")
    p.add_argument("--node-limit", type=positive(int), default=None, help="positions to search at most")
    p.add_argument("--memory-limit", type=positive(float), default=1024.0, help="MiB (default 1024)")
    p.add_argument(
        "--json",
        action="store_true",
        help="print {result, actions, nodes, seconds, start} (actions follow the record's first START)",
    )
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("hint", help="a good next action, from what the player sees only (and has seen)")
    p.add_argument("game", metavar="CODE|FILE", help="a game code, a game record JSON file, or - for standard input")
    p.add_argument("--json", action="store_true", help='print {"hint": action or null}')
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--deep",
        action="store_true",
        help="the strong player's action: it guesses the unseen cards many times over (up to about 2 s)",
    )
    how.add_argument(
        "--quick",
        action="store_true",
        help="the quick hint alone (the same answer every time); by default the Hint button's: the strong "
        "player when it decides within 0.4 s, else the quick hint",
    )
    p.set_defaults(run=cmd_hint)

    p = sub.add_parser("review", help="where a game was lost, and a line that would have won it (sees face-down cards)")
    p.add_argument(
        "game", metavar="CODE|FILE", help="a game record JSON file, - for standard input, or a code (the deal alone)"
    )
    p.add_argument(
        "--time-limit",
        type=positive(float),
        default=TIME_LIMIT,
        help=f"seconds for the whole review, shared out over its solves (default {TIME_LIMIT:g})",
    )
    p.add_argument("--node-limit", type=positive(int), default=None, help="positions each solve searches at most")
    p.add_argument("--json", action="store_true", help="print the review as JSON (docs/FORMATS.md, Game review)")
    p.add_argument("--lang", default="en", help="language of the text: en, ru, sk or fi (default en)")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("study", help="solve or autoplay many consecutive deals and sum up")
    add_level_arguments(p)
    p.add_argument("--deals", type=positive(int, MOST_DEALS), default=20, help="how many deals (default 20)")
    p.add_argument("--start", default=None, help="the first deal's code (default deal AAAAAAA)")
    p.add_argument("--mode", default="solve", choices=list(MODES))
    p.add_argument("--time-limit", type=positive(float), default=60.0, help="seconds per deal (solve)")
    p.add_argument(
        "--player",
        default="quick",
        choices=list(PLAYERS),
        help=(
            "play mode: the quick hints (default), the strong player (samples the unseen cards, slow) "
            "or hint, the Hint button's (the strong player within an instant, else the quick hint)"
        ),
    )
    p.add_argument("--workers", type=positive(int, MOST_WORKERS), default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary and every deal's result as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_study)
