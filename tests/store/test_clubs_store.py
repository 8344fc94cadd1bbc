"""The store's clubs (spider/store/clubs.py): the statements of a clubs transaction, and a daily
deal's leaderboard among a club's members. The same tests on SQLite and on PostgreSQL. Who may
make, join or leave a club, and who takes it over, is the play layer's (tests/play/test_clubs.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from spider.play.clubs import Clubs
from spider.store import Club, Store, schema, token_hash
from tests.play.test_use_cases import CountedLimits
from tests.store.test_daily_store import LEVEL, TODAY, begin, daily_row, play_out, player


def make(store: Store, club: str, owner: str) -> None:
    now = time.time()
    with store.club_transaction() as tx:
        tx.claim_player(owner, now)
        tx.add_club(Club(club, f"Club {club}", owner, f"invite-{club}", now, members=1))


def join(store: Store, club: str, who: str) -> None:
    now = time.time()
    with store.club_transaction() as tx:
        tx.claim_player(who, now)
        tx.add_member(club, who, now)


def leave(store: Store, club: str, who: str) -> None:
    Clubs(store, CountedLimits()).leave(who, club)  # the play layer's: an owner leaving hands the club over


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
    join(store, "c1", player(2))
    with store.club_transaction() as tx:
        found = tx.club_of_invite("invite-c1")
        assert found is not None and found.id == "c1" and found.members == 2
        assert tx.club_of_invite("no-such-invite") is None
        assert tx.clubs_of(player(2)) == 1 and tx.clubs_of(player(3)) == 0
    assert [m.player for m in store.club_members("c1")] == [player(1), player(2)]
    assert store.is_member("c1", player(2)) and not store.is_member("c1", player(3))
    assert [c.id for c in store.player_clubs(player(2))] == ["c1"]


def test_a_club_transaction_writes_all_or_nothing(store: Store) -> None:
    make(store, "c1", player(1))
    with pytest.raises(RuntimeError), store.club_transaction() as tx:
        tx.add_member("c1", player(2), time.time())
        raise RuntimeError("the play layer refused half-way")
    assert not store.is_member("c1", player(2))


def test_an_invite_is_replaced_only_for_the_owner_the_caller_read(store: Store) -> None:
    make(store, "c1", player(1))
    with store.club_transaction() as tx:
        assert not tx.set_invite("c1", player(2), "stolen")
        assert tx.set_invite("c1", player(1), "fresh")
    club = store.club("c1")
    assert club is not None and club.invite == "fresh"


def test_removing_members_owners_and_clubs(store: Store) -> None:
    make(store, "c1", player(1))
    join(store, "c1", player(2))
    with store.club_transaction() as tx:
        assert not tx.remove_member("c1", player(3))
        assert tx.remove_member("c1", player(1))
        assert [m.player for m in tx.members("c1")] == [player(2)]
        tx.set_owner("c1", player(2))
    club = store.club("c1")
    assert club is not None and club.owner == player(2) and club.members == 1
    with store.club_transaction() as tx:
        assert tx.remove_member("c1", player(2)) and tx.members("c1") == []
        tx.remove_club("c1")
    assert store.club("c1") is None and store.player_clubs(player(2)) == []


def test_a_club_board_ranks_its_members_among_themselves(store: Store) -> None:
    make(store, "c1", player(1))
    join(store, "c1", player(3))
    join(store, "c1", player(5))
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
    join(store, "c1", player(2))
    join(store, "c1", player(3))
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


def test_a_club_board_is_the_sites_board_among_the_members_whoever_joined_or_left_when(store: Store) -> None:
    # the club's own copy of its members' results (kept by triggers) follows every write: results
    # made before and after a member joined, a member who left, a result settled after review
    make(store, "c1", player(1))
    join(store, "c1", player(2))
    for n in range(1, 13):
        moves, lost = 50 + (n * 37) % 200, n % 4 == 0
        begin(store, daily_row(f"g{n}", player(n)))
        standing = "review" if n in (5, 11) else "ranked"
        play_out(store, player(n), f"g{n}", "lost" if lost else "won", moves, 60.0 + n, 3 * lost, 9 * lost, standing)
    for n in (3, 5, 6, 8, 9, 11):  # joined after their results were written
        join(store, "c1", player(n))
    leave(store, "c1", player(6))
    assert store.settle_review(TODAY, LEVEL, player(5), ranked=True)  # 11 stays under review
    members = [player(n) for n in (1, 2, 3, 5, 8, 9, 11)]
    site = store.daily_board(TODAY, LEVEL, player(1), top=50)
    order = [r.player for _, r in site.top if r.player in members]
    assert len(order) == 6 and player(11) not in order and player(5) in order
    for who in members:
        board = store.club_board("c1", TODAY, LEVEL, who, top=4, around=1)
        assert [r.player for _, r in board.top] == order[:4]
        assert [r.player for r in board.apart] == [player(11)]
        if who == player(11):
            assert board.rank is None and board.you is not None and board.you.standing == "review"
            continue
        rank = order.index(who) + 1
        assert board.rank == rank
        assert [(r, found.player) for r, found in board.around] == [
            (i + 1, order[i]) for i in range(max(0, rank - 2), min(len(order), rank + 1))
        ]
    gone = store.club_board("c1", TODAY, LEVEL, player(6))
    assert gone.you is None and player(6) not in [r.player for _, r in gone.top]
    assert {r.player for r in store.club_results("c1", TODAY, TODAY)} == set(members)


def test_a_result_counts_in_each_of_its_players_clubs_and_goes_with_the_last_member(store: Store) -> None:
    make(store, "c1", player(1))
    make(store, "c2", player(1))
    join(store, "c2", player(2))
    finish(store, player(1), "g1", 120)
    finish(store, player(2), "g2", 90)
    assert [r.player for _, r in store.club_board("c1", TODAY, LEVEL, player(1)).top] == [player(1)]
    two = store.club_board("c2", TODAY, LEVEL, player(1))
    assert [r.player for _, r in two.top] == [player(2), player(1)] and two.rank == 2
    leave(store, "c1", player(1))
    assert store.club("c1") is None and store.club_results("c1", TODAY, TODAY) == []


def test_a_store_that_had_clubs_before_their_copies_ranks_them_after_the_upgrade(
    database: str, opener: Callable[[], Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the schema of the release before club_copies.py: its step not applied yet. The steps after it
    # up to the players' hashed tokens (graded winnable deals, perfect games) are applied before it
    # here, as today's code that writes the games needs them; the players' ids are hashed after.
    steps = schema.MIGRATIONS
    club_step = next(step for step in steps if "CREATE TABLE club_results" in str(step.changes))
    hashed = next(i for i, step in enumerate(steps) if "player_tokens" in str(step.changes))
    ordered = [step for step in steps[:hashed] if step is not club_step] + [club_step, *steps[hashed:]]
    monkeypatch.setattr(schema, "MIGRATIONS", ordered)
    with monkeypatch.context() as older:
        older.setattr(schema, "MIGRATIONS", ordered[: hashed - 1])
        before = opener()
        make(before, "c1", player(1))
        join(before, "c1", player(2))
        for n, moves in [(1, 200), (2, 100), (3, 50)]:
            finish(before, player(n), f"g{n}", moves)
        before.close()
    after = opener()
    board = after.club_board("c1", TODAY, LEVEL, token_hash(player(1)))
    ranked = [(1, token_hash(player(2))), (2, token_hash(player(1)))]
    assert [(rank, r.player) for rank, r in board.top] == ranked and board.rank == 2
