"""Clubs in the store: who is in which club, its invite, and a daily deal's leaderboard among its members.

A club's board is the site's (``DailyQueries._board``: the same queries, order and rules) over the
club's own copy of its members' results (``club_results``, kept by the database's triggers:
club_copies.py), whose index is the board's order behind the club. So its top, its kinds apart and
a player's neighbours are each one short range of that index, whatever the club's size or the day's;
a rank counts the club's results ahead of the player's (the site's tally, ``daily_tally``, cannot
rank within a club), at most as many as the club has members."""

from __future__ import annotations

from typing import Any

from .base import Club, ClubMember, DailyBoard, DailyResult
from .daily import BoardScope, DailyQueries, _named, _result

CLUB_COLUMNS = "c.id, c.name, c.owner, c.invite, c.created"
_CLUB = f"SELECT {CLUB_COLUMNS}, (SELECT count(*) FROM club_members n WHERE n.club = c.id) FROM clubs c"
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
            f"{_named('club_results')} WHERE r.club = %s AND r.day BETWEEN %s AND %s ORDER BY r.player, r.day, r.level",
            (club, first_day, last_day),
        )
        return [_result(one) for one in found]

    def club_board(self, club: str, day: str, level: str, player: str, top: int = 50, around: int = 2) -> DailyBoard:
        return self._board(_club_scope(club), day, level, player, top, around)


def _club_scope(club: str) -> BoardScope:
    """A club's board: the site's queries over the club's own copy of its members' results."""
    return BoardScope("club_results", "r.club = %s AND ", (club,), tallied=False)


def _count(found: tuple[Any, ...] | None) -> int:
    return int(found[0]) if found else 0
