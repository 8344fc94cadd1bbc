"""A player's finished games: a page of their history, forgetting it, one game's saved record for a
replay, their statistics per level and a game's kept review."""

from __future__ import annotations

from typing import Any

from .. import clock
from ..store import GameRow, Store
from .errors import NotFound
from .games import valid_game_id
from .stats import Stats, level_stats


class Finished:
    def __init__(self, store: Store) -> None:
        self.store = store

    def page(self, player: str, level: str | None, offset: int, limit: int) -> tuple[list[GameRow], int]:
        """The player's finished games, newest first (of ``level`` only, if given), and how many in all."""
        return self.store.finished_page(player, level, offset, limit)

    def forget(self, player: str) -> int:
        """Forget the player's finished games (their statistics start again); how many."""
        return self.store.delete_finished(player)

    def saved(self, player: str, game_id: str) -> GameRow:
        """The player's game as saved, without its action log (NotFound: none, or another's)."""
        row = self.store.get_game(player, game_id) if valid_game_id(game_id) else None
        if row is None:
            raise NotFound()
        return row

    def with_log(self, row: GameRow) -> GameRow:
        """The row with its actions and their times read."""
        self.store.load_actions(row)
        return row

    def stats(self, player: str, level: str) -> Stats:
        return level_stats(self.store.finished_games(player, level))

    def every_level_stats(self, player: str, levels: list[str]) -> dict[str, Stats]:
        """The statistics of each of ``levels`` the player has finished a game of."""
        found = {level: self.store.finished_games(player, level) for level in levels}
        return {level: level_stats(games) for level, games in found.items() if games}

    def review(self, player: str, game_id: str) -> dict[str, Any] | None:
        return self.store.get_review(player, game_id)

    def keep_review(self, player: str, game_id: str, review: dict[str, Any]) -> dict[str, Any]:
        """Keep ``review`` for the game unless one is kept already (the first stays); the one kept."""
        self.store.save_review(player, game_id, review, clock.now())
        return self.store.get_review(player, game_id) or review
