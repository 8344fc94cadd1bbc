"""``spider players``: operators' changes to players, straight in the store ``spider serve`` uses."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from .command_input import CliError
from .store import Store, StoreBusy, StoreUnavailable, is_postgresql, open_store
from .web.server import shown_database

PUBLIC_ID = re.compile(r"[0-9A-Fa-f]{12}")


def operator_store(database: str) -> Store:
    """The store ``spider serve`` uses, for an operator's command: a CliError when there is no such
    database (none is made) or it cannot be opened."""
    shown = shown_database(database)
    if not is_postgresql(database) and not Path(database).is_file():
        raise CliError(f"no database at {database} (name it with --database or SPIDER_DATABASE)")
    try:
        return open_store(database)
    except (StoreUnavailable, sqlite3.Error, OSError) as e:
        raise CliError(f"cannot open database {shown}: {e}") from None


def hide_name(database: str, player: str) -> str:
    """Clear the chosen name of the player with this public id (or token); what was done, in a line.
    A CliError when there is no such player with a name, or no such database (none is made)."""
    shown = shown_database(database)
    store = operator_store(database)
    if PUBLIC_ID.fullmatch(player):
        player = player.lower()  # a public id is hexadecimal: copied in capitals, it is the same id
    try:
        hidden = store.hide_name(player)
    except (StoreBusy, sqlite3.Error) as e:
        raise CliError(f"the database {shown} did not answer: {e or 'busy'}") from None
    finally:
        store.close()
    if not hidden:
        raise CliError(f"no player {player} with a chosen name in {shown}")
    return f"hid the chosen name of player {player}: they show as their anonymous name now"
