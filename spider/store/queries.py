"""The Store protocol's queries, written once for both back ends, a repository per aggregate side by
side (each a class over a back end's primitives, ``dialect.py``, with no other base): players and
their settings, games as action logs, reviews, display names, transfer codes, and the deals proved
winnable; the daily deals' are in ``daily.py``, the clubs' in ``clubs.py``. ``Queries`` puts them
all on one object, which each back end is."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from .base import GAME_COLUMNS, GameRow, new_game_values, token_hash
from .clubs import ClubQueries
from .daily import ASSIST_ATTEMPT, DailyStatements
from .dialect import Dialect, Params, Statements

# An action's version check: the game moves on only from the version the player saw, while active
# (helped only ever turns on: a hint may have marked it since the row was read).
MOVE_ON = (
    "UPDATE games SET version = version + %s, status = %s, elapsed = %s, moves = %s, score = %s, finished = %s,"
    " seen = %s, helped = (helped OR %s) WHERE id = %s AND player = %s AND version = %s AND status = 'active'"
)
# A practice batch's write when the caller knows the game only from its cache: moved on only if it is
# still the player's, active, of no daily deal and at that version (the clock never back), and read
# back whole in the same statement (the row the answer shows: assisted, helped, grade…).
PRACTICE_MOVE_ON = (
    "UPDATE games SET version = version + %s, status = %s, elapsed = CASE WHEN elapsed > %s THEN elapsed ELSE %s END,"
    " moves = %s, score = %s, finished = %s, seen = %s, helped = (helped OR %s) WHERE id = %s AND player = %s"
    f" AND version = %s AND status = 'active' AND daily IS NULL RETURNING {GAME_COLUMNS}"
)
# ``at``: the server's moment the action was accepted (the daily boards' clock, docs/RULES.md, Fair play)
INSERT_ACTIONS = "INSERT INTO actions (game, seq, action, elapsed, at) VALUES "
ACTION_VALUES = "(%s, %s, %s, %s, %s)"  # a row's 5 parameters (Dialect.PARAMETERS bounds a statement's)
LOAD_ACTIONS = "SELECT action, elapsed FROM actions WHERE game = %s AND seq < %s ORDER BY seq"
INSERT_GAME = f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({', '.join(['%s'] * len(GAME_COLUMNS.split(',')))})"
# A game id a page made may already be another player's (forged or, one time in 2^96, by chance):
# that game is never touched, and the caller learns that nothing was written.
INSERT_NEW_GAME = f"{INSERT_GAME} ON CONFLICT (id) DO NOTHING"
ADD_PLAYER = "INSERT INTO players (token, created) VALUES (%s, %s) ON CONFLICT (token) DO NOTHING"
SELECT_GAMES = f"SELECT {GAME_COLUMNS} FROM games WHERE"
FINISHED = "status IN ('won', 'lost')"
# made once: a request reads a game with one of these
CURRENT_GAME = f"{SELECT_GAMES} player = %s AND status = 'active' ORDER BY created DESC LIMIT 1"
GET_GAME = f"{SELECT_GAMES} player = %s AND id = %s"
# Display names: a look-alike of another player's name, by either key (each indexed), and the row
# that one claim at a time holds; NAMES_CHECKED: the rules the stored names were last checked under.
NAME_TAKEN = "SELECT 1 FROM players WHERE (folded = %s OR skeleton = %s) AND token <> %s LIMIT 1"
NAME_CLAIMS = (
    "INSERT INTO site (key, value) VALUES ('name_claims', '') ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)
NAMES_CHECKED = "names_checked"
# The player a token's hash names: a token a transfer code linked to them, else their first one
TOKEN_PLAYER = "coalesce((SELECT player FROM player_tokens WHERE token = %s), %s)"


def _public_or_token(public_or_token: str) -> Params:
    """An operator's public id or token as the parameters of ``public = %s OR token = TOKEN_PLAYER``:
    a token is kept as its hash."""
    hashed = token_hash(public_or_token)
    return (public_or_token, hashed, hashed)


def move_on_params(row: GameRow, actions: list[tuple[str, float]], now: float) -> Params:
    """MOVE_ON's values: ``row``'s outcome after ``actions``, at the version it was read at, seen ``now``."""
    return (
        *(len(actions), row.status, actions[-1][1], row.moves, row.score, row.finished, now, row.helped),
        *(row.id, row.player, row.version),
    )


def practice_params(row: GameRow, actions: list[tuple[str, float]], now: float) -> Params:
    """PRACTICE_MOVE_ON's values, as ``move_on_params``."""
    last = actions[-1][1]
    return (
        *(len(actions), row.status, last, last, row.moves, row.score, row.finished, now, row.helped),
        *(row.id, row.player, row.version),
    )


