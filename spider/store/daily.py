"""Daily deals in the store: the deals, the players' counted attempts and the leaderboards.

Both stores speak the same SQL here (SQLite 3.35 or later has UPDATE … FROM, RETURNING and row
values), written with ``%s`` placeholders; each store runs it through its own few primitives
(``dialect.py``). A counted attempt's result is kept in ``daily_results`` beside its game, so that
a leaderboard is read from one index (``daily_board``) without touching the games. A rank would
count every result ahead of the player's (100,000 index entries at the bottom of a busy day), so
``daily_counts`` keeps how many ranked results each (won or lost, moves) has: a rank adds up those
ahead, then counts the few results of the player's own moves that are ahead."""

from __future__ import annotations

from typing import Any

from .base import (
    DAILY_RESULT_COLUMNS,
    GAME_COLUMNS,
    DailyBoard,
    DailyDeal,
    DailyResult,
    DealSeal,
    FinishedAttempt,
    GameRow,
    daily_result,
)
from .dialect import Dialect, Statements

DEAL_COLUMNS = "day, level, deck, line, difficulty, seal"
_RESULT = ", ".join(f"r.{column}" for column in DAILY_RESULT_COLUMNS.split(", "))
_NAMED = f"SELECT {_RESULT}, p.name, p.public FROM daily_results r LEFT JOIN players p ON p.token = r.player"
# Ranked: finished (``lost`` is 0 or 1; NULL while playing) and unassisted. The order of the
# leaderboard is the index's, so the top, a rank and a player's neighbours are each one range of it.
_RANKED = "r.day = %s AND r.level = %s AND r.assisted = %s AND r.lost >= 0"
# Beside a bound on the whole key a playing result (NULL) is left out anyway: ``lost >= 0`` would
# only tempt SQLite's planner to range over it instead of the key.
_DEAL = "r.day = %s AND r.level = %s AND r.assisted = %s"
_ORDER = "r.lost, r.moves, r.seconds, r.finished, r.player"
_KEY = f"({_ORDER})"
_DESCENDING = "r.lost DESC, r.moves DESC, r.seconds DESC, r.finished DESC, r.player DESC"

# The counted attempt of a new daily game: made only if the player has none for that deal.
START_ATTEMPT = (
    "INSERT INTO daily_results (day, level, player, game, state) VALUES (%s, %s, %s, %s, 'playing')"
    " ON CONFLICT (day, level, player) DO NOTHING"
)
# The counted attempt in the player's active game lost (of a day from the one given on), at its moves and time.
END_ATTEMPT = (
    "UPDATE daily_results SET state = 'lost', lost = 1, moves = g.moves, seconds = g.elapsed, finished = %s"
    " FROM games g WHERE g.id = daily_results.game AND g.player = %s AND g.status = 'active'"
    " AND daily_results.state = 'playing' AND daily_results.day >= %s"
    " RETURNING daily_results.day, daily_results.level, daily_results.lost, daily_results.moves, daily_results.assisted"
)
# The counted attempt in a game finished with the given outcome (of a day from the one given on).
FINISH_ATTEMPT = (
    "UPDATE daily_results SET state = %s, lost = %s, moves = %s, seconds = %s, finished = %s"
    " WHERE game = %s AND state = 'playing' AND day >= %s"
    " RETURNING day, level, lost, moves, assisted"
)
# A finished attempt (as the two above return it) counted in its leaderboard's tally.
COUNT_RESULT = (
    "INSERT INTO daily_counts (day, level, lost, moves, n) VALUES (%s, %s, %s, %s, 1)"
    " ON CONFLICT (day, level, lost, moves) DO UPDATE SET n = daily_counts.n + 1"
)
ASSIST_ATTEMPT = "UPDATE daily_results SET assisted = %s WHERE game = %s AND player = %s AND state = 'playing'"


