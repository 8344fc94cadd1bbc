"""The ``spider`` command. Thin: every decision is the engine's (or the web app's)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import __version__
from .command_input import CliError, read_record
from .engine import DEAL_LIMIT, Game, ReplayError, SpiderError, describe, format_code, variant
from .options import add_level_arguments, port, positive
from .solver.cli import add_commands as add_solver_commands

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"  # `spider worker` without --redis or SPIDER_REDIS_URL
WORKER_FLAGS = {"redis_url": "--redis", "redis_prefix": "--prefix"}
ILLEGAL_ACTION_EXIT = 1  # a record's illegal action; every other mistake exits 2 (docs/COMMAND-LINE.md)


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def cmd_deal(args: argparse.Namespace) -> int:
    from .i18n import LANGUAGES, translate_error, translations

    if args.lang not in LANGUAGES:
        raise CliError(f"unknown language {args.lang!r}: choose {', '.join(LANGUAGES)}")
    try:
        game = Game.from_code(args.code)
    except SpiderError as e:
        raise CliError(translate_error(e, translations(args.lang))) from None
    if args.json:
        _print_json(game.state() | {"code": game.code})
    else:
        print(f"{game.code}")
        print(describe(game.view(), translations(args.lang)))
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    import secrets

    v = variant(args.game, args.suits, args.rules)
    code = format_code(v, secrets.randbelow(DEAL_LIMIT))
    print(code)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    game = Game.from_record(read_record(args.file))
    state = game.state()
    if game.code:
        state["code"] = game.code
    if args.text:
        print(describe(state))
    else:
        _print_json(state)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .web.server import StartupError, serve, settings_from

    try:
        serve(settings_from(host=args.host, port=args.port, database=args.database, workers=args.workers))
    except StartupError as e:
        raise CliError(str(e)) from None
    return 0


def cmd_worker(args: argparse.Namespace) -> int:
    import logging.config

    from redis.exceptions import ConnectionError as RedisUnreachable

    from .config import SettingsError, load_settings
    from .jobs.redis_worker import LOG_LEVEL, run_worker
    from .logs import log_config, log_uncaught

    try:
        settings = load_settings({"redis_url": args.redis, "redis_prefix": args.prefix}, WORKER_FLAGS)
    except SettingsError as e:
        raise CliError(str(e)) from None
    if args.player_processes is not None and args.player_processes > args.processes:
        raise CliError(f"--player-processes {args.player_processes} is more than --processes {args.processes}")
    # RQ's lines (and every library's) as the app's: JSON on stderr, RQ then adds no handler of its own;
    # and what Python would print itself (a traceback), in every process it forks too
    logging.config.dictConfig(log_config(LOG_LEVEL.lower(), settings.log_format))
    log_uncaught(logging.getLogger("spider.worker"))
    url = settings.redis_url or DEFAULT_REDIS_URL
    try:
        run_worker(
            url,
            prefix=settings.redis_prefix,
            burst=args.burst,
            processes=args.processes,
            player_processes=args.player_processes,
        )
    except (RedisUnreachable, ValueError) as e:
        raise CliError(f"cannot use Redis at {url}: {e}") from None
    # Every worker has stopped and nothing is left to clean up: leave without the interpreter's
    # teardown of the solver's and RQ's modules, tenths of a second of a stop that a container bounds.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _players_database(args: argparse.Namespace) -> str:
    from .config import SettingsError, load_settings

    try:
        return load_settings({"database": args.database}).database_or_default
    except SettingsError as e:
        raise CliError(str(e)) from None


def cmd_hide_name(args: argparse.Namespace) -> int:
    from .players_cli import hide_name

    print(hide_name(_players_database(args), args.player))
    return 0


def cmd_accept_name(args: argparse.Namespace) -> int:
    from .players_cli import accept_name

    print(accept_name(_players_database(args), args.player))
    return 0


def cmd_names(args: argparse.Namespace) -> int:
    from .players_cli import list_names

    print(list_names(_players_database(args), args.flagged))
    return 0


def cmd_verify_daily(args: argparse.Namespace) -> int:
    from .verify_cli import run

    database = None
    if args.site is None and args.file is None:
        from .config import SettingsError, load_settings

        try:
            database = load_settings({"database": args.database}).database_or_default
        except SettingsError as e:
            raise CliError(str(e)) from None
    text, verified = run(args.day, args.level, args.site, args.file, database)
    print(text)
    return 0 if verified else 1


def _count_of_processes(text: str) -> int:
    """An argparse type: 0 to 64 processes."""
    if not text.isdigit() or int(text) > 64:
        raise argparse.ArgumentTypeError(f"a whole number from 0 to 64, not {text!r}")
    return int(text)


class _Parser(argparse.ArgumentParser):
    """Usage mistakes are one line too (``spider: …``, exit 2), not a usage block; ``-h`` shows usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog.split()[0]} -h)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="spider", description="Spider and Spiderette solitaire.")
    parser.add_argument("--version", action="version", version=f"spider {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("serve", help="start the web app on 127.0.0.1 and print its address")
    # defaults come from the SPIDER_… environment variables (spider.config), then these
    p.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=port, help="port (default 8000; 0 picks a free one)")
    p.add_argument(
        "--database",
        help="a SQLite file, or a PostgreSQL URL (postgresql://user@host/db); default: $SPIDER_DATABASE, else"
        " spider.sqlite3 in the user's data directory",
    )
    p.add_argument("--workers", type=int, help="app processes sharing the port (default 1)")
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser("worker", help="run solver jobs from Redis for the web app (any host, as many as you like)")
    # defaults come from SPIDER_REDIS_URL and SPIDER_REDIS_PREFIX (spider.config), then these
    p.add_argument("--redis", help=f"Redis URL (default $SPIDER_REDIS_URL, else {DEFAULT_REDIS_URL})")
    p.add_argument("--prefix", help="queue name prefix (default $SPIDER_REDIS_PREFIX, else spider)")
    p.add_argument("--burst", action="store_true", help="stop once the queues are empty")
    p.add_argument(
        "--processes",
        type=positive(int, 64),
        default=1,
        help="workers to run, each one job at a time (default 1); one that dies is replaced",
    )
    p.add_argument(
        "--player-processes",
        type=_count_of_processes,
        metavar="P",
        help="of those, how many take players' jobs only (default: all but one); the others take the site's"
        " own work (daily deals, the winnable top-up) when no player's job waits, and leave it for one",
    )
    p.set_defaults(run=cmd_worker)

    p = sub.add_parser("deal", help="show the starting table of a game code")
    p.add_argument("code", help="a game code such as SP1-S1C-AAAAAAD or SD1-S4-QZKAAFE")
    p.add_argument("--json", action="store_true", help="print the full state as JSON (shows face-down cards)")
    p.add_argument("--lang", default="en", help="language of the description: en, ru, sk or fi (default en)")
    p.set_defaults(run=cmd_deal)

    p = sub.add_parser("new", help="print the code of a new random deal")
    add_level_arguments(p)
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("replay", help="replay a game record and print the full state JSON")
    p.add_argument("file", help="a JSON game record, or - for standard input")
    p.add_argument("--text", action="store_true", help="print the table description instead of JSON")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("players", help="look after players (operators)")
    players = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    p = players.add_parser("hide-name", help="clear a player's chosen display name (they show as 'Player NNNN')")
    p.add_argument("player", metavar="PLAYER_ID", help="the public id leaderboards show as `player`, or the token")
    p.add_argument("--database", help="a SQLite file, or a PostgreSQL URL; default: as `spider serve`")
    p.set_defaults(run=cmd_hide_name)
    p = players.add_parser("names", help="list the chosen display names: public id, name, and why it is flagged")
    p.add_argument("--flagged", action="store_true", help="only the names that break the rule or look like another")
    p.add_argument("--database", help="a SQLite file, or a PostgreSQL URL; default: as `spider serve`")
    p.set_defaults(run=cmd_names)
    p = players.add_parser("accept-name", help="take the flag off a player's display name, keeping it")
    p.add_argument("player", metavar="PLAYER_ID", help="the public id leaderboards show as `player`, or the token")
    p.add_argument("--database", help="a SQLite file, or a PostgreSQL URL; default: as `spider serve`")
    p.set_defaults(run=cmd_accept_name)

    p = sub.add_parser("verify-daily", help="check a past day's daily deal against its fingerprint and day key")
    p.add_argument("day", metavar="DAY", help="the day, YYYY-MM-DD (UTC)")
    p.add_argument("level", metavar="LEVEL", help="the deal's level, such as spider-2-classic")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--site", metavar="URL", help="read what the site at URL published (GET /api/daily/DAY)")
    source.add_argument("--file", metavar="FILE", help="read a saved answer of GET /api/daily/DAY (-: standard input)")
    source.add_argument(
        "--database", help="an operator's check, in the store (default: as `spider serve`), of the day key too"
    )
    p.set_defaults(run=cmd_verify_daily)

    add_solver_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except ReplayError as e:
        # replay, solve and hint stop at a record's refused action alike: its index, text and rule
        print(f"spider: illegal action {e.index} {e.action!r}: {e.cause.message}", file=sys.stderr)
        return ILLEGAL_ACTION_EXIT
    except (SpiderError, CliError) as e:
        print(f"spider: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
