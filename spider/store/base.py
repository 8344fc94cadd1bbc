"""The store's interface: what the web app needs from any database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class GameRow:
    """One saved game: its record (code or deck, then actions) and its outcome so far."""

    id: str
    player: str
    level: str  # the variant key, e.g. "spider-2-classic"
    profile: str
    code: str | None
    deck: list[str] | None
    actions: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    status: str = "active"  # active | won | lost | abandoned
    elapsed: float = 0.0
    moves: int = 0
    score: int | None = None
    created: float = 0.0
    finished: float | None = None
    assisted: bool = False  # imported with its actions, or the solver was asked: counted apart
    seen: float | None = None  # when the server last heard of it (created, an action, a timer save)

    @property
    def version(self) -> int:
        return len(self.actions)


class StoreBusy(Exception):
    """The database stayed locked by another connection longer than the store will wait; nothing
    was written, and the same call may succeed a moment later."""


class Store(Protocol):
    def player_settings(self, player: str) -> dict[str, Any] | None:
        """The player's saved settings, or None for a player never seen."""

    def save_settings(self, player: str, settings: dict[str, Any]) -> None: ...

    def add_player(self, player: str) -> None:
        """Remember a newly issued player token (only tokens the store knows are accepted)."""

    def create_game(self, row: GameRow, actions: list[tuple[str, float]] | None = None) -> None:
        """Save a new game with its first (action, elapsed seconds) pairs and make it the player's
        current one, all in one transaction; the previous unfinished game becomes lost (it had an
        action) or abandoned (it had none)."""

    def current_game(self, player: str) -> GameRow | None: ...

    def get_game(self, player: str, game_id: str) -> GameRow | None: ...

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]]) -> bool:
        """Append (action, elapsed seconds) pairs in one transaction, durably before returning, if
        the game is still active at ``row.version``, and save its outcome fields from ``row``;
        False when another writer got there first (nothing is written then)."""

    def save_clock(self, player: str, game_id: str, elapsed: float) -> None: ...

    def mark_assisted(self, player: str, game_id: str) -> None:
        """Count the game apart in the statistics: the solver was asked about it."""

    def finished_games(self, player: str, level: str) -> list[GameRow]:
        """Won and lost games of a level, oldest first (actions not loaded)."""

    def finished_page(self, player: str, level: str | None, offset: int, limit: int) -> tuple[list[GameRow], int]:
        """A page of the player's won and lost games (of ``level``, or of every level), newest
        first, without their actions; and how many there are in all."""

    def delete_finished(self, player: str) -> int:
        """Forget the player's finished games (won, lost, abandoned) with their actions, so that
        their statistics start again; the unfinished game stays. Returns how many were deleted."""

    def add_winnable(self, level: str, code: str, line: list[str]) -> None:
        """Keep a deal the solver proved winnable (``line`` wins it from the start)."""

    def take_winnable(self, level: str) -> str | None:
        """Hand out (and forget) one proved-winnable deal of a level, or None when none is ready."""

    def count_winnable(self, level: str) -> int: ...

    def close(self) -> None: ...
