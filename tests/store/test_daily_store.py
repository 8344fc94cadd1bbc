"""The store's daily deals (spider/store/daily.py): the deals, the statements of a counted attempt
that the play layer runs in a transaction (spider/play/attempts.py decides when), and the boards
read from them. The same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import time

import pytest

from spider.store import DailyDeal, DealSeal, GameRow, Store, utc_day
from spider.store.base import AttemptEnd, FinishedAttempt, Transaction

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
        if attempt.ranked:
            tx.count_result(attempt)


def ending(lost: bool, moves: int, seconds: float, sets_left: int = 0, face_down: int = 0, standing: str = "ranked"):  # type: ignore[no-untyped-def]
    return AttemptEnd(lost, moves, seconds, sets_left, face_down, standing, None)


def begin(store: Store, row: GameRow, attempt: bool = True) -> None:
    """The statements of a new daily game: the active game ended and its attempt lost, the game, its attempt."""
    now = time.time()
    with store.transaction() as tx:
        tx.claim_player(row.player, now)
        active = tx.active_game(row.player)
        if active is not None:
            tx.end_game(active.id, "lost" if active.version else "abandoned", now)
            count(tx, tx.finish_attempt(active.id, ending(True, active.version, 1.0, 8, 44), now, TODAY))
        tx.create_game(row, [], now)
        if attempt and row.daily is not None:
            tx.start_attempt(row.daily, row.level, row.player, row.id)


def play_out(  # noqa: PLR0913
    store: Store,
    who: str,
    game_id: str,
    status: str,
    moves: int,
    seconds: float,
    sets_left: int = 0,
    face_down: int = 0,
    standing: str = "ranked",
) -> None:
    """Write the game's one action, finishing it with ``status``, and its attempt as measured so."""
    row = store.get_game(who, game_id)
    assert row is not None
    row.moves, row.status, row.finished = moves, status, time.time()
    end = ending(status != "won", moves, seconds, sets_left, face_down, standing)
    with store.transaction() as tx:
        assert tx.append_actions(row, [("deal", seconds)], time.time())
        count(tx, tx.finish_attempt(row.id, end, row.finished, TODAY))


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


def test_finishing_an_attempt_writes_what_the_play_layer_measured(store: Store) -> None:
    begin(store, daily_row("daily", player(1)))
    row = store.get_game(player(1), "daily")
    assert row is not None
    before = time.time()
    assert store.append_actions(row, [("1-2", 0.0)], before)
    with store.transaction() as tx:
        assert tx.action_moments("daily") == [before]  # the server's moment, beside the client's 0.0
        ended = tx.finish_attempt("daily", ending(True, 7, 12.5, 3, 20), time.time(), TODAY)
        assert [(a.day, a.level, a.lost, a.sets_left, a.face_down, a.moves, a.ranked) for a in ended] == [
            (TODAY, LEVEL, 1, 3, 20, 7, True)
        ]
        assert tx.finish_attempt("daily", ending(True, 9, 1.0), time.time(), TODAY) == []  # lost already
    lost = store.daily_result(TODAY, LEVEL, player(1))
    assert lost is not None and (lost.state, lost.moves, lost.seconds, lost.sets_left, lost.face_down) == (
        "lost",
        7,
        12.5,
        3,
        20,
    )
    assert lost.finished is not None


def test_an_attempt_of_a_day_before_since_is_not_changed(store: Store) -> None:
    begin(store, daily_row("old", player(1), day=YESTERDAY))
    with store.transaction() as tx:
        assert tx.finish_attempt("old", ending(False, 3, 9.0), time.time(), TODAY) == []
    old = store.daily_result(YESTERDAY, LEVEL, player(1))
    assert old is not None and old.state == "playing"


