"""A player's finished games: a page of their history, forgetting it, stepping through one as it was
played, and their statistics per level."""

from __future__ import annotations

from ..engine import N_, Game, Translations, describe
from ..store import GameRow, Store
from .answers import AllStats, History, HistoryDeleted, PastGame, ReplayStep, Stats
from .catalog import all_levels, check_level
from .errors import Missing, NotFound
from .games import record_of, valid_game_id
from .playing import Playing
from .stats import level_stats

SECRET_MESSAGE = N_("A daily deal can be reviewed when its day is over")


class Finished:
    def __init__(self, store: Store, playing: Playing) -> None:
        self.store = store
        self.playing = playing

    def page(self, player: str, level: str | None, offset: int, limit: int) -> History:
        """The player's finished games, newest first (of ``level`` only, if given), and how many in all."""
        if level is not None:
            check_level(level)
        rows, total = self.store.finished_page(player, level, offset, limit)
        return History(games=[past_game(row) for row in rows], total=total, offset=offset, limit=limit)

    def forget(self, player: str) -> HistoryDeleted:
        """Forget the player's finished games (their statistics start again)."""
        return HistoryDeleted(deleted=self.store.delete_finished(player))

    def saved(self, player: str, game_id: str) -> GameRow:
        """The player's game as saved, without its action log (NotFound: none, or another's)."""
        row = self.store.get_game(player, game_id) if valid_game_id(game_id) else None
        if row is None:
            raise NotFound()
        return row

    def over(self, row: GameRow, tr: Translations, what: str) -> None:
        """Refuse (with its view) a game still in play (``what``: the refusal's words), or a daily
        deal's while its day lasts: its review or replay would show what the others still play."""
        if self.playing.dailies.still_secret(row):
            raise self.playing.refused(row, tr, "daily_secret", SECRET_MESSAGE)
        if row.status == "active":
            raise self.playing.refused(row, tr, "not_finished", what)

    def replay(self, player: str, game_id: str, step: int, tr: Translations) -> ReplayStep:
        """A finished game's table after its first ``step`` actions (the public view)."""
        row = self.saved(player, game_id)
        self.over(row, tr, N_("A game is replayed once it is over"))
        if step > row.version:
            raise Missing("not_found", N_("The game has no step {step}: it has {steps}"), step=step, steps=row.version)
        self.store.load_actions(row)
        return table_at(row, step, tr)

    def stats(self, player: str, level: str) -> Stats:
        check_level(level)
        return level_stats(self.store.finished_games(player, level))

    def all_stats(self, player: str) -> AllStats:
        """The statistics of each level the player has finished a game of."""
        found = {level: self.store.finished_games(player, level) for level in all_levels()}
        return AllStats(levels={level: level_stats(games) for level, games in found.items() if games})


def past_game(row: GameRow) -> PastGame:
    return PastGame.model_validate(
        {
            "id": row.id,
            "level": row.level,
            "profile": row.profile,
            "code": row.code,
            "result": row.status,
            "moves": row.moves,
            "elapsed": row.elapsed,
            "score": row.score,
            "started": row.created,
            "finished": row.finished,
            "assisted": row.assisted,
            "daily": row.daily,
            "grade": row.grade,
        }
    )


def table_at(row: GameRow, step: int, tr: Translations) -> ReplayStep:
    """Replay the record's first ``step`` actions (with their times) through the engine."""
    replay = Game.from_record(record_of(row), replay=False)
    times = row.times or [0.0] * row.version
    before = max(step - 1, 0)  # played plainly; the step's own action also says what it did
    for action, elapsed in zip(row.actions[:before], times[:before], strict=True):
        replay.apply(action, elapsed)
    events = replay.apply(row.actions[before], times[before]).events() if step else None
    table = replay.view()
    del table["can_deal"], table["can_undo"]
    return ReplayStep.model_validate(
        table
        | {
            "id": row.id,
            "step": step,
            "steps": row.version,
            "status": row.status,
            "elapsed": times[step - 1] if step else 0.0,
            "description": describe(table, tr),
            "events": events,
        }
    )
