"""Clubs (docs/RULES.md, Boards among friends): players who see the daily leaderboards among
themselves. Who may make, join, leave a club or replace its invite (a player in at most
MOST_CLUBS, a club of at most MOST_MEMBERS; the longest-standing member takes over from an owner
who leaves), and what a club's page shows; the store only keeps what this decides, in one
transaction each. A club is private: to anyone not in it, it
does not exist (the same refusal as an unknown one), so its name and members never leak."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, TypeVar

from .. import clock
from ..daily import days
from ..daily.levels import LEVELS
from ..daily.names import anonymous_name, check_name, public_id
from ..daily.summary import FIRST_DAY
from ..engine import N_, SpiderError, Translations
from ..store import Club, ClubMember, DailyResult, Store
from . import calendar
from .club_answers import ClubList, ClubMemberView, ClubPage, ClubSummary, MemberResult
from .limits import INVITE, Limits

MOST_CLUBS = 10  # clubs a player may be in
MOST_MEMBERS = 100  # players a club may hold: a club is among friends, and its page lists everyone
INVITE_BYTES = 16  # an invite's randomness: 128 bits, never guessed
CLUB_ID_BYTES = 9
S = TypeVar("S", bound=ClubSummary)


class ClubRefusal(SpiderError):
    """Something about clubs the rules refuse; nothing changed. The web layer gives each its status."""


class NoClub(ClubRefusal):
    def __init__(self) -> None:
        super().__init__("no_club", N_("There is no such club, or you are not in it"))


class BadInvite(ClubRefusal):
    def __init__(self) -> None:
        super().__init__(
            "bad_invite",
            N_("This invite link does not work: it is mistyped, or the club has replaced it with a new one"),
        )


class TooManyClubs(ClubRefusal):
    def __init__(self) -> None:
        super().__init__("too_many_clubs", N_("You are in {most} clubs already: leave one first"), most=MOST_CLUBS)


class ClubFull(ClubRefusal):
    def __init__(self) -> None:
        super().__init__("club_full", N_("This club has {most} members already"), most=MOST_MEMBERS)


class NotOwner(ClubRefusal):
    def __init__(self) -> None:
        super().__init__("not_owner", N_("Only the club's owner can replace its invite link"))


def new_invite() -> str:
    return secrets.token_urlsafe(INVITE_BYTES)


def successor(members: Sequence[ClubMember]) -> str:
    """Who takes a club over from an owner who leaves: its longest-standing member."""
    return min(members, key=lambda member: (member.joined, member.player)).player


def summary(club: Club, player: str, kind: type[S] = ClubSummary, **more: Any) -> S:  # type: ignore[assignment]
    """A club as a list of them shows it (or as ``kind`` shows it, with its ``more``); its invite
    only to its owner."""
    owner = club.owner == player
    invite = club.invite if owner else None
    return kind(id=club.id, name=club.name, members=club.members, owner=owner, invite=invite, **more)


class Clubs:
    """The clubs' use cases over the store."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits

    def player_clubs(self, player: str) -> ClubList:
        return ClubList(clubs=[summary(club, player) for club in self.store.player_clubs(player)], most=MOST_CLUBS)

    def make(self, player: str, name: str, client: str | None) -> ClubSummary:
        """A new club named ``name`` (the display names' rule: bad_name), its maker its owner and first
        member. Spends from the client's allowance: a club made is an invite (and rows) kept."""
        with self.limits.spending(INVITE, client):
            return self._make(player, name)

    def _make(self, player: str, name: str) -> ClubSummary:
        kept = check_name(name)
        now = clock.now()
        club = Club(secrets.token_urlsafe(CLUB_ID_BYTES), kept, player, new_invite(), now, members=1)
        with self.store.club_transaction() as tx:
            tx.claim_player(player, now)
            if tx.clubs_of(player) >= MOST_CLUBS:
                raise TooManyClubs()
            tx.add_club(club)
        return summary(club, player)

    def join(self, player: str, invite: str, client: str | None) -> ClubSummary:
        """Join the club whose invite this is; a member already stays one, nothing changed. Every try
        spends from the client's allowance, so that nobody guesses an invite."""
        with self.limits.spending(INVITE, client):
            return self._join(player, invite)

    def _join(self, player: str, invite: str) -> ClubSummary:
        now = clock.now()
        with self.store.club_transaction() as tx:
            tx.claim_player(player, now)
            club = tx.club_of_invite(invite)
            if club is None:
                raise BadInvite()
            if not tx.is_member(club.id, player):
                if tx.clubs_of(player) >= MOST_CLUBS:
                    raise TooManyClubs()
                if club.members >= MOST_MEMBERS:
                    raise ClubFull()
                tx.add_member(club.id, player, now)
                club.members += 1
        return summary(club, player)

    def leave(self, player: str, club_id: str) -> None:
        """Leave the club: its longest-standing member takes over from an owner who leaves, and a
        club nobody is in is gone."""
        with self.store.club_transaction() as tx:
            club = tx.club(club_id)
            if club is None or not tx.remove_member(club_id, player):
                raise NoClub()
            members = tx.members(club_id)
            if not members:
                tx.remove_club(club_id)
            elif club.owner == player:
                tx.set_owner(club_id, successor(members))

    def replace_invite(self, player: str, club_id: str, client: str | None) -> ClubSummary:
        """A new invite link (its owner only); the old one stops working at once."""
        with self.limits.spending(INVITE, client), self.store.club_transaction() as tx:
            club = tx.club(club_id)
            if club is None or not tx.is_member(club_id, player):
                raise NoClub()
            if club.owner != player:
                raise NotOwner()
            club.invite = new_invite()
            if not tx.set_invite(club_id, player, club.invite):  # handed over meanwhile
                raise NotOwner()
        return summary(club, player)

    def member_club(self, player: str, club_id: str) -> Club:
        """The club, if the player is in it: else NoClub, for an unknown club alike."""
        club = self.store.club(club_id)
        if club is None or not self.store.is_member(club_id, player):
            raise NoClub()
        return club

    def page(self, player: str, club_id: str, tr: Translations) -> ClubPage:
        """The club for a member: its members, each with today's counted results and daily streaks."""
        club = self.member_club(player, club_id)
        today = days.today()
        results: dict[str, list[DailyResult]] = {}
        for result in self.store.club_results(club_id, FIRST_DAY, today):
            results.setdefault(result.player, []).append(result)
        roster = [
            _member(member, club, player, results.get(member.player, []), today, tr)
            for member in self.store.club_members(club_id)
        ]
        return summary(club, player, ClubPage, date=today, levels=list(LEVELS), roster=roster)


def _member(
    member: ClubMember, club: Club, player: str, theirs: list[DailyResult], today: str, tr: Translations
) -> ClubMemberView:
    by_level = {r.level: r for r in theirs if r.day == today}
    return ClubMemberView(
        name=member.name or anonymous_name(member.player, tr),
        player=member.public or public_id(member.player),
        you=member.player == player,
        owner=member.player == club.owner,
        streak=calendar.streaks(theirs, today),
        today=[
            MemberResult(level=level, state=r.state, moves=r.moves, seconds=r.seconds, assisted=r.assisted)  # type: ignore[arg-type]
            for level in LEVELS
            if (r := by_level.get(level)) is not None
        ],
    )
