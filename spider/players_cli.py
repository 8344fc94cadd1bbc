"""``spider players``: operators' changes to players, straight in the store ``spider serve`` uses."""

from __future__ import annotations

import re

from .command_input import CliError
from .daily.names import check_stored_names
from .play.operators import shown_database, with_store
from .store import Store

PUBLIC_ID = re.compile(r"[0-9A-Fa-f]{12}")


def _player(player: str) -> str:
    # a public id is hexadecimal: copied in capitals, it is the same id
    return player.lower() if PUBLIC_ID.fullmatch(player) else player


def hide_name(database: str, player: str) -> str:
    """Clear the chosen name of the player with this public id (or token); what was done, in a line.
    A CliError when there is no such player with a name, or no such database (none is made)."""
    player = _player(player)
    if not with_store(database, lambda store: store.hide_name(player)):
        raise CliError(f"no player {player} with a chosen name in {shown_database(database)}")
    return f"hid the chosen name of player {player}: they show as their anonymous name now"


def accept_name(database: str, player: str) -> str:
    """Take the flag off the name of the player with this public id (or token): the operator keeps it
    as it is. A CliError when no such player has a flagged name."""
    player = _player(player)
    if not with_store(database, lambda store: store.unflag_name(player)):
        raise CliError(f"no player {player} with a flagged name in {shown_database(database)}")
    return f"accepted the name of player {player}: it is no longer flagged"


def list_names(database: str, flagged: bool) -> str:
    """The chosen names, one a line: public id, name and (when flagged) why, tab-separated. The stored
    names are checked first if this version's rules have not checked them yet."""

    def names(store: Store) -> list[tuple[str | None, str, str | None]]:
        check_stored_names(store)
        return store.player_names(flagged)

    found = with_store(database, names)
    if not found:
        return f"no {'flagged' if flagged else 'chosen'} names in {shown_database(database)}"
    return "\n".join("\t".join((public or "-", name, flag or "")).rstrip("\t") for public, name, flag in found)
