"""The store as the operators' commands reach it (``spider players``, ``spider results``,
``spider verify-daily``): the one named by ``--database``, never made when missing, and a clear
line instead of a driver's traceback when it cannot be opened or does not answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..command_input import CliError
from ..store import Store, StoreError, is_postgresql, open_store

T = TypeVar("T")


def shown_database(database: str) -> str:
    """The database as printed: a URL's password is never shown."""
    return re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@/]*@", r"\1:***@", database)


def with_store(database: str, use: Callable[[Store], T]) -> T:
    """``use`` of the store at ``database``; a CliError when there is no such database (none is made)
    or it does not answer."""
    shown = shown_database(database)
    if not is_postgresql(database) and not Path(database).is_file():
        raise CliError(f"no database at {database} (name it with --database or SPIDER_DATABASE)")
    try:
        store = open_store(database)
    except (StoreError, OSError) as e:  # the store's own error in place of its driver's
        raise CliError(f"cannot open database {shown}: {e}") from None
    try:
        return use(store)
    except StoreError as e:
        raise CliError(f"the database {shown} did not answer: {e or 'busy'}") from None
    finally:
        store.close()
