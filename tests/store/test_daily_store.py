"""The store's daily deals (spider/store/daily.py): the deals, the statements of a counted attempt
that the play layer runs in a transaction (spider/play/attempts.py decides when), and the boards
read from them. The same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import time

import pytest

from spider.store import DailyDeal, DealSeal, GameRow, Store, utc_day
from spider.store.base import FinishedAttempt, Transaction

LEVEL = "spider-1-classic"
TODAY = utc_day(time.time())
YESTERDAY = utc_day(time.time() - 86400)


def player(n: int) -> str:
    return f"player{n}".ljust(32, "x")


def daily_row(game_id: str, who: str, day: str = TODAY, level: str = LEVEL) -> GameRow:
    return GameRow(
        id=game_id, player=who, level=level, profile="standard", code=None, deck=["AS"], daily=day, created=time.time()
    )


def count(tx: Transaction, finished: list[FinishedAttempt]) -> None:
    for attempt in finished:
        if not attempt.assisted:
            tx.count_result(attempt)


def begin(store: Store, row: GameRow, attempt: bool = True) -> None:
    """The statements of a new daily game: the active game's attempt lost, the game, its attempt."""
    now = time.time()
    with store.transaction() as tx:
        tx.claim_player(row.player, now)
        count(tx, tx.end_attempt(row.player, now, TODAY))
        tx.create_game(row, [], now)
        if attempt and row.daily is not None:
            tx.start_attempt(row.daily, row.level, row.player, row.id)


def play_out(store: Store, who: str, game_id: str, status: str, moves: int, seconds: float) -> None:
    """Write the game's one action, finishing it with ``status``, and its attempt with it."""
    row = store.get_game(who, game_id)
    assert row is not None
    row.moves, row.status, row.finished = moves, status, time.time()
    with store.transaction() as tx:
        assert tx.append_actions(row, [("deal", seconds)], time.time())
        count(tx, tx.finish_attempt(row, seconds, row.finished, TODAY))


def deal(day: str = TODAY, level: str = LEVEL, difficulty: str = "easy") -> DailyDeal:
    return DailyDeal(day=day, level=level, deck=["AS", "2S"], line=["1-2"], difficulty=difficulty)


def test_the_site_value_stored_first_is_the_one_everyone_gets(store: Store, opener) -> None:  # type: ignore[no-untyped-def]
    assert store.site_value("daily_secret", "first") == "first"
    assert opener().site_value("daily_secret", "second") == "first"


def test_the_first_deal_written_for_a_day_and_level_is_kept(store: Store) -> None:
    assert store.daily_deal(TODAY, LEVEL) is None
    assert store.add_daily_deal(deal(), time.time()) == deal()
    assert store.add_daily_deal(deal(difficulty="hard"), time.time()) == deal()  # another process was later
    store.add_daily_deal(deal(level="spiderette-1-classic"), time.time())
    assert {d.level for d in store.daily_deals(TODAY)} == {LEVEL, "spiderette-1-classic"}
    assert store.daily_deals(YESTERDAY) == []


def test_a_deals_seal_is_kept_with_it_and_an_unsealed_deal_reads_back_unsealed(store: Store) -> None:
    sealed = DailyDeal(TODAY, LEVEL, ["AS", "2S"], ["1-2"], "easy", DealSeal("a" * 64, "b" * 64, 3))
    assert store.add_daily_deal(sealed, time.time()) == sealed
    assert store.daily_deal(TODAY, LEVEL) == sealed and store.daily_deals(TODAY) == [sealed]
    assert store.add_daily_deal(deal(YESTERDAY), time.time()).seal is None  # as a deal made before seals


def test_an_attempt_is_started_once_per_player_and_deal(store: Store) -> None:
    begin(store, daily_row("first", player(1)))
    begin(store, daily_row("again", player(1)))  # the same statement again: nothing written
    counted = store.daily_result(TODAY, LEVEL, player(1))
    assert counted is not None and (counted.game, counted.state) == ("first", "lost")
    assert [g.id for g in store.daily_games(player(1), TODAY)] == ["first", "again"]


def test_a_game_without_its_statement_makes_no_attempt(store: Store) -> None:
    store.create_game(daily_row("daily", player(1)))  # the store alone decides nothing
    assert store.daily_result(TODAY, LEVEL, player(1)) is None
    assert [g.id for g in store.daily_games(player(1), TODAY)] == ["daily"]


def test_ending_an_attempt_loses_it_at_its_games_moves_and_time(store: Store) -> None:
    begin(store, daily_row("daily", player(1)))
    row = store.get_game(player(1), "daily")
    assert row is not None
    row.moves = 7
    assert store.append_actions(row, [("1-2", 12.5)], time.time())
    with store.transaction() as tx:
        ended = tx.end_attempt(player(1), time.time(), TODAY)
        assert [(a.day, a.level, a.lost, a.moves, a.assisted) for a in ended] == [(TODAY, LEVEL, 1, 7, False)]
        assert tx.end_attempt(player(1), time.time(), TODAY) == []  # lost already
    lost = store.daily_result(TODAY, LEVEL, player(1))
    assert lost is not None and (lost.state, lost.moves, lost.seconds) == ("lost", 7, 12.5)
    assert lost.finished is not None


