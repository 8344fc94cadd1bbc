"""Daily deals' games: what a game's view says of its deal, and its secrecy while the day lasts
(docs/RULES.md, Daily deals)."""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..daily import days
from ..daily.summary import over
from ..store import GameRow, Store
from .answers import DailyTag

CACHE_SIZE = 4096
_counted: OrderedDict[str, bool] = OrderedDict()  # game id -> whether it is its player's counted attempt
_lock = threading.Lock()


def counted(store: Store, row: GameRow) -> bool:
    """Whether a daily game is the player's counted attempt (which never changes once it is made,
    so it is read from the store once per game and process, not at every move)."""
    with _lock:
        known = _counted.get(row.id)
    if known is None:
        assert row.daily is not None
        result = store.daily_result(row.daily, row.level, row.player)
        known = result is not None and result.game == row.id
        with _lock:
            _counted[row.id] = known
            while len(_counted) > CACHE_SIZE:
                _counted.popitem(last=False)
    return known


def daily_tag(store: Store, row: GameRow) -> DailyTag | None:
    """A game view's ``daily``: its day, level, whether it is the counted attempt and whether it still
    counts (in play on its own day); None for other games."""
    if row.daily is None:
        return None
    is_counted = counted(store, row)
    counting = is_counted and row.status == "active" and row.daily == days.today()
    return DailyTag(date=row.daily, level=row.level, counted=is_counted, counting=counting)


def still_secret(row: GameRow) -> bool:
    """Whether the game is of a daily deal whose day still lasts: its deck must not be shown."""
    return row.daily is not None and not over(row.daily, days.today())


class Dailies:
    """The daily tags and secrecy of games over ``store``, as a game's view asks them (``DailyTags``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def tag(self, row: GameRow) -> DailyTag | None:
        return daily_tag(self.store, row)

    def still_secret(self, row: GameRow) -> bool:
        return still_secret(row)
