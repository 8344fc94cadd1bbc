"""Clubs in the store: who is in which club, its invite, and a daily deal's leaderboard among its members.

A club's board ranks by the site's rules (``_RANKED``, ``_ORDER``, ``_KEY`` of ``daily.py``), over
the members' results only: a query starts from the club's members (``club_members`` by (club,
player)) and looks up each one's result of the deal by (day, level, player) in ``daily_by_member``,
which holds every column a board reads of it (no row of the table is read), so its cost is the
club's size, never the day's; or, for a big club, it reads the site's board in order
(``daily_board``) and looks each player up among the members, which finds the top or a neighbour
after a few rows. Each query takes the cheaper way, by the club's size beside the rows the other
would pass over. ``CROSS JOIN`` keeps the members first on SQLite (whose planner takes it as
written); PostgreSQL's planner makes its own choice. The site-wide tally (``daily_tally``) cannot
rank within a club: a club rank counts the members' results ahead."""

from __future__ import annotations

from typing import Any

from .base import Club, ClubMember, DailyBoard, DailyResult
from .daily import (
    _DEAL,
    _DESCENDING,
    _KEY,
    _NAMED,
    _ORDER,
    _RANKED,
    APART,
    APART_TOP,
    RANKED,
    DailyQueries,
    _key,
    _result,
)

CLUB_COLUMNS = "c.id, c.name, c.owner, c.invite, c.created"
_CLUB = f"SELECT {CLUB_COLUMNS}, (SELECT count(*) FROM club_members n WHERE n.club = c.id) FROM clubs c"
# The members' results of a deal (the site's ``_NAMED``, reached through the club's members).
_MEMBERS = "FROM club_members m CROSS JOIN daily_results r"
_NAMED_MEMBERS = _NAMED.replace("FROM daily_results r", _MEMBERS)
assert _MEMBERS in _NAMED_MEMBERS  # ``_NAMED`` reads from ``daily_results r``, as the site's board
_IN_CLUB = "m.club = %s AND r.player = m.player"
# Looked up for each result in the board's order, so a LIMIT stops the scan: OFFSET 0 keeps
# PostgreSQL from turning it into a join (which would read the board to its end first).
_IS_MEMBER = "EXISTS (SELECT 1 FROM club_members m WHERE m.club = %s AND m.player = r.player LIMIT 1 OFFSET 0)"
_JOIN = "INSERT INTO club_members (club, player, joined) VALUES (%s, %s, %s)"