def test_an_attempt_of_a_day_before_since_is_not_changed(store: Store) -> None:
    begin(store, daily_row("old", player(1), day=YESTERDAY))
    row = store.get_game(player(1), "old")
    assert row is not None
    row.status, row.moves = "won", 3
    with store.transaction() as tx:
        assert tx.finish_attempt(row, 9.0, time.time(), TODAY) == []
        assert tx.end_attempt(player(1), time.time(), TODAY) == []
    old = store.daily_result(YESTERDAY, LEVEL, player(1))
    assert old is not None and old.state == "playing"


def test_a_transaction_that_raises_writes_nothing(store: Store) -> None:
    with pytest.raises(RuntimeError), store.transaction() as tx:
        tx.claim_player(player(1), time.time())
        tx.create_game(daily_row("daily", player(1)), [("deal", 1.0)], time.time())
        tx.start_attempt(TODAY, LEVEL, player(1), "daily")
        raise RuntimeError("after the statements")
    assert store.get_game(player(1), "daily") is None and store.daily_result(TODAY, LEVEL, player(1)) is None
    begin(store, daily_row("daily", player(1)))  # and the store goes on working
    assert store.daily_result(TODAY, LEVEL, player(1)) is not None


def test_asking_the_solver_marks_the_attempt_assisted(store: Store) -> None:
    begin(store, daily_row("daily", player(1)))
    store.mark_assisted(player(1), "daily")
    play_out(store, player(1), "daily", "won", moves=100, seconds=60.0)
    result = store.daily_result(TODAY, LEVEL, player(1))
    assert result is not None and result.assisted and result.state == "won"
    assert store.daily_results(player(1), YESTERDAY, TODAY) == [result]
    assert store.daily_results(player(1), YESTERDAY, YESTERDAY) == []


def test_the_board_ranks_won_before_lost_then_moves_then_time(store: Store) -> None:
    # player: (status, moves, seconds)
    outcomes = {
        1: ("lost", 10, 10.0),
        2: ("won", 150, 500.0),
        3: ("won", 120, 900.0),
        4: ("won", 120, 400.0),
        5: ("won", 100, 999.0),
        6: ("lost", 5, 5.0),
    }
    for n, (status, moves, seconds) in outcomes.items():
        begin(store, daily_row(f"g{n}", player(n)))
        play_out(store, player(n), f"g{n}", status, moves, seconds)
    begin(store, daily_row("helped", player(7)))
    store.mark_assisted(player(7), "helped")
    play_out(store, player(7), "helped", "won", 90, 10.0)
    begin(store, daily_row("playing", player(8)))

    board = store.daily_board(TODAY, LEVEL, player(3), top=3, around=1)
    assert [(rank, r.player) for rank, r in board.top] == [(1, player(5)), (2, player(4)), (3, player(3))]
    assert [r.player for r in board.apart] == [player(7)]
    assert board.rank == 3 and board.you is not None and board.you.player == player(3)
    assert [(rank, r.player) for rank, r in board.around] == [(2, player(4)), (3, player(3)), (4, player(2))]

    last = store.daily_board(TODAY, LEVEL, player(1), top=50, around=2)
    assert [r.player for _, r in last.top] == [player(n) for n in (5, 4, 3, 2, 6, 1)]
    assert last.rank == 6 and [rank for rank, _ in last.around] == [4, 5, 6]

    for unranked in (player(7), player(8), player(9)):  # assisted, still playing, never played
        board = store.daily_board(TODAY, LEVEL, unranked)
        assert board.rank is None and board.around == []
    assert store.daily_board(TODAY, LEVEL, player(8)).you is not None


def test_every_rank_is_the_players_place_in_the_whole_order(store: Store) -> None:
    """Ranks come from a tally by moves plus a count within the player's moves: check them all
    against the order itself, with many ties of moves (and some of seconds)."""
    expected = []
    for n in range(40):
        status = "won" if n % 3 else "lost"
        moves, seconds = 100 + n % 4, float(n % 5)
        begin(store, daily_row(f"g{n}", player(n)))
        play_out(store, player(n), f"g{n}", status, moves, seconds)
        found = store.daily_result(TODAY, LEVEL, player(n))
        assert found is not None and found.finished is not None
        expected.append((status != "won", moves, seconds, found.finished, player(n)))
    expected.sort()
    for place, (*_, who) in enumerate(expected, start=1):
        assert store.daily_board(TODAY, LEVEL, who, top=1).rank == place


def test_a_results_rank_is_its_place_on_the_board_and_none_when_not_ranked(store: Store) -> None:
    for n, (status, moves) in enumerate([("won", 120), ("won", 100), ("lost", 5)], start=1):
        begin(store, daily_row(f"g{n}", player(n)))
        play_out(store, player(n), f"g{n}", status, moves, 60.0)
    begin(store, daily_row("playing", player(4)))
    ranks = {}
    for n in range(1, 5):
        result = store.daily_result(TODAY, LEVEL, player(n))
        assert result is not None
        ranks[n] = store.daily_rank(result)
        assert ranks[n] == store.daily_board(TODAY, LEVEL, player(n)).rank
    assert ranks == {1: 2, 2: 1, 3: 3, 4: None}