class PlayerQueries(Dialect):
    """PlayerStore over a back end's primitives (``player_created`` is read with the daily deals')."""

    def player_settings(self, player: str) -> dict[str, Any] | None:
        found = self._one("SELECT settings FROM players WHERE token = %s", (player,))
        return None if found is None else self._decode(found[0])

    def token_player(self, token_hash: str) -> tuple[str, dict[str, Any]] | None:
        found = self._one(f"SELECT token, settings FROM players WHERE token = {TOKEN_PLAYER}", (token_hash, token_hash))
        return None if found is None else (found[0], self._decode(found[1]))

    def save_settings(self, player: str, settings: dict[str, Any], now: float) -> None:
        # one statement: an expiry in another process never falls between two
        self._write(
            "INSERT INTO players (token, settings, created) VALUES (%s, %s, %s)"
            " ON CONFLICT (token) DO UPDATE SET settings = excluded.settings",
            (player, self._encode(settings), now),
        )

    def add_player(self, player: str, now: float) -> None:
        self._write(ADD_PLAYER, (player, now))

    def expire_players(self, before: float) -> int:
        return self._write(
            "DELETE FROM players WHERE created < %s AND settings = '{}' AND name IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM games WHERE games.player = players.token)"
            " AND NOT EXISTS (SELECT 1 FROM club_members WHERE club_members.player = players.token)"
            " AND NOT EXISTS (SELECT 1 FROM player_tokens WHERE player_tokens.player = players.token)",
            (before,),
        )