def test_what_the_play_layer_reads_of_a_player_and_a_deal(store: Store) -> None:
    then = time.time() - 86400
    store.add_daily_deal(deal(), then)
    store.add_player(player(1), then)
    with store.transaction() as tx:
        assert tx.deal_created(TODAY, LEVEL) == then and tx.deal_created(YESTERDAY, LEVEL) is None
        assert tx.player_history(player(1), time.time()) == (then, False)
        assert tx.player_history(player(2), time.time()) == (None, False)
    begin(store, daily_row("first", player(1), day=YESTERDAY))
    row = store.get_game(player(1), "first")
    assert row is not None and store.append_actions(row, [("deal", 1.0)], time.time())
    begin(store, daily_row("second", player(1)))  # the first is lost now: a game finished
    with store.transaction() as tx:
        assert tx.player_history(player(1), time.time() + 1) == (then, True)
        assert tx.player_history(player(1), then) == (then, False)  # not before that moment
    assert store.player_created(player(1)) == then and store.player_created(player(2)) is None


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


def test_the_board_ranks_won_before_lost_then_progress_then_moves_then_time(store: Store) -> None:
    # player: (status, moves, seconds, sets left, face down)
    outcomes = {
        1: ("lost", 300, 10.0, 6, 10),  # a long fight: more done than 6's three moves
        2: ("won", 150, 500.0, 0, 0),
        3: ("won", 120, 900.0, 0, 0),
        4: ("won", 120, 400.0, 0, 0),
        5: ("won", 100, 999.0, 0, 0),
        6: ("lost", 3, 5.0, 8, 40),
    }
    for n, (status, moves, seconds, sets_left, face_down) in outcomes.items():
        begin(store, daily_row(f"g{n}", player(n)))
        play_out(store, player(n), f"g{n}", status, moves, seconds, sets_left, face_down)
    begin(store, daily_row("helped", player(7)))
    store.mark_assisted(player(7), "helped")
    play_out(store, player(7), "helped", "won", 90, 10.0)
    begin(store, daily_row("playing", player(8)))

    begin(store, daily_row("newcomer", player(10)))
    play_out(store, player(10), "newcomer", "won", 50, 5.0, standing="new")
    begin(store, daily_row("quick", player(11)))
    play_out(store, player(11), "quick", "won", 60, 3.0, standing="review")

    board = store.daily_board(TODAY, LEVEL, player(3), top=3, around=1)
    assert [(rank, r.player) for rank, r in board.top] == [(1, player(5)), (2, player(4)), (3, player(3))]
    assert [(r.player, r.standing, r.assisted) for r in board.apart] == [
        (player(11), "review", False),
        (player(10), "new", False),
        (player(7), "assisted", True),
    ]
    assert board.rank == 3 and board.you is not None and board.you.player == player(3)
    assert [(rank, r.player) for rank, r in board.around] == [(2, player(4)), (3, player(3)), (4, player(2))]

    last = store.daily_board(TODAY, LEVEL, player(1), top=50, around=2)
    assert [r.player for _, r in last.top] == [player(n) for n in (5, 4, 3, 2, 1, 6)]
    assert last.rank == 5 and [rank for rank, _ in last.around] == [3, 4, 5, 6]

    for unranked in (player(7), player(8), player(9), player(10), player(11)):  # assisted, playing, none, apart
        board = store.daily_board(TODAY, LEVEL, unranked)
        assert board.rank is None and board.around == []
    assert store.daily_board(TODAY, LEVEL, player(8)).you is not None


def test_every_rank_is_the_players_place_in_the_whole_order(store: Store) -> None:
    """Ranks come from a tally by (lost, sets left, face down, moves) plus a count within the
    player's bucket: check them all against the order itself, with many ties (some of seconds too)."""
    expected = []
    for n in range(40):
        status = "won" if n % 3 else "lost"
        moves, seconds = 100 + n % 4, float(n % 5)
        sets_left, face_down = (0, 0) if status == "won" else (n % 2, n % 7 // 3)
        begin(store, daily_row(f"g{n}", player(n)))
        play_out(store, player(n), f"g{n}", status, moves, seconds, sets_left, face_down)
        found = store.daily_result(TODAY, LEVEL, player(n))
        assert found is not None and found.finished is not None
        expected.append((status != "won", sets_left, face_down, moves, seconds, found.finished, player(n)))
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