class DailyStatements:
    """The daily attempt's statements of a ``Transaction``, on its connection: each writes what the
    play layer decided (spider/play/attempts.py), nothing more."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    def start_attempt(self, day: str, level: str, player: str, game_id: str) -> None:
        self.db.write(START_ATTEMPT, (day, level, player, game_id))

    def end_attempt(self, player: str, now: float, since: str) -> list[FinishedAttempt]:
        return _finished(self.db.all(END_ATTEMPT, (now, player, since)))

    def finish_attempt(self, row: GameRow, elapsed: float, now: float, since: str) -> list[FinishedAttempt]:
        lost = 0 if row.status == "won" else 1
        return _finished(self.db.all(FINISH_ATTEMPT, (row.status, lost, row.moves, elapsed, now, row.id, since)))

    def count_result(self, attempt: FinishedAttempt) -> None:
        self.db.write(COUNT_RESULT, (attempt.day, attempt.level, attempt.lost, attempt.moves))


def _finished(found: list[tuple[Any, ...]]) -> list[FinishedAttempt]:
    return [FinishedAttempt(day, level, lost, moves, bool(assisted)) for day, level, lost, moves, assisted in found]


class DailyQueries(Dialect):
    """The daily methods of the Store protocol, over a back end's primitives (``Dialect``)."""

    def _game_rows(self, sql: str, params: tuple[Any, ...]) -> list[GameRow]:
        return [self._game(found) for found in self._all(f"SELECT {GAME_COLUMNS} FROM games {sql}", params)]

    def site_value(self, key: str, default: str) -> str:
        self._write("INSERT INTO site (key, value) VALUES (%s, %s) ON CONFLICT (key) DO NOTHING", (key, default))
        found = self._one("SELECT value FROM site WHERE key = %s", (key,))
        assert found is not None  # just written, and never deleted
        return str(found[0])

    def daily_deal(self, day: str, level: str) -> DailyDeal | None:
        found = self._one(f"SELECT {DEAL_COLUMNS} FROM daily_deals WHERE day = %s AND level = %s", (day, level))
        return None if found is None else self._deal(found)

    def daily_deals(self, day: str) -> list[DailyDeal]:
        found = self._all(f"SELECT {DEAL_COLUMNS} FROM daily_deals WHERE day = %s", (day,))
        return [self._deal(one) for one in found]

    def _deal(self, found: tuple[Any, ...]) -> DailyDeal:
        day, level, deck, line, difficulty, seal = found
        kept = self._decode(seal)
        sealed = None if kept is None else DealSeal(kept["salt"], kept["day_key"], int(kept["attempt"]))
        return DailyDeal(day, level, list(self._decode(deck)), list(self._decode(line)), difficulty, sealed)

    def add_daily_deal(self, deal: DailyDeal, now: float) -> DailyDeal:
        seal = None if deal.seal is None else self._encode(vars(deal.seal))
        self._write(
            f"INSERT INTO daily_deals ({DEAL_COLUMNS}, created) VALUES (%s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (day, level) DO NOTHING",
            (deal.day, deal.level, self._encode(deal.deck), self._encode(deal.line), deal.difficulty, seal, now),
        )
        kept = self.daily_deal(deal.day, deal.level)
        assert kept is not None  # just written, and never deleted
        return kept

    def daily_result(self, day: str, level: str, player: str) -> DailyResult | None:
        found = self._one(f"{_NAMED} WHERE r.day = %s AND r.level = %s AND r.player = %s", (day, level, player))
        return None if found is None else _result(found)

    def daily_results(self, player: str, first_day: str, last_day: str) -> list[DailyResult]:
        found = self._all(
            f"{_NAMED} WHERE r.player = %s AND r.day BETWEEN %s AND %s ORDER BY r.day, r.level",
            (player, first_day, last_day),
        )
        return [_result(one) for one in found]

    def daily_games(self, player: str, day: str) -> list[GameRow]:
        return self._game_rows("WHERE player = %s AND daily = %s ORDER BY created", (player, day))

    def daily_board(self, day: str, level: str, player: str, top: int = 50, around: int = 2) -> DailyBoard:
        ranked, assisted = (day, level, False), (day, level, True)
        best = self._all(f"{_NAMED} WHERE {_RANKED} ORDER BY {_ORDER} LIMIT %s", (*ranked, top))
        apart = self._all(f"{_NAMED} WHERE {_RANKED} ORDER BY {_ORDER} LIMIT %s", (*assisted, top))
        board = DailyBoard(
            top=[(rank, _result(found)) for rank, found in enumerate(best, start=1)],
            apart=[_result(found) for found in apart],
            you=self.daily_result(day, level, player),
            rank=None,
            around=[],
        )
        you = board.you
        rank = board.rank = None if you is None else self.daily_rank(you)
        if you is None or rank is None:
            return board
        key = _key(you)
        before = self._all(
            f"{_NAMED} WHERE {_DEAL} AND {_KEY} < (%s, %s, %s, %s, %s) ORDER BY {_DESCENDING} LIMIT %s",
            (*ranked, *key, around),
        )
        after = self._all(
            f"{_NAMED} WHERE {_DEAL} AND {_KEY} > (%s, %s, %s, %s, %s) ORDER BY {_ORDER} LIMIT %s",
            (*ranked, *key, around),
        )
        board.around = [(rank - i, _result(found)) for i, found in reversed(list(enumerate(before, start=1)))]
        board.around.append((rank, you))
        board.around += [(rank + i, _result(found)) for i, found in enumerate(after, start=1)]
        return board

    def daily_rank(self, result: DailyResult) -> int | None:
        """The result's rank on its deal's leaderboard; None when it is not ranked (still being
        played, or assisted)."""
        if result.state == "playing" or result.assisted:
            return None
        return 1 + self._ahead(result.day, result.level, _key(result))

    def _ahead(self, day: str, level: str, key: tuple[Any, ...]) -> int:
        """How many ranked results of the deal come before ``key`` (lost, moves, seconds, finished, player)."""
        lost, moves, *rest = key
        buckets = self._one(
            "SELECT coalesce(sum(n), 0) FROM daily_counts WHERE day = %s AND level = %s AND (lost, moves) < (%s, %s)",
            (day, level, lost, moves),
        )
        same = self._one(
            f"SELECT count(*) FROM daily_results r WHERE {_DEAL} AND r.lost = %s AND r.moves = %s"
            " AND (r.seconds, r.finished, r.player) < (%s, %s, %s)",
            (day, level, False, lost, moves, *rest),
        )
        return int(buckets[0] if buckets else 0) + int(same[0] if same else 0)


def _key(result: DailyResult) -> tuple[Any, ...]:
    """A finished result's place in the leaderboard's order (the index's columns)."""
    return (0 if result.state == "won" else 1, result.moves, result.seconds, result.finished, result.player)


def _result(found: tuple[Any, ...]) -> DailyResult:
    *columns, name, public = found
    return daily_result(tuple(columns), name, public)
