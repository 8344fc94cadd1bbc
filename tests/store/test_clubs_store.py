"""The store's clubs (spider/store/clubs.py): making, joining, leaving, the invite, and a daily
deal's leaderboard among a club's members. The same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import time

from spider.store import Store
from tests.store.test_daily_store import LEVEL, TODAY, begin, daily_row, play_out, player

MOST = 10  # clubs a player may be in
MEMBERS = 100  # members a club may have


def make(store: Store, club: str, owner: str) -> None:
    assert store.add_club(club, f"Club {club}", owner, f"invite-{club}", MOST, time.time())


def finish(store: Store, who: str, game_id: str, moves: int, status: str = "won") -> None:
    begin(store, daily_row(game_id, who))
    play_out(store, who, game_id, status, moves, 60.0)


def test_a_club_is_made_with_its_maker_in_it_and_joined_by_its_invite(store: Store) -> None:
    make(store, "c1", player(1))
    club = store.club("c1")
    assert club is not None and (club.name, club.owner, club.invite, club.members) == (
        "Club c1",
        player(1),
        "invite-c1",
        1,
    )
    assert store.join_club("invite-c1", player(2), MOST, MEMBERS, time.time())[0] == "joined"
    assert store.join_club("invite-c1", player(2), MOST, MEMBERS, time.time())[0] == "member"
    assert store.join_club("no-such-invite", player(2), MOST, MEMBERS, time.time()) == ("unknown", None)
    assert [m.player for m in store.club_members("c1")] == [player(1), player(2)]
    assert store.is_member("c1", player(2)) and not store.is_member("c1", player(3))
    assert [c.id for c in store.player_clubs(player(2))] == ["c1"]


def test_a_player_is_in_at_most_so_many_clubs_and_a_club_holds_at_most_so_many(store: Store) -> None:
    for n in range(MOST):
        make(store, f"c{n}", player(1))
    assert not store.add_club("c-extra", "Extra", player(1), "invite-extra", MOST, time.time())
    assert store.club("c-extra") is None
    make(store, "other", player(2))
    assert store.join_club("invite-other", player(1), MOST, MEMBERS, time.time())[0] == "too_many"
    assert store.join_club("invite-other", player(3), MOST, 2, time.time())[0] == "joined"
    assert store.join_club("invite-other", player(4), MOST, 2, time.time())[0] == "full"
    assert not store.is_member("other", player(4))


def test_a_replaced_invite_no_longer_joins_and_only_the_owner_replaces_it(store: Store) -> None:
    make(store, "c1", player(1))
    assert not store.replace_invite("c1", player(2), "stolen")
    assert store.replace_invite("c1", player(1), "fresh")
    assert store.join_club("invite-c1", player(2), MOST, MEMBERS, time.time())[0] == "unknown"
    assert store.join_club("fresh", player(2), MOST, MEMBERS, time.time())[0] == "joined"


def test_the_longest_standing_member_takes_over_and_an_empty_club_is_gone(store: Store) -> None:
    make(store, "c1", player(1))
    store.join_club("invite-c1", player(2), MOST, MEMBERS, time.time())
    store.join_club("invite-c1", player(3), MOST, MEMBERS, time.time())
    assert not store.leave_club("c1", player(4))
    assert store.leave_club("c1", player(1))
    club = store.club("c1")
    assert club is not None and club.owner == player(2) and club.members == 2
    assert store.leave_club("c1", player(3))
    assert store.club("c1") is not None and store.club("c1").owner == player(2)  # type: ignore[union-attr]
    assert store.leave_club("c1", player(2))
    assert store.club("c1") is None and store.player_clubs(player(2)) == []


def test_a_club_board_ranks_its_members_among_themselves(store: Store) -> None:
    make(store, "c1", player(1))
    store.join_club("invite-c1", player(3), MOST, MEMBERS, time.time())
    store.join_club("invite-c1", player(5), MOST, MEMBERS, time.time())
    for n, moves in [(1, 300), (2, 100), (3, 200), (4, 150), (5, 400)]:
        finish(store, player(n), f"g{n}", moves)
    site = store.daily_board(TODAY, LEVEL, player(1))
    assert [(rank, r.player) for rank, r in site.top] == [
        (1, player(2)),
        (2, player(4)),
        (3, player(3)),
        (4, player(1)),
        (5, player(5)),
    ]
    board = store.club_board("c1", TODAY, LEVEL, player(1), top=50, around=1)
    assert [(rank, r.player) for rank, r in board.top] == [(1, player(3)), (2, player(1)), (3, player(5))]
    assert board.rank == 2 and board.you is not None and board.you.player == player(1)
    assert [(rank, r.player) for rank, r in board.around] == [(1, player(3)), (2, player(1)), (3, player(5))]
    short = store.club_board("c1", TODAY, LEVEL, player(5), top=1, around=1)
    assert [r.player for _, r in short.top] == [player(3)] and short.rank == 3
    assert [(rank, r.player) for rank, r in short.around] == [(2, player(1)), (3, player(5))]


def test_a_club_board_keeps_the_sites_rules_for_playing_and_assisted_results(store: Store) -> None:
    make(store, "c1", player(1))
    store.join_club("invite-c1", player(2), MOST, MEMBERS, time.time())
    store.join_club("invite-c1", player(3), MOST, MEMBERS, time.time())
    finish(store, player(1), "g1", 200)
    begin(store, daily_row("g2", player(2)))  # still playing
    begin(store, daily_row("g3", player(3)))
    store.mark_assisted(player(3), "g3")
    play_out(store, player(3), "g3", "won", 50, 30.0)
    board = store.club_board("c1", TODAY, LEVEL, player(2))
    assert [r.player for _, r in board.top] == [player(1)]
    assert [r.player for r in board.apart] == [player(3)]
    assert board.you is not None and board.you.state == "playing" and board.rank is None


def test_a_non_member_has_no_place_on_a_club_board(store: Store) -> None:
    make(store, "c1", player(1))
    finish(store, player(1), "g1", 200)
    finish(store, player(2), "g2", 100)
    board = store.club_board("c1", TODAY, LEVEL, player(2))
    assert board.you is None and board.rank is None and [r.player for _, r in board.top] == [player(1)]


def test_club_results_are_the_members_results(store: Store) -> None:
    make(store, "c1", player(1))
    finish(store, player(1), "g1", 200)
    finish(store, player(2), "g2", 100)
    assert [(r.player, r.state) for r in store.club_results("c1", TODAY, TODAY)] == [(player(1), "won")]


def test_a_player_in_a_club_is_not_forgotten_as_an_unused_one(store: Store) -> None:
    make(store, "c1", player(1))
    assert store.expire_players(time.time() + 1) == 0
    assert store.is_member("c1", player(1))


def test_a_big_clubs_board_read_in_the_sites_order_ranks_the_same(store: Store) -> None:
    # 6 of 8 players in the club: its top and neighbours are read along the site's board, not its members
    make(store, "c1", player(1))
    for n in range(2, 7):
        store.join_club("invite-c1", player(n), MOST, MEMBERS, time.time())
    for n, moves in [(1, 300), (2, 100), (3, 200), (4, 150), (5, 400), (6, 250), (7, 50), (8, 120)]:
        finish(store, player(n), f"g{n}", moves)
    order = [player(n) for n in (2, 4, 3, 6, 1, 5)]  # the members by moves
    for top in (1, 3, 50):
        for n in range(1, 7):
            board = store.club_board("c1", TODAY, LEVEL, player(n), top=top, around=1)
            assert [r.player for _, r in board.top] == order[:top]
            rank = order.index(player(n)) + 1
            assert board.rank == rank
            expected = [(i + 1, order[i]) for i in range(max(0, rank - 2), min(len(order), rank + 1))]
            assert [(r, found.player) for r, found in board.around] == expected
