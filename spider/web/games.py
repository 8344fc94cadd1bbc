"""Games of players: new games, actions and loading, over the store, with replayed sessions
kept in a small cache so that an action costs one write, not a replay."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from ..engine import Move, Session, SpiderError, best_column, format_code, load_record, variant
from ..engine.codes import DEAL_LIMIT
from ..engine.errors import N_
from ..engine.events import play_with_events
from ..engine.variants import variant_of_level
from ..store import GameRow, Store
from .http.errors import NotFound

CACHE_SIZE = 512
# The longest gap between two requests about a game that the server counts as play whatever the
# client's timer says: a pause may hide in any longer gap, so only this much of it is certain.
PLAY_GAP = 1.0


@dataclass
class Stale(Exception):
    row: GameRow
    session: Session


class Games:
    """Routes call this from a thread pool, so a cached session is never changed in place: an
    action or a timer save plays on a private copy and caches that (copy on write), and the cache
    itself is touched under a lock."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._cache_lock = threading.Lock()

    # ----- loading ---------------------------------------------------------------------------

    def session(self, row: GameRow) -> Session:
        """The replayed game of a row, from the cache when it is at the row's version (the
        store's, so a game changed through another process is replayed); only then is the
        game's action log read."""
        with self._cache_lock:
            cached = self._sessions.get(row.id)
            if cached is not None and len(cached.actions) == row.version:
                self._sessions.move_to_end(row.id)
                if cached.game.elapsed >= row.elapsed:
                    return cached
        if cached is not None and len(cached.actions) == row.version:
            # another worker (or host) saved the timer since: same actions, a later clock (and score)
            advanced = _private_copy(cached)
            advanced.game.advance_clock(row.elapsed)
            self._remember(row.id, advanced)
            return advanced
        self.store.load_actions(row)
        session = load_record(record_of(row))
        session.game.advance_clock(row.elapsed)
        self._remember(row.id, session)
        return session

    def _remember(self, game_id: str, session: Session) -> None:
        with self._cache_lock:
            self._sessions[game_id] = session
            self._sessions.move_to_end(game_id)
            while len(self._sessions) > CACHE_SIZE:
                self._sessions.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._sessions.pop(game_id, None)

    def get(self, player: str, game_id: str) -> tuple[GameRow, Session]:
        row = self.store.get_game(player, game_id)
        if row is None:
            raise NotFound()
        return row, self.session(row)

    def current(self, player: str) -> tuple[GameRow, Session] | None:
        row = self.store.current_game(player)
        return None if row is None else (row, self.session(row))

    # ----- changing --------------------------------------------------------------------------

    def create(self, player: str, spec: dict[str, Any]) -> tuple[GameRow, Session]:
        """Start a game from ``spec`` (game, suits, rules, profile, and a code or a deck, and
        optionally actions to import); abandons the player's current game."""
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
        session = load_record(record)
        v, profile = session.game.variant, session.game.profile.name
        row = GameRow(
            id=secrets.token_urlsafe(12),
            player=player,
            level=v.key,
            profile=profile,
            code=session.code,
            deck=None if session.code else record["deck"],
            created=time.time(),
            assisted=bool(session.actions),  # a line played elsewhere (a solver's?) is not the player's
        )
        self._finish_fields(row, session)
        self.store.create_game(row, [(action, 0.0) for action in session.actions])
        self._remember(row.id, session)
        return row, session

    def play(
        self,
        player: str,
        game_id: str,
        version: int,
        action: str | None,
        best: tuple[int, int] | None,
        elapsed: float | None,
    ) -> tuple[GameRow, Session, dict[str, Any]]:
        row, cached = self.get(player, game_id)
        if version != row.version or row.status != "active":
            raise Stale(row, cached)
        session = _private_copy(cached)
        chosen: str | Move
        if best is not None:
            column, count = best
            chosen = Move(column - 1, best_column(session.game, column - 1, count), count)  # checks the pick
        elif action is not None:
            chosen = action
        else:
            raise SpiderError("bad_request", N_("An action needs 'action' or 'best'"))
        clock = self._clock(row, elapsed, acting=True)
        events = play_with_events(session, chosen, clock)
        self._finish_fields(row, session)
        if not self.store.append_actions(row, [(events["action"], clock)]):
            self._forget(game_id)
            row, session = self.get(player, game_id)
            raise Stale(row, session)
        self._remember(game_id, session)
        return row, session, events

    def clock(self, player: str, game_id: str, elapsed: float) -> None:
        row = self.store.get_game(player, game_id)
        if row is None:
            raise NotFound()
        clock = self._clock(row, elapsed)
        self.store.save_clock(player, game_id, clock)
        with self._cache_lock:
            cached = self._sessions.get(game_id)
        if cached is not None:
            advanced = _private_copy(cached)
            advanced.game.advance_clock(clock)
            self._remember(game_id, advanced)

    @staticmethod
    def _clock(row: GameRow, elapsed: float | None, acting: bool = False) -> float:
        """The client's timer, monotonic and within the wall-clock time since the start. With an
        action it is never less than the server can justify either: the time recorded so far plus
        the part of the gap since the server last heard of the game that no pause can hide in."""
        if elapsed is None:
            return row.elapsed
        now = time.time()
        bound = now - row.created + 5.0
        floor = row.elapsed
        if acting and row.seen is not None:
            floor += min(max(now - row.seen, 0.0), PLAY_GAP)
        return round(max(floor, min(float(elapsed), bound)), 3)

    @staticmethod
    def _finish_fields(row: GameRow, session: Session) -> None:
        g = session.game
        row.moves = g.moves
        row.score = g.score if g.profile.shows_score else None
        if g.won and row.status == "active":
            row.status = "won"
            row.finished = time.time()


def _private_copy(session: Session) -> Session:
    """A session to change while others may still be reading the cached one."""
    return replace(session, game=session.game.clone(), actions=list(session.actions), times=list(session.times))


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


__all__ = ["Games", "NotFound", "Stale", "SpiderError", "record_of", "variant_of_level"]
