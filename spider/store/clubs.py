"""Clubs in the store: who is in which club, its invite, and a daily deal's leaderboard among its members.

A club's board is the site's (``DailyQueries._board``: the same queries, order and rules) over the
club's own copy of its members' results (``club_results``, kept by the database's triggers:
club_copies.py), whose index is the board's order behind the club. So its top, its kinds apart and
a player's neighbours are each one short range of that index, whatever the club's size or the day's;
a rank counts the club's results ahead of the player's (the site's tally, ``daily_tally``, cannot
rank within a club), at most as many as the club has members."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .base import Club, ClubMember, DailyBoard, DailyResult
from .daily import BoardScope, DailyQueries, _named, _result
from .dialect import Statements

CLUB_COLUMNS = "c.id, c.name, c.owner, c.invite, c.created"
_CLUB = f"SELECT {CLUB_COLUMNS}, (SELECT count(*) FROM club_members n WHERE n.club = c.id) FROM clubs c"
_JOIN = "INSERT INTO club_members (club, player, joined) VALUES (%s, %s, %s)"
_MEMBERS = (
    "SELECT m.player, p.name, p.public, m.joined FROM club_members m LEFT JOIN players p ON p.token = m.player"
    " WHERE m.club = %s ORDER BY m.joined, m.player"
)


class ClubStatements:
    """The statements of a clubs transaction (``Store.club_transaction``), on its one connection: each
    reads or writes what the play layer asks (spider/play/clubs.py decides who may do what)."""

    def __init__(self, db: Statements, claim: str) -> None:
        self.db = db
        self._claim = claim

    def claim_player(self, player: str, now: float) -> None:
        """Make the player known and hold their row to the transaction's end: one join or new club
        of a player at a time, so two at once never pass a limit together."""
        self.db.write(self._claim, (player, now))

    def clubs_of(self, player: str) -> int:
        return _count(self.db.one("SELECT count(*) FROM club_members WHERE player = %s", (player,)))

    def club(self, club: str) -> Club | None:
        found = self.db.one(f"{_CLUB} WHERE c.id = %s", (club,))
        return None if found is None else Club(*found)

    def club_of_invite(self, invite: str) -> Club | None:
        found = self.db.one(f"{_CLUB} WHERE c.invite = %s", (invite,))
        return None if found is None else Club(*found)

    def is_member(self, club: str, player: str) -> bool:
        return self.db.one("SELECT 1 FROM club_members WHERE club = %s AND player = %s", (club, player)) is not None

    def add_club(self, club: Club) -> None:
        """The club, with its owner as its first member."""
        self.db.write(
            "INSERT INTO clubs (id, name, owner, invite, created) VALUES (%s, %s, %s, %s, %s)",
            (club.id, club.name, club.owner, club.invite, club.created),
        )
        self.add_member(club.id, club.owner, club.created)

    def add_member(self, club: str, player: str, now: float) -> None:
        self.db.write(_JOIN, (club, player, now))

    def remove_member(self, club: str, player: str) -> bool:
        return self.db.write("DELETE FROM club_members WHERE club = %s AND player = %s", (club, player)) > 0

    def members(self, club: str) -> list[ClubMember]:
        return _members(self.db.all(_MEMBERS, (club,)))

    def remove_club(self, club: str) -> None:
        self.db.write("DELETE FROM clubs WHERE id = %s", (club,))

    def set_owner(self, club: str, owner: str) -> None:
        self.db.write("UPDATE clubs SET owner = %s WHERE id = %s", (owner, club))

    def set_invite(self, club: str, owner: str, invite: str) -> bool:
        """The new invite, if ``owner`` (as the caller read it) still owns the club."""
        return self.db.write("UPDATE clubs SET invite = %s WHERE id = %s AND owner = %s", (invite, club, owner)) == 1


class ClubQueries(DailyQueries):
    """The club methods of the Store protocol, over a back end's primitives (``Dialect``)."""

    @contextmanager
    def club_transaction(self) -> Iterator[ClubStatements]:
        claim = f"INSERT INTO players (token, created) VALUES (%s, %s) ON CONFLICT (token) {self.CLAIM_PLAYER}"
        with self._transaction() as db:
            yield ClubStatements(db, claim)

    def club(self, club: str) -> Club | None:
        found = self._one(f"{_CLUB} WHERE c.id = %s", (club,))
        return None if found is None else Club(*found)

    def player_clubs(self, player: str) -> list[Club]:
        found = self._all(
            f"{_CLUB} JOIN club_members j ON j.club = c.id WHERE j.player = %s ORDER BY j.joined, c.id", (player,)
        )
        return [Club(*one) for one in found]

    def is_member(self, club: str, player: str) -> bool:
        return self._one("SELECT 1 FROM club_members WHERE club = %s AND player = %s", (club, player)) is not None

    def club_members(self, club: str) -> list[ClubMember]:
        return _members(self._all(_MEMBERS, (club,)))

    def club_results(self, club: str, first_day: str, last_day: str) -> list[DailyResult]:
        found = self._all(
            f"{_named('club_results')} WHERE r.club = %s AND r.day BETWEEN %s AND %s ORDER BY r.player, r.day, r.level",
            (club, first_day, last_day),
        )
        return [_result(one) for one in found]

    def club_board(self, club: str, day: str, level: str, player: str, top: int = 50, around: int = 2) -> DailyBoard:
        return self._board(_club_scope(club), day, level, player, top, around)


def _club_scope(club: str) -> BoardScope:
    """A club's board: the site's queries over the club's own copy of its members' results."""
    return BoardScope("club_results", "r.club = %s AND ", (club,), tallied=False)


def _members(found: list[tuple[Any, ...]]) -> list[ClubMember]:
    return [ClubMember(*one) for one in found]


def _count(found: tuple[Any, ...] | None) -> int:
    return int(found[0]) if found else 0
