"""``spider results``: operators' review of daily results played faster than a person plays
(docs/RULES.md, Fair play): list those under review, clear one (ranked again) or confirm one
(withheld: it stays apart for good)."""

from __future__ import annotations

from .command_input import CliError
from .daily.names import public_id
from .play.operators import shown_database, with_store
from .players_cli import PUBLIC_ID
from .store import DailyResult, Store

LISTED = 1000  # results under review listed at most, oldest first


def _line(result: DailyResult) -> str:
    pace = "?" if result.pace is None else f"{result.pace:.3f}"
    return (
        f"{result.public or public_id(result.player)}  {result.day}  {result.level}  {result.state}"
        f"  moves {result.moves}  {result.seconds:.1f} s  median gap {pace} s"
    )


def under_review(database: str) -> list[str]:
    """One line per result under review: public id, day, level, moves, time and pace."""
    return with_store(database, lambda store: [_line(result) for result in store.under_review(LISTED)])


def settle(database: str, player: str, day: str, level: str, ranked: bool) -> str:
    """Clear (``ranked``) or confirm the review of the player's (public id) result of the day's deal
    of the level; what was done, in a line. A CliError when there is no such result under review."""
    if not PUBLIC_ID.fullmatch(player):
        raise CliError(f"{player!r} is no public id (12 hexadecimal digits, as `spider results review` shows)")
    wanted = player.lower()

    def settled(store: Store) -> bool:
        found = [
            result
            for result in store.under_review(LISTED)
            if (result.public or public_id(result.player)) == wanted and (result.day, result.level) == (day, level)
        ]
        return bool(found) and store.settle_review(day, level, found[0].player, ranked)

    if not with_store(database, settled):
        raise CliError(f"no result of player {wanted} on {day} at {level} under review in {shown_database(database)}")
    if ranked:
        return f"cleared the result of player {wanted} on {day} at {level}: it is ranked"
    return f"confirmed the review of player {wanted} on {day} at {level}: it stays apart, not ranked"
