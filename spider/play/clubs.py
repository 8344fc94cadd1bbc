"""Clubs (docs/RULES.md, Boards among friends): players who see the daily leaderboards among
themselves. Who may make, join, leave a club or replace its invite, and what a club's page and
board show; the store only keeps what this decides. A club is private: to anyone not in it, it
does not exist (the same refusal as an unknown one), so its name and members never leak."""

from __future__ import annotations

import secrets
from typing import Any

from .. import clock
from ..daily import calendar as daily_calendar
from ..daily import days
from ..daily.board import AROUND, TOP, answer
from ..daily.levels import LEVELS
from ..daily.names import anonymous_name, check_name, public_id
from ..daily.summary import FIRST_DAY
from ..engine import N_, SpiderError, Translations
from ..store import Club, Store

MOST_CLUBS = 10  # clubs a player may be in
MOST_MEMBERS = 100  # players a club may hold: a club is among friends, and its page lists everyone
INVITE_BYTES = 16  # an invite's randomness: 128 bits, never guessed
CLUB_ID_BYTES = 9


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


def summary(club: Club, player: str) -> dict[str, Any]:
    """A club as a list of them shows it; its invite only to its owner."""
    owner = club.owner == player
    return {
        "id": club.id,
        "name": club.name,
        "members": club.members,
        "owner": owner,
        "invite": club.invite if owner else None,
    }


def player_clubs(store: Store, player: str) -> dict[str, Any]:
    return {"clubs": [summary(club, player) for club in store.player_clubs(player)], "most": MOST_CLUBS}


def make_club(store: Store, player: str, name: str) -> dict[str, Any]:
    """A new club named ``name`` (the display names' rule: bad_name), its maker its owner and first member."""
    kept = check_name(name)
    club_id = secrets.token_urlsafe(CLUB_ID_BYTES)
    if not store.add_club(club_id, kept, player, new_invite(), MOST_CLUBS, clock.now()):
        raise TooManyClubs()
    club = store.club(club_id)
    assert club is not None  # just made; only its last member's leaving removes it
    return summary(club, player)


def join_club(store: Store, player: str, invite: str) -> dict[str, Any]:
    outcome, club = store.join_club(invite, player, MOST_CLUBS, MOST_MEMBERS, clock.now())
    if outcome == "unknown" or club is None:
        raise BadInvite()
    if outcome == "too_many":
        raise TooManyClubs()
    if outcome == "full":
        raise ClubFull()
    return summary(club, player)  # joined now, or a member already: either way in it


def leave_club(store: Store, player: str, club_id: str) -> None:
    if not store.leave_club(club_id, player):
        raise NoClub()


def replace_invite(store: Store, player: str, club_id: str) -> dict[str, Any]:
    """A new invite link; the old one stops working at once."""
    member_club(store, player, club_id)
    if not store.replace_invite(club_id, player, new_invite()):
        raise NotOwner()
    club = store.club(club_id)
    if club is None:  # its last member left meanwhile
        raise NoClub()
    return summary(club, player)


def member_club(store: Store, player: str, club_id: str) -> Club:
    """The club, if the player is in it: else NoClub, for an unknown club alike."""
    club = store.club(club_id)
    if club is None or not store.is_member(club_id, player):
        raise NoClub()
    return club


def club_board(store: Store, club_id: str, day: str, level: str, player: str, tr: Translations) -> dict[str, Any]:
    """The deal's leaderboard among the club's members (the site's shape and rules), for a member."""
    member_club(store, player, club_id)
    board = store.club_board(club_id, day, level, player, TOP, AROUND)
    return answer(board, day, level, player, tr) | {"club": club_id}


def club_page(store: Store, club_id: str, player: str, tr: Translations) -> dict[str, Any]:
    """The club for a member: its members, each with today's counted results and daily streaks."""
    club = member_club(store, player, club_id)
    today = days.today()
    results: dict[str, list[Any]] = {}
    for result in store.club_results(club_id, FIRST_DAY, today):
        results.setdefault(result.player, []).append(result)
    members = []
    for member in store.club_members(club_id):
        theirs = results.get(member.player, [])
        by_level = {r.level: r for r in theirs if r.day == today}
        members.append(
            {
                "name": member.name or anonymous_name(member.player, tr),
                "player": member.public or public_id(member.player),
                "you": member.player == player,
                "owner": member.player == club.owner,
                "streak": daily_calendar.streaks(theirs, today),
                "today": [
                    {"level": level, "state": r.state, "moves": r.moves, "seconds": r.seconds, "assisted": r.assisted}
                    for level in LEVELS
                    if (r := by_level.get(level)) is not None
                ],
            }
        )
    return summary(club, player) | {"date": today, "levels": list(LEVELS), "roster": members}
