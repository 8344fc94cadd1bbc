"""The clubs' rules (spider/play/clubs.py) over both stores: how many clubs a player may be in, how
many members a club may hold, who may replace its invite, and who takes a club over from an owner
who leaves; a refusal changes nothing."""

from __future__ import annotations

import pytest

from spider.play import clubs
from spider.play.clubs import BadInvite, ClubFull, Clubs, NoClub, NotOwner, TooManyClubs, successor
from spider.store import ClubMember, Store
from tests.play.test_use_cases import CountedLimits


def player(n: int) -> str:
    return f"player{n}".ljust(32, "x")


def test_a_club_is_made_with_its_maker_as_owner_and_joined_by_its_invite(store: Store) -> None:
    limits = CountedLimits()
    service = Clubs(store, limits)
    made = service.make(player(1), "  Friends ", "10.0.0.1")
    assert (made.name, made.members, made.owner) == ("Friends", 1, True) and made.invite is not None
    joined = service.join(player(2), made.invite, None)
    assert (joined.id, joined.members, joined.owner, joined.invite) == (made.id, 2, False, None)
    again = service.join(player(2), made.invite, None)  # a member already: in it, nothing changed
    assert again.members == 2
    with pytest.raises(BadInvite):
        service.join(player(3), "no-such-invite", None)
    assert [c.id for c in service.player_clubs(player(2)).clubs] == [made.id]
    # a club made and every try at an invite spend from the client's allowance
    assert limits.spent == [("invite", "10.0.0.1"), ("invite", None), ("invite", None), ("invite", None)]


def test_a_player_is_in_at_most_so_many_clubs(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clubs, "MOST_CLUBS", 2)
    service = Clubs(store, CountedLimits())
    for n in range(2):
        service.make(player(1), f"Club {n}", None)
    with pytest.raises(TooManyClubs):
        service.make(player(1), "One more", None)
    other = service.make(player(2), "Other", None)
    assert other.invite is not None
    with pytest.raises(TooManyClubs):
        service.join(player(1), other.invite, None)
    assert len(store.player_clubs(player(1))) == 2 and not store.is_member(other.id, player(1))


def test_a_club_holds_at_most_so_many_members(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clubs, "MOST_MEMBERS", 2)
    service = Clubs(store, CountedLimits())
    made = service.make(player(1), "Small", None)
    assert made.invite is not None
    service.join(player(2), made.invite, None)
    with pytest.raises(ClubFull):
        service.join(player(3), made.invite, None)
    assert not store.is_member(made.id, player(3))


def test_only_the_owner_replaces_the_invite_and_the_old_one_stops_working(store: Store) -> None:
    service = Clubs(store, CountedLimits())
    made = service.make(player(1), "Friends", None)
    assert made.invite is not None
    service.join(player(2), made.invite, None)
    with pytest.raises(NotOwner):
        service.replace_invite(player(2), made.id, None)
    with pytest.raises(NoClub):
        service.replace_invite(player(3), made.id, None)  # not in it: as if there were no such club
    fresh = service.replace_invite(player(1), made.id, None).invite
    assert fresh is not None and fresh != made.invite
    with pytest.raises(BadInvite):
        service.join(player(3), made.invite, None)
    assert service.join(player(3), fresh, None).members == 3


def test_the_longest_standing_member_takes_over_and_an_empty_club_is_gone(store: Store) -> None:
    service = Clubs(store, CountedLimits())
    made = service.make(player(1), "Friends", None)
    assert made.invite is not None
    service.join(player(2), made.invite, None)
    service.join(player(3), made.invite, None)
    with pytest.raises(NoClub):
        service.leave(player(4), made.id)
    service.leave(player(1), made.id)
    club = store.club(made.id)
    assert club is not None and club.owner == player(2) and club.members == 2
    service.leave(player(3), made.id)  # not the owner: nobody takes over
    club = store.club(made.id)
    assert club is not None and club.owner == player(2)
    service.leave(player(2), made.id)
    assert store.club(made.id) is None and store.player_clubs(player(2)) == []


def test_the_successor_is_the_earliest_to_join_ties_by_player() -> None:
    members = [ClubMember("b", None, None, 5.0), ClubMember("c", None, None, 3.0), ClubMember("a", None, None, 3.0)]
    assert successor(members) == "a"
