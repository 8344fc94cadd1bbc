"""Daily deals in the store: the deals, the players' counted attempts and the leaderboards.

Both stores speak the same SQL here (SQLite 3.35 or later has UPDATE … FROM, RETURNING and row
values), written with ``%s`` placeholders; each store runs it through its own few primitives
(``dialect.py``). A counted attempt's result is kept in ``daily_results`` beside its game, so that
a leaderboard is read from one index (``daily_standing``) without touching the games. A rank would
count every result ahead of the player's (100,000 index entries at the bottom of a busy day), so
``daily_tally`` keeps how many ranked results each (lost, sets left, face down, moves) has: a rank
adds up those ahead, then counts the few results of the player's own bucket that are ahead."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import (
    DAILY_RESULT_COLUMNS,
    GAME_COLUMNS,
    AttemptEnd,
    DailyBoard,
    DailyDeal,
    DailyResult,
    DealSeal,
    FinishedAttempt,
    GameRow,
    daily_result,
)
from .dialect import Dialect, Statements
from .ranking import RANKED_VALUES, is_ranked, ranked_condition

DEAL_COLUMNS = "day, level, deck, line, difficulty, seal"
_RESULT = ", ".join(f"r.{column}" for column in DAILY_RESULT_COLUMNS.split(", "))


def _named(table: str) -> str:
    """A board's results (of ``table``, as ``r``), each with its player's chosen name."""
    return f"SELECT {_RESULT}, p.name, p.public FROM {table} r LEFT JOIN players p ON p.token = r.player"


_NAMED = _named("daily_results")
# The board's conditions and order, named so that another filter (a club's members) can stand beside.
# Ranked: ranking.py's columns, finished (``lost`` is 0 or 1; NULL while playing). The order of the
# leaderboard is the index's, so the top, a rank and a player's neighbours are each one range of it.
# Beside a bound on the whole key a playing result (NULL) is left out anyway: ``lost >= 0`` would
# only tempt SQLite's planner to range over it instead of the key.
_DEAL = f"r.day = %s AND r.level = %s AND {ranked_condition('r')}"
_RANKED = f"{_DEAL} AND r.lost >= 0"
# Won before lost; a loss by its progress (fewer sets left, then fewer cards face down: the same deal
# for all, so more completed and more turned up); then fewer moves, less server time, earlier finish.
_BUCKET = "r.lost, r.sets_left, r.face_down, r.moves"
_ORDER = f"{_BUCKET}, r.seconds, r.finished, r.player"
_KEY = f"({_ORDER})"
_KEY_VALUES = "(%s, %s, %s, %s, %s, %s, %s)"
_DESCENDING = ", ".join(f"{column} DESC" for column in _ORDER.split(", "))
RANKED = RANKED_VALUES  # the parameters of the ranked condition
# The kinds of results shown apart, in the order they are listed, as (assisted, standing): each one
# range of the index. An assisted one stands "assisted" (or "ranked", finished before standings were kept).
APART = ((False, "review"), (False, "withheld"), (False, "new"), (True, "assisted"), (True, "ranked"))
APART_TOP = 20  # results of each kind apart shown at most: a board's read is as long as the rows it reads


@dataclass(frozen=True)
class BoardScope:
    """Whose results a board ranks: the site's (every result of the deal) or a club's (its own copy
    of its members' results, club_copies.py). Both are read by the same queries, in the same order
    of the same columns: ``table`` holds them, ``within`` (with ``params`` first) keeps the scope's."""

    table: str
    within: str
    params: tuple[Any, ...]
    tallied: bool  # the site's ranks add up daily_tally; a club's count its own results ahead

    def where(self, condition: str) -> str:
        return f"{_named(self.table)} WHERE {self.within}{condition}"

    def apart(self) -> str:
        """Every kind apart in one statement (one round trip): each kind its own range of the
        board's index, its rows tagged with the kind."""
        return " UNION ALL ".join(
            f"SELECT * FROM (SELECT {n} AS kind, q.* FROM ({self.where(_RANKED)} ORDER BY {_ORDER} LIMIT %s) AS q)"
            f" AS k{n}"
            for n in range(len(APART))
        )


SITE = BoardScope("daily_results", "", (), tallied=True)

# The counted attempt of a new daily game: made only if the player has none for that deal.
START_ATTEMPT = (
    "INSERT INTO daily_results (day, level, player, game, state) VALUES (%s, %s, %s, %s, 'playing')"
    " ON CONFLICT (day, level, player) DO NOTHING"
)
# The counted attempt in a game finished as the play layer measured it (of a day from the one given on).
FINISH_ATTEMPT = (
    "UPDATE daily_results SET state = %s, lost = %s, moves = %s, seconds = %s, finished = %s, sets_left = %s,"
    " face_down = %s, standing = CASE WHEN assisted THEN 'assisted' ELSE %s END, pace = %s"
    " WHERE game = %s AND state = 'playing' AND day >= %s"
    " RETURNING day, level, lost, sets_left, face_down, moves, assisted, standing"
)
# A finished attempt (as the one above returns it) counted in its leaderboard's tally.
COUNT_RESULT = (
    "INSERT INTO daily_tally (day, level, lost, sets_left, face_down, moves, n) VALUES (%s, %s, %s, %s, %s, %s, 1)"
    " ON CONFLICT (day, level, lost, sets_left, face_down, moves) DO UPDATE SET n = daily_tally.n + 1"
)
ASSIST_ATTEMPT = "UPDATE daily_results SET assisted = %s WHERE game = %s AND player = %s AND state = 'playing'"
SETTLE_REVIEW = (
    "UPDATE daily_results SET standing = %s WHERE day = %s AND level = %s AND player = %s AND standing = 'review'"
    " AND lost >= 0 RETURNING day, level, lost, sets_left, face_down, moves, assisted, standing"
)
# A game that counts as finished before a counted attempt: won, or lost with an action played
FINISHED_BEFORE = (
    "SELECT p.created, EXISTS (SELECT 1 FROM games g WHERE g.player = p.token AND g.status IN ('won', 'lost')"
    " AND g.finished < %s) FROM players p WHERE p.token = %s"
)


class DailyStatements:
    """The daily attempt's statements of a ``Transaction``, on its connection: each writes what the
    play layer decided (spider/play/attempts.py), nothing more."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    def action_moments(self, game_id: str) -> list[float]:
        found = self.db.all("SELECT at FROM actions WHERE game = %s AND at IS NOT NULL ORDER BY seq", (game_id,))
        return [float(at) for (at,) in found]

    def player_history(self, player: str, before: float) -> tuple[float | None, bool]:
        found = self.db.one(FINISHED_BEFORE, (before, player))
        return (None, False) if found is None else (float(found[0]), bool(found[1]))

    def deal_created(self, day: str, level: str) -> float | None:
        found = self.db.one("SELECT created FROM daily_deals WHERE day = %s AND level = %s", (day, level))
        return None if found is None else float(found[0])

    def start_attempt(self, day: str, level: str, player: str, game_id: str) -> None:
        self.db.write(START_ATTEMPT, (day, level, player, game_id))

    def finish_attempt(self, game_id: str, end: AttemptEnd, now: float, since: str) -> list[FinishedAttempt]:
        state, lost = ("lost", 1) if end.lost else ("won", 0)
        values = (state, lost, end.moves, end.seconds, now, end.sets_left, end.face_down, end.standing, end.pace)
        return _finished(self.db.all(FINISH_ATTEMPT, (*values, game_id, since)))

    def count_result(self, attempt: FinishedAttempt) -> None:
        self.db.write(COUNT_RESULT, _bucket(attempt))


def _bucket(attempt: FinishedAttempt) -> tuple[Any, ...]:
    return (attempt.day, attempt.level, attempt.lost, attempt.sets_left, attempt.face_down, attempt.moves)


def _finished(found: list[tuple[Any, ...]]) -> list[FinishedAttempt]:
    return [
        FinishedAttempt(day, level, lost, sets_left, face_down, moves, is_ranked(True, assisted, standing))
        for day, level, lost, sets_left, face_down, moves, assisted, standing in found
    ]


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
        return self._board(SITE, day, level, player, top, around)

    def _board(self, scope: BoardScope, day: str, level: str, player: str, top: int, around: int) -> DailyBoard:
        """The top, the kinds apart, the player's result, rank and neighbours among the scope's results."""
        ranked = (*scope.params, day, level, *RANKED)
        best = self._all(f"{scope.where(_RANKED)} ORDER BY {_ORDER} LIMIT %s", (*ranked, top))
        kinds = [(*scope.params, day, level, assisted, standing, min(top, APART_TOP)) for assisted, standing in APART]
        # the kinds in order, each in the board's order (a UNION ALL promises no order of its own)
        found = self._all(scope.apart(), tuple(value for kind in kinds for value in kind))
        tagged = [(int(one[0]), _result(one[1:])) for one in found]
        apart = [result for _, result in sorted(tagged, key=lambda one: (one[0], _key(one[1])))]
        the_players = "r.day = %s AND r.level = %s AND r.player = %s"
        yours = self._one(scope.where(the_players), (*scope.params, day, level, player))
        you = None if yours is None else _result(yours)
        board = DailyBoard(
            top=[(rank, _result(found)) for rank, found in enumerate(best, start=1)],
            apart=apart,
            you=you,
            rank=None,
            around=[],
        )
        if you is None or not _is_ranked(you):
            return board
        key = _key(you)
        rank = board.rank = 1 + (self._ahead(day, level, key) if scope.tallied else self._counted_ahead(scope, you))
        before = self._all(
            f"{scope.where(_DEAL)} AND {_KEY} < {_KEY_VALUES} ORDER BY {_DESCENDING} LIMIT %s", (*ranked, *key, around)
        )
        after = self._all(
            f"{scope.where(_DEAL)} AND {_KEY} > {_KEY_VALUES} ORDER BY {_ORDER} LIMIT %s", (*ranked, *key, around)
        )
        board.around = [(rank - i, _result(found)) for i, found in reversed(list(enumerate(before, start=1)))]
        board.around.append((rank, you))
        board.around += [(rank + i, _result(found)) for i, found in enumerate(after, start=1)]
        return board

    def _counted_ahead(self, scope: BoardScope, result: DailyResult) -> int:
        """How many of the scope's ranked results of the deal come before ``result``, counted one by
        one along the board's index (as many as a club has members at most)."""
        found = self._one(
            f"SELECT count(*) FROM {scope.table} r WHERE {scope.within}{_DEAL} AND {_KEY} < {_KEY_VALUES}",
            (*scope.params, result.day, result.level, *RANKED, *_key(result)),
        )
        return int(found[0]) if found else 0

    def daily_rank(self, result: DailyResult) -> int | None:
        """The result's rank on its deal's leaderboard; None when it is not ranked (still being
        played, assisted, or standing apart)."""
        return 1 + self._ahead(result.day, result.level, _key(result)) if _is_ranked(result) else None

    def _ahead(self, day: str, level: str, key: tuple[Any, ...]) -> int:
        """How many ranked results of the deal come before ``key`` (the columns of ``_ORDER``)."""
        bucket, rest = key[:4], key[4:]
        buckets = self._one(
            "SELECT coalesce(sum(n), 0) FROM daily_tally WHERE day = %s AND level = %s"
            " AND (lost, sets_left, face_down, moves) < (%s, %s, %s, %s)",
            (day, level, *bucket),
        )
        same = self._one(
            f"SELECT count(*) FROM daily_results r WHERE {_DEAL} AND ({_BUCKET}) = (%s, %s, %s, %s)"
            " AND (r.seconds, r.finished, r.player) < (%s, %s, %s)",
            (day, level, *RANKED, *bucket, *rest),
        )
        return int(buckets[0] if buckets else 0) + int(same[0] if same else 0)

    def player_created(self, player: str) -> float | None:
        found = self._one("SELECT created FROM players WHERE token = %s", (player,))
        return None if found is None else float(found[0])

    def under_review(self, limit: int = 100) -> list[DailyResult]:
        review = f"{_NAMED} WHERE r.standing = 'review' AND r.lost >= 0 ORDER BY r.finished LIMIT %s"
        found = self._all(review, (limit,))
        return [_result(one) for one in found]

    def settle_review(self, day: str, level: str, player: str, ranked: bool) -> bool:
        with self._transaction() as db:
            settled = _finished(db.all(SETTLE_REVIEW, ("ranked" if ranked else "withheld", day, level, player)))
            for attempt in settled:
                if attempt.ranked:
                    db.write(COUNT_RESULT, _bucket(attempt))
        return bool(settled)


def _is_ranked(result: DailyResult) -> bool:
    return is_ranked(result.state != "playing", result.assisted, result.standing)


def _key(result: DailyResult) -> tuple[Any, ...]:
    """A finished result's place in the leaderboard's order (the columns of ``_ORDER``)."""
    lost = 0 if result.state == "won" else 1
    return (lost, result.sets_left, result.face_down, result.moves, result.seconds, result.finished, result.player)


def _result(found: tuple[Any, ...]) -> DailyResult:
    *columns, name, public = found
    return daily_result(tuple(columns), name, public)