class ClubQueries(DailyQueries):
    """The club methods of the Store protocol, over a back end's primitives (``Dialect``)."""

    def _claim(self) -> str:
        """Make the player known and hold their row to the transaction's end: one join or new club
        of a player at a time, so two at once never pass the limit together."""
        return f"INSERT INTO players (token, created) VALUES (%s, %s) ON CONFLICT (token) {self.CLAIM_PLAYER}"

    def add_club(self, club: str, name: str, owner: str, invite: str, most: int, now: float) -> bool:
        with self._transaction() as db:
            db.write(self._claim(), (owner, now))
            if _count(db.one("SELECT count(*) FROM club_members WHERE player = %s", (owner,))) >= most:
                return False
            db.write(
                "INSERT INTO clubs (id, name, owner, invite, created) VALUES (%s, %s, %s, %s, %s)",
                (club, name, owner, invite, now),
            )
            db.write(_JOIN, (club, owner, now))
        return True

    def club(self, club: str) -> Club | None:
        found = self._one(f"{_CLUB} WHERE c.id = %s", (club,))
        return None if found is None else Club(*found)

    def player_clubs(self, player: str) -> list[Club]:
        found = self._all(
            f"{_CLUB} JOIN club_members j ON j.club = c.id WHERE j.player = %s ORDER BY j.joined, c.id", (player,)
        )
        return [Club(*one) for one in found]

    def join_club(self, invite: str, player: str, most: int, members: int, now: float) -> tuple[str, Club | None]:
        with self._transaction() as db:
            db.write(self._claim(), (player, now))
            found = db.one(f"{_CLUB} WHERE c.invite = %s", (invite,))
            if found is None:
                return "unknown", None
            club = Club(*found)
            if db.one("SELECT 1 FROM club_members WHERE club = %s AND player = %s", (club.id, player)):
                return "member", club
            if _count(db.one("SELECT count(*) FROM club_members WHERE player = %s", (player,))) >= most:
                return "too_many", club
            if club.members >= members:
                return "full", club
            db.write(_JOIN, (club.id, player, now))
        club.members += 1
        return "joined", club

    def leave_club(self, club: str, player: str) -> bool:
        with self._transaction() as db:
            if not db.write("DELETE FROM club_members WHERE club = %s AND player = %s", (club, player)):
                return False
            # the longest-standing member takes over a club its maker left; a club nobody is in is gone
            next_owner = db.one(
                "SELECT player FROM club_members WHERE club = %s ORDER BY joined, player LIMIT 1", (club,)
            )
            if next_owner is None:
                db.write("DELETE FROM clubs WHERE id = %s", (club,))
            else:
                db.write("UPDATE clubs SET owner = %s WHERE id = %s AND owner = %s", (next_owner[0], club, player))
        return True

    def replace_invite(self, club: str, owner: str, invite: str) -> bool:
        return self._write("UPDATE clubs SET invite = %s WHERE id = %s AND owner = %s", (invite, club, owner)) == 1

    def is_member(self, club: str, player: str) -> bool:
        return self._one("SELECT 1 FROM club_members WHERE club = %s AND player = %s", (club, player)) is not None

    def club_members(self, club: str) -> list[ClubMember]:
        found = self._all(
            "SELECT m.player, p.name, p.public, m.joined FROM club_members m LEFT JOIN players p ON p.token = m.player"
            " WHERE m.club = %s ORDER BY m.joined, m.player",
            (club,),
        )
        return [ClubMember(*one) for one in found]

    def club_results(self, club: str, first_day: str, last_day: str) -> list[DailyResult]:
        found = self._all(
            f"{_NAMED_MEMBERS} WHERE m.club = %s AND r.player = m.player AND r.day BETWEEN %s AND %s"
            " ORDER BY r.player, r.day, r.level",
            (club, first_day, last_day),
        )
        return [_result(one) for one in found]

    def club_board(self, club: str, day: str, level: str, player: str, top: int = 50, around: int = 2) -> DailyBoard:
        ranked = (day, level, *RANKED)
        found = self._one(
            "SELECT count(*), coalesce(max(CASE WHEN player = %s THEN 1 ELSE 0 END), 0)"
            " FROM club_members WHERE club = %s",
            (player, club),
        )
        size, member = (int(found[0]), bool(found[1])) if found else (0, False)
        results = _count(
            self._one("SELECT coalesce(sum(n), 0) FROM daily_tally WHERE day = %s AND level = %s", (day, level))
        )
        # the top from the members, or from the board's order until enough members came by
        first = size <= top * results // max(size, 1)
        best = self._all(_first(first, _RANKED, _ORDER), (club, *ranked, top))
        # each kind apart in the site's order of kinds, each in the board's order (as daily_board)
        apart = [
            _result(found)
            for assisted, standing in APART
            for found in self._all(
                _first(first, _RANKED, _ORDER), (club, day, level, assisted, standing, min(top, APART_TOP))
            )
        ]
        you = self.daily_result(day, level, player) if member else None
        board = DailyBoard(
            top=[(rank, _result(found)) for rank, found in enumerate(best, start=1)],
            apart=apart,
            you=you,
            rank=None,
            around=[],
        )
        # ranked on the club's board exactly when ranked on the site's (the same rule, in one place)
        site_rank = None if you is None else self.daily_rank(you)
        if you is None or site_rank is None:
            return board
        key = _key(you)
        row = f"({', '.join(['%s'] * len(key))})"
        first = size <= site_rank  # the members, or the site's results ahead
        _, counted, in_club = _source(first)
        ahead = self._one(
            f"SELECT count(*) {counted} WHERE {in_club} AND {_DEAL} AND {_beside(first, '<', row)}",
            (club, *ranked, *key),
        )
        rank = board.rank = 1 + _count(ahead)
        first = size <= around * results // max(size, 1)
        before = self._all(
            _first(first, f"{_DEAL} AND {_beside(first, '<', row)}", _DESCENDING), (club, *ranked, *key, around)
        )
        after = self._all(
            _first(first, f"{_DEAL} AND {_beside(first, '>', row)}", _ORDER), (club, *ranked, *key, around)
        )
        board.around = [(rank - i, _result(found)) for i, found in reversed(list(enumerate(before, start=1)))]
        board.around.append((rank, you))
        board.around += [(rank + i, _result(found)) for i, found in enumerate(after, start=1)]
        return board


def _beside(members_first: bool, side: str, row: str) -> str:
    """Results before (``side`` "<") or after (">") the key ``row``. Read from the members, the
    comparison is written as no range of the site's board: PostgreSQL guesses a row comparison
    keeps a row or two, and would scan the board up to the player's place instead."""
    if not members_first:
        return f"{_KEY} {side} {row}"
    return f"NOT ({_KEY} {'>=' if side == '<' else '<='} {row})"


def _first(members_first: bool, condition: str, order: str) -> str:
    """The first of the members' results that meet ``condition`` in ``order``, named (parameters:
    the club, the condition's, how many), read the way ``_source`` says; from the members, the
    names are looked up for those kept only."""
    if not members_first:
        return f"{_NAMED} WHERE {_IS_MEMBER} AND {condition} ORDER BY {order} LIMIT %s"
    kept = f"SELECT r.* {_MEMBERS} WHERE {_IN_CLUB} AND {condition} ORDER BY {order} LIMIT %s"
    return f"{_NAMED.replace('FROM daily_results r', f'FROM ({kept}) r')} ORDER BY {order}"


def _source(members_first: bool) -> tuple[str, str, str]:
    """The members' results as a query reads them (its SELECT … FROM, its FROM alone for a count,
    and the condition on the club, whose one parameter comes first): from the club's members, each
    one's result looked up, when the club is small beside the results the query would otherwise
    pass over in the board's order; else in that order, each result's player looked up among the
    members."""
    if members_first:
        return _NAMED_MEMBERS, _MEMBERS, _IN_CLUB
    return _NAMED, "FROM daily_results r", _IS_MEMBER


def _count(found: tuple[Any, ...] | None) -> int:
    return int(found[0]) if found else 0
