"""Games of players: new games, actions, restarts, help asked and loading, over the store, with
replayed games kept in a small cache so that an action costs one write, not a replay."""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from typing import Any

from .. import clock
from ..daily import PROFILE as DAILY_PROFILE
from ..engine import DEAL_LIMIT, N_, Game, Move, SpiderError, format_code, variant, variant_of_level
from ..store import DailyDeal, GameRow, Store
from ..store.base import Transaction
from . import attempts
from .errors import NotFound, Stale
from .syncing import Batch, BatchRefused, Retried, retried, timed

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # secrets.token_urlsafe's characters, of bounded length
# The id of a game a page started itself: 96 random bits, as url-safe text (as the server's own ids)
_PAGE_GAME_ID = re.compile(r"[A-Za-z0-9_-]{16}")
CACHE_SIZE = 512
# The longest gap between two requests about a game that the server counts as play whatever the
# client's timer says: a pause may hide in any longer gap, so only this much of it is certain.
PLAY_GAP = 1.0


class Games:
    """Routes call this from a thread pool, so a cached game is never changed in place: an action
    or a timer save plays on a private copy and caches that (copy on write), and the cache itself
    is touched under a lock."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._cache_lock = threading.Lock()

    # ----- loading ---------------------------------------------------------------------------

    def game(self, row: GameRow) -> Game:
        """The replayed game of a row, from the cache when it is at the row's version (the
        store's, so a game changed through another process is replayed); only then is the
        game's action log read."""
        with self._cache_lock:
            cached = self._games.get(row.id)
            if cached is not None and len(cached.actions) == row.version:
                self._games.move_to_end(row.id)
                if cached.elapsed >= row.elapsed:
                    return cached
        if cached is not None and len(cached.actions) == row.version:
            # another worker (or host) saved the timer since: same actions, a later clock (and score)
            advanced = cached.copy()
            advanced.advance_clock(row.elapsed)
            self._remember(row.id, advanced)
            return advanced
        self.store.load_actions(row)
        game = Game.from_record(record_of(row))
        game.advance_clock(row.elapsed)
        self._remember(row.id, game)
        return game

    def _remember(self, game_id: str, game: Game) -> None:
        with self._cache_lock:
            self._games[game_id] = game
            self._games.move_to_end(game_id)
            while len(self._games) > CACHE_SIZE:
                self._games.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._games.pop(game_id, None)

    def get(self, player: str, game_id: str) -> tuple[GameRow, Game]:
        if not valid_game_id(game_id):
            raise NotFound()
        row = self.store.get_game(player, game_id)
        if row is None:
            raise NotFound()
        return row, self.game(row)

    def current(self, player: str) -> tuple[GameRow, Game] | None:
        row = self.store.current_game(player)
        return None if row is None else (row, self.game(row))

    # ----- changing --------------------------------------------------------------------------

    def create(self, player: str, spec: dict[str, Any]) -> tuple[GameRow, Game]:
        """Start a game from ``spec`` (game, suits, rules, profile, and a code or a deck, and
        optionally actions to import; ``daily``, the day of a daily deal's deck; ``grade``, the grade
        of a graded deal's code or deck); abandons the player's current game."""
        code, deck = spec.get("code"), spec.get("deck")
        record: dict[str, Any] = {"profile": spec.get("profile", "standard"), "actions": spec.get("actions", [])}
        # checked even beside a code, whose own variant then wins
        v = variant(spec.get("game", "spider"), spec.get("suits", 1), spec.get("rules", "classic"))
        if code is None:
            if deck is None:
                code = format_code(v, secrets.randbelow(DEAL_LIMIT))
            else:
                record |= {"game": v.game, "suits": v.suits, "rules": v.rules, "deck": deck}
        if code is not None:
            record["code"] = code  # a code names its own variant, so "SD1-…" starts Spiderette
        game = Game.from_record(record)
        v, profile = game.variant, game.profile.name
        row = GameRow(
            id=secrets.token_urlsafe(12),
            player=player,
            level=v.key,
            profile=profile,
            code=game.code,
            deck=None if game.code else record["deck"],
            created=clock.now(),
            assisted=bool(game.actions),  # a line played elsewhere (a solver's?) is not the player's
            daily=spec.get("daily"),
            grade=spec.get("grade"),
        )
        self._finish_fields(row, game, row.created)
        with self.store.transaction() as tx:
            tx.claim_player(player, row.created)
            attempts.end_active(tx, player, row.created, lambda active: self._replayed(tx, active))
            tx.create_game(row, [(action, 0.0) for action in game.actions], row.created)
            attempts.start(tx, row)
        self._remember(row.id, game)
        return row, game

    def act(
        self,
        player: str,
        game_id: str,
        version: int,
        action: str | None,
        best: tuple[int, int] | None,
        elapsed: float | None,
    ) -> tuple[GameRow, Game, dict[str, Any]]:
        row, cached = self.get(player, game_id)
        if version != row.version or row.status != "active":
            raise Stale(row, cached)
        game = cached.copy()  # the cached game may still be read by others
        chosen: str | Move
        if best is not None:
            column, count = best
            chosen = Move(column - 1, game.best_column(column - 1, count), count)  # checks the pick
        elif action is not None:
            chosen = action
        else:
            raise SpiderError("bad_request", N_("An action needs 'action' or 'best'"))
        now = clock.now()
        timer = self._timer(row, elapsed, now, acting=True)
        events = game.apply(chosen, timer).events()
        self._finish_fields(row, game, now)
        if not self._append(row, game, [(events["action"], timer)], now):
            self._forget(game_id)
            row, game = self.get(player, game_id)
            raise Stale(row, game)
        self._remember(game_id, game)
        if events["kind"] == "undo":
            self.helped(row)
        return row, game, events

    def sync(self, player: str, game_id: str, batch: Batch) -> tuple[GameRow, Game]:
        """Play a batch of a practice game's actions, played on the page, at ``batch.version``, and
        store them in one write, or refuse them all (``syncing``): the game is created first, from
        ``batch.start``, when the player has no game of that id. Raises Stale (the game has other
        actions, or is over), Retried (the batch is stored already: its answer was lost),
        BatchRefused (an action the rules refuse) or NotFound."""
        if not valid_game_id(game_id):
            raise NotFound()
        known = self._play_cached(player, game_id, batch)
        if known is not None:
            return known
        row = self.store.get_game(player, game_id)
        if row is None:
            if batch.start is None or batch.version != 0:
                raise NotFound()
            created = self._create_synced(player, game_id, batch)
            if created is not None:
                return created
            row = self.store.get_game(player, game_id)  # made meanwhile by the same batch sent twice?
            if row is None:
                raise NotFound()  # another player's game: never touched, and said no more of
        return self._play_batch(row, batch)

    def _play_cached(self, player: str, game_id: str, batch: Batch) -> tuple[GameRow, Game] | None:
        """The batch played on the game this process keeps at the batch's version, and written with
        the game's row read back in the same statement (one round trip fewer than reading it first);
        None, and nothing written, when the game is not kept here at that version, or the write finds
        it is not as kept (another player's, over, a daily deal's, moved on elsewhere), or the rules
        refuse an action: the caller then reads the game and answers from it."""
        with self._cache_lock:
            cached = self._games.get(game_id)
        if cached is None or len(cached.actions) != batch.version or batch.start is not None:
            return None
        v = cached.variant
        presumed = GameRow(game_id, player, v.key, cached.profile.name, cached.code, None, version=batch.version)
        game = cached.copy()
        try:
            played = self._replay_batch(presumed, game, batch, cached)
        except BatchRefused:
            return None
        now = clock.now()
        self._finish_fields(presumed, game, now)
        presumed.helped = "undo" in batch.actions
        row = self.store.append_practice(presumed, played, now)
        if row is None:
            return None
        self._remember(game_id, game)
        return row, game

    def _play_batch(self, row: GameRow, batch: Batch) -> tuple[GameRow, Game]:
        cached = self.game(row)
        if row.daily is not None:
            raise BatchRefused(row, cached, None)  # a daily deal's actions go one by one, on the server's clock
        if retried(cached.actions, row.version, batch):
            raise Retried(row, cached)
        if batch.version != row.version or row.status != "active":
            raise Stale(row, cached)
        game = cached.copy()  # the cached game may still be read by others
        played = self._replay_batch(row, game, batch, cached)
        now = clock.now()
        self._finish_fields(row, game, now)
        row.helped = row.helped or "undo" in batch.actions
        if not self.store.append_actions(row, played, now):
            self._forget(row.id)
            fresh = self.store.get_game(row.player, row.id)
            if fresh is None:
                raise NotFound()
            return self._play_batch(fresh, batch)  # a retry of this very batch, or stale
        self._remember(row.id, game)
        return row, game

    @staticmethod
    def _replay_batch(row: GameRow, game: Game, batch: Batch, before: Game) -> list[tuple[str, float]]:
        """The batch played on ``game`` (a private copy of ``before``, the game as it stands), as the
        log keeps it; BatchRefused at the first action the rules refuse, with ``row`` and ``before``."""
        played = []
        for index, (action, elapsed) in enumerate(zip(batch.actions, timed(game.elapsed, batch.times), strict=True)):
            try:
                outcome = game.apply(action, elapsed)
            except SpiderError as err:
                raise BatchRefused(row, before, err, index) from None
            played.append((outcome.text, game.elapsed))
        return played

    def _create_synced(self, player: str, game_id: str, batch: Batch) -> tuple[GameRow, Game] | None:
        """A game the page started, created with its first batch in one transaction (the player's
        current game ends, as with a new game); None, and nothing written, when a game of that id
        exists already (anyone's)."""
        start = batch.start
        assert start is not None
        if _PAGE_GAME_ID.fullmatch(game_id) is None:
            raise SpiderError("bad_game_id", N_("A new game's id is 16 letters, digits, - or _"))
        deal = Game.from_record({"code": start.code, "profile": start.profile, "actions": []})
        game = deal.copy()
        now = clock.now()
        row = GameRow(
            id=game_id,
            player=player,
            level=game.variant.key,
            profile=game.profile.name,
            code=game.code,
            deck=None,
            created=now,
            grade=start.grade,  # None unless the server proved the deal winnable (syncing.Start)
        )
        played = self._replay_batch(row, game, batch, deal)
        self._finish_fields(row, game, now)
        row.helped = "undo" in batch.actions
        try:
            with self.store.transaction() as tx:
                tx.claim_player(player, now)
                attempts.end_active(tx, player, now, lambda active: self._replayed(tx, active))
                if not tx.create_game(row, played, now, if_new=True):
                    raise _Taken()  # rolls the ended game back too
        except _Taken:
            return None
        self._remember(row.id, game)
        return row, game

    def _append(self, row: GameRow, game: Game, actions: list[tuple[str, float]], now: float) -> bool:
        """Write the actions; the one that finishes a daily game finishes its attempt with it, in
        one transaction (any other is one statement where the store can make it so)."""
        if not attempts.finishes(row):
            return self.store.append_actions(row, actions, now)
        with self.store.transaction() as tx:
            if not tx.append_actions(row, actions, now):
                return False
            attempts.finish(tx, row, game, now)
        return True

    def _replayed(self, tx: Transaction, row: GameRow) -> Game:
        """The game of a row, within a transaction: cached at its version, else replayed from the log
        read on the transaction's own connection (SQLite's others would wait for its lock)."""
        with self._cache_lock:
            cached = self._games.get(row.id)
        if cached is not None and len(cached.actions) == row.version:
            return cached
        tx.load_actions(row)
        return Game.from_record(record_of(row))

    def restart(self, player: str, game_id: str) -> tuple[GameRow, Game]:
        """Start the deal of one of the player's games again, from its first card; a daily deal's
        stays a daily game (a practice attempt, as its counted one was made already)."""
        row, _game = self.get(player, game_id)
        record = record_of(row)
        record["actions"] = []
        if row.daily is not None:
            record |= {"daily": row.daily, "profile": DAILY_PROFILE}
        return self.create(player, record | {"grade": row.grade})

    def daily_attempt(self, player: str, deal: DailyDeal) -> tuple[GameRow, Game]:
        """The player's game of a daily deal: their unfinished one, else a new one (the first one
        of the deal is their counted attempt, any later one practice)."""
        current = self.current(player)
        if current is not None and current[0].daily == deal.day and current[0].level == deal.level:
            return current
        v = variant_of_level(deal.level)
        spec = {"game": v.game, "suits": v.suits, "rules": v.rules, "deck": deal.deck, "profile": DAILY_PROFILE}
        return self.create(player, spec | {"daily": deal.day, "grade": deal.difficulty})

    def solver_asked(self, player: str, game_id: str) -> None:
        """The solver was asked whether the game can be won (it sees the face-down cards): the game
        and its daily attempt are counted apart from then on."""
        self.store.mark_assisted(player, game_id)

    def deep_hint_given(self, row: GameRow) -> None:
        """The strong player chose an action for the player: a daily game (whose leaderboard ranks
        the player's own play, docs/RULES.md) and its attempt are counted apart from then on."""
        if row.daily is not None:
            self.store.mark_assisted(row.player, row.id)

    def helped(self, row: GameRow) -> None:
        """An undo was played or a hint given: a win of the game is no longer perfect (docs/RULES.md,
        Perfect games). Written once per game."""
        if not row.helped and row.status == "active":
            self.store.mark_helped(row.player, row.id)
            row.helped = True

    def clock(self, player: str, game_id: str, elapsed: float) -> None:
        row = self.store.get_game(player, game_id)
        if row is None:
            raise NotFound()
        now = clock.now()
        timer = self._timer(row, elapsed, now)
        self.store.save_clock(player, game_id, timer, now)
        with self._cache_lock:
            cached = self._games.get(game_id)
        if cached is not None:
            advanced = cached.copy()
            advanced.advance_clock(timer)
            self._remember(game_id, advanced)

    @staticmethod
    def _timer(row: GameRow, elapsed: float | None, now: float, acting: bool = False) -> float:
        """The client's timer, monotonic and within the wall-clock time since the start. With an
        action it is never less than the server can justify either: the time recorded so far plus
        the part of the gap since the server last heard of the game that no pause can hide in."""
        if elapsed is None:
            return row.elapsed
        if row.version == 0:  # the clock starts at the first action: looking at the deal is not timed
            return 0.0
        bound = now - row.created + 5.0
        floor = row.elapsed
        if acting and row.seen is not None:
            floor += min(max(now - row.seen, 0.0), PLAY_GAP)
        return round(max(floor, min(float(elapsed), bound)), 3)

    @staticmethod
    def _finish_fields(row: GameRow, g: Game, now: float) -> None:
        row.moves = g.moves
        row.score = g.score if g.profile.shows_score else None
        if g.won and row.status == "active":
            row.status = "won"
            row.finished = now


class _Taken(Exception):
    """A page's new game whose id is a game already: its transaction is rolled back."""


def finishable(row: GameRow, game: Game) -> bool:
    """Whether Finish may play the game out: it is being played, and nothing is hidden any more (no
    face-down card, an empty stock), so the solver's line uses nothing the player cannot see."""
    return row.status == "active" and not game.won and game.face_down == 0 and game.stock_count == 0


def valid_game_id(game_id: str) -> bool:
    """Whether ``game_id`` could be one of ours (and so may reach the store: a NUL is a text
    PostgreSQL refuses)."""
    return _GAME_ID.fullmatch(game_id) is not None


def record_of(row: GameRow) -> dict[str, Any]:
    v = variant_of_level(row.level)
    record: dict[str, Any] = {
        "game": v.game,
        "suits": v.suits,
        "rules": v.rules,
        "profile": row.profile,
        "actions": list(row.actions),
    }
    if row.times and any(row.times):
        record["times"] = list(row.times)
    record |= {"code": row.code} if row.code else {"deck": row.deck}
    return record


__all__ = ["Games", "NotFound", "Stale", "finishable", "record_of"]