class GameQueries(Dialect):
    """GameStore over a back end's primitives."""

    @contextmanager
    def transaction(self) -> Iterator[TransactionStatements]:
        with self._transaction() as db:
            yield TransactionStatements(self, db)

    def create_game(self, row: GameRow, actions: list[tuple[str, float]] | None = None) -> None:
        with self.transaction() as tx:
            tx.claim_player(row.player, row.created)
            tx.create_game(row, actions or [], row.created)

    def current_game(self, player: str) -> GameRow | None:
        found = self._one(CURRENT_GAME, (player,))
        return None if found is None else self._game(found)

    def get_game(self, player: str, game_id: str) -> GameRow | None:
        found = self._one(GET_GAME, (player, game_id))
        return None if found is None else self._game(found)

    def load_actions(self, row: GameRow) -> None:
        row.read_log(self._all(LOAD_ACTIONS, (row.id, row.version)))

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> bool:
        if not actions:
            return True
        with self._appending() as db:
            if not self._append_log(db, row, actions, now):
                return False
        row.appended(actions)
        return True

    def append_practice(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> GameRow | None:
        with self._transaction() as db:
            found = db.one(PRACTICE_MOVE_ON, practice_params(row, actions, now))
            if found is None:
                return None
            self._insert_actions(db, row.id, row.version, actions, now)
        return self._game(found)

    def _appending(self) -> AbstractContextManager[Statements]:
        """Where an append runs: one transaction, as its version check and its log's rows are two statements."""
        return self._transaction()

    def _append_log(self, db: Statements, row: GameRow, actions: list[tuple[str, float]], now: float) -> bool:
        """Move the game on from ``row.version`` and add ``actions`` to its log; False, and nothing
        written, when it is no longer active at that version (another writer got there first)."""
        if db.write(MOVE_ON, move_on_params(row, actions, now)) != 1:
            return False
        self._insert_actions(db, row.id, row.version, actions, now)
        return True

    def _insert_actions(
        self, db: Statements, game_id: str, first: int, actions: list[tuple[str, float]], now: float
    ) -> None:
        """The log's rows in as few statements as the database takes (one, for a batch of actions on
        either: not a round trip per action)."""
        per_insert = self.PARAMETERS // 5
        for start in range(0, len(actions), per_insert):
            chunk = actions[start : start + per_insert]
            values = [v for i, (a, t) in enumerate(chunk, first + start) for v in (game_id, i, a, t, now)]
            db.write(INSERT_ACTIONS + ", ".join([ACTION_VALUES] * len(chunk)), tuple(values))

    def save_clock(self, player: str, game_id: str, elapsed: float, now: float) -> None:
        self._write(
            "UPDATE games SET elapsed = CASE WHEN elapsed > %s THEN elapsed ELSE %s END, seen = %s"
            " WHERE id = %s AND player = %s AND status = 'active'",
            (elapsed, elapsed, now, game_id, player),
        )

    def mark_assisted(self, player: str, game_id: str) -> None:
        with self._session() as db:
            db.write("UPDATE games SET assisted = %s WHERE id = %s AND player = %s", (True, game_id, player))
            db.write(ASSIST_ATTEMPT, (True, game_id, player))

    def mark_helped(self, player: str, game_id: str) -> None:
        self._write(
            "UPDATE games SET helped = %s WHERE id = %s AND player = %s AND status = 'active'", (True, game_id, player)
        )

    def finished_games(self, player: str, level: str) -> list[GameRow]:
        found = self._all(
            f"{SELECT_GAMES} player = %s AND level = %s AND {FINISHED} ORDER BY finished NULLS FIRST, created",
            (player, level),
        )
        return [self._game(one) for one in found]

    def finished_page(self, player: str, level: str | None, offset: int, limit: int) -> tuple[list[GameRow], int]:
        where = f"player = %s AND {FINISHED}" + (" AND level = %s" if level else "")
        params: Params = (player, level) if level else (player,)
        with self._session() as db:
            total = db.one(f"SELECT count(*) FROM games WHERE {where}", params)
            found = db.all(
                f"{SELECT_GAMES} {where} ORDER BY finished DESC NULLS LAST, created DESC LIMIT %s OFFSET %s",
                (*params, limit, offset),
            )
        return [self._game(one) for one in found], int(total[0]) if total else 0

    def delete_finished(self, player: str) -> int:
        finished = "FROM games WHERE player = %s AND status != 'active'"
        with self._transaction() as db:
            db.write(f"DELETE FROM actions WHERE game IN (SELECT id {finished})", (player,))
            db.write(f"DELETE FROM reviews WHERE game IN (SELECT id {finished})", (player,))
            return db.write(f"DELETE {finished}", (player,))


class ReviewQueries(Dialect):
    """ReviewStore over a back end's primitives."""

    def save_review(self, player: str, game_id: str, review: dict[str, Any], now: float) -> bool:
        written = self._write(
            "INSERT INTO reviews (game, review, created)"
            " SELECT id, %s, %s FROM games WHERE id = %s AND player = %s AND status != 'active'"
            " ON CONFLICT (game) DO NOTHING",
            (self._encode(review), now, game_id, player),
        )
        return written == 1

    def get_review(self, player: str, game_id: str) -> dict[str, Any] | None:
        found = self._one(
            "SELECT r.review FROM reviews r JOIN games g ON g.id = r.game WHERE r.game = %s AND g.player = %s",
            (game_id, player),
        )
        return None if found is None else self._decode(found[0])


class NameQueries(Dialect):
    """NameStore over a back end's primitives."""

    def player_name(self, player: str) -> str | None:
        found = self._one("SELECT name FROM players WHERE token = %s", (player,))
        return None if found is None else found[0]

    def set_player_name(
        self, player: str, name: str | None, public: str, now: float, keys: tuple[str, str] | None = None
    ) -> bool:
        folded, skeleton = keys if name is not None and keys is not None else (None, None)
        with self._transaction() as db:
            # one claim at a time: on PostgreSQL the upsert holds the site's row until the commit (on
            # SQLite the transaction holds the file), so two look-alikes chosen at once never both pass
            db.write(NAME_CLAIMS)
            own = db.one("SELECT folded, skeleton FROM players WHERE token = %s", (player,))
            mine = own is not None and tuple(own) == (folded, skeleton)  # a player's own name is never taken
            if folded is not None and not mine and db.one(NAME_TAKEN, (folded, skeleton, player)) is not None:
                return False
            db.write(
                "INSERT INTO players (token, created, name, public, folded, skeleton) VALUES (%s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (token) DO UPDATE SET name = excluded.name, public = excluded.public,"
                " folded = excluded.folded, skeleton = excluded.skeleton, name_flag = CASE WHEN"
                " players.folded = excluded.folded AND players.skeleton = excluded.skeleton THEN players.name_flag END",
                (player, now, name, public, folded, skeleton),
            )
        return True

    def hide_name(self, public_or_token: str) -> bool:
        hidden = self._write(
            "UPDATE players SET name = NULL, folded = NULL, skeleton = NULL, name_flag = NULL"
            f" WHERE (public = %s OR token = {TOKEN_PLAYER}) AND name IS NOT NULL",
            _public_or_token(public_or_token),
        )
        return hidden > 0

    def named_players(self, checked: str) -> list[tuple[str, str]] | None:
        if self._one("SELECT 1 FROM site WHERE key = %s AND value = %s", (NAMES_CHECKED, checked)) is not None:
            return None
        named = self._all("SELECT token, name FROM players WHERE name IS NOT NULL", ())
        return [(token, name) for token, name in named]

    def flag_names(self, rows: list[tuple[str, str, str, str | None]], checked: str) -> None:
        with self._transaction() as db:
            db.many(
                "UPDATE players SET folded = %s, skeleton = %s, name_flag = %s WHERE token = %s",
                [(folded, skeleton, flag, token) for token, folded, skeleton, flag in rows],
            )
            db.write(
                "INSERT INTO site (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (NAMES_CHECKED, checked),
            )

    def player_names(self, flagged: bool = False) -> list[tuple[str | None, str, str | None]]:
        only = " AND name_flag IS NOT NULL" if flagged else ""
        found = self._all(f"SELECT public, name, name_flag FROM players WHERE name IS NOT NULL{only} ORDER BY name", ())
        return [(public, name, flag) for public, name, flag in found]

    def unflag_name(self, public_or_token: str) -> bool:
        accepted = self._write(
            f"UPDATE players SET name_flag = NULL WHERE (public = %s OR token = {TOKEN_PLAYER})"
            " AND name_flag IS NOT NULL",
            _public_or_token(public_or_token),
        )
        return accepted > 0


class TransferQueries(Dialect):
    """TransferStore over a back end's primitives."""

    def add_transfer(self, code_hash: str, player: str, expires: float, now: float) -> None:
        with self._transaction() as db:
            db.write(ADD_PLAYER, (player, now))
            db.write("DELETE FROM transfers WHERE expires <= %s", (now,))  # the table holds live codes only
            db.write("INSERT INTO transfers (code, player, expires) VALUES (%s, %s, %s)", (code_hash, player, expires))

    def take_transfer(self, code_hash: str, now: float, browser: str | None = None) -> str | None:
        with self._transaction() as db:
            # one statement: of two browsers redeeming one code at once, only one gets the row
            found = db.one("DELETE FROM transfers WHERE code = %s RETURNING player, expires", (code_hash,))
            if found is None or found[1] <= now:
                return None
            if browser is not None:
                db.write(
                    "INSERT INTO player_tokens (token, player, created) VALUES (%s, %s, %s)"
                    " ON CONFLICT (token) DO NOTHING",
                    (browser, found[0], now),
                )
            return str(found[0])


class WinnableQueries(Dialect):
    """WinnableStore over a back end's primitives: the deals proved winnable."""

    def add_winnable(self, level: str, code: str, line: list[str], grade: str) -> None:
        self._write(
            "INSERT INTO winnable (code, level, line, grade) VALUES (%s, %s, %s, %s) ON CONFLICT (code) DO NOTHING",
            (code, level, json.dumps(line), grade),  # the line: a text column in both stores
        )

    def take_winnable(self, level: str, grade: str | None = None) -> tuple[str, str | None] | None:
        found = self._one(
            "DELETE FROM winnable WHERE code = (SELECT code FROM winnable WHERE level = %s"
            " AND (grade = %s OR CAST(%s AS TEXT) IS NULL)"
            f" ORDER BY random() LIMIT 1{self.SKIP_LOCKED}) RETURNING code, grade",
            (level, grade, grade),
        )
        return None if found is None else (found[0], found[1])

    def count_winnable(self, level: str, grade: str | None = None) -> int:
        found = self._one(
            "SELECT count(*) FROM winnable WHERE level = %s AND (grade = %s OR CAST(%s AS TEXT) IS NULL)",
            (level, grade, grade),
        )
        return int(found[0]) if found else 0


class Queries(PlayerQueries, GameQueries, ReviewQueries, NameQueries, TransferQueries, WinnableQueries, ClubQueries):
    """Every repository of the Store protocol but ``close``, side by side over one back end's
    primitives (``Dialect``); the daily deals' (with the site's values) come with the clubs'."""


class TransactionStatements(DailyStatements):
    """The statements of ``Store.transaction``, on its one connection (never the store's others:
    SQLite's would wait for this very transaction's lock)."""

    def __init__(self, store: GameQueries, db: Statements) -> None:
        super().__init__(db)
        self.store = store

    def claim_player(self, player: str, now: float) -> None:
        self.db.write(
            f"INSERT INTO players (token, created) VALUES (%s, %s) ON CONFLICT (token) {self.store.CLAIM_PLAYER}",
            (player, now),
        )

    def create_game(self, row: GameRow, actions: list[tuple[str, float]], now: float, if_new: bool = False) -> bool:
        deck = None if row.deck is None else self.store._encode(row.deck)
        if self.db.write(INSERT_NEW_GAME if if_new else INSERT_GAME, new_game_values(row, actions, now, deck)) != 1:
            return False
        self.store._insert_actions(self.db, row.id, 0, actions, now)
        row.appended(actions)
        return True

    def end_game(self, game_id: str, status: str, now: float) -> None:
        self.db.write(
            "UPDATE games SET status = %s, finished = %s WHERE id = %s AND status = 'active'", (status, now, game_id)
        )

    def active_game(self, player: str) -> GameRow | None:
        found = self.db.one(CURRENT_GAME, (player,))
        return None if found is None else self.store._game(found)

    def load_actions(self, row: GameRow) -> None:
        row.read_log(self.db.all(LOAD_ACTIONS, (row.id, row.version)))

    def append_actions(self, row: GameRow, actions: list[tuple[str, float]], now: float) -> bool:
        if not actions:
            return True
        if not self.store._append_log(self.db, row, actions, now):
            return False
        row.appended(actions)
        return True
