"""Which daily results are ranked, defined once (spider/store/ranking.py): the boards' SQL ranks
exactly the results the Python predicate calls ranked, and shows the others apart. The same
tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import itertools

from spider.store import Store
from spider.store.ranking import is_ranked, ranked_condition, shown_standing
from tests.store.test_daily_store import LEVEL, TODAY, begin, daily_row, play_out, player

STANDINGS = ("ranked", "new", "review", "withheld")


def test_the_predicate_and_the_sql_condition_are_written_from_the_same_columns() -> None:
    assert ranked_condition("r") == "r.assisted = %s AND r.standing = %s"
    assert is_ranked(True, False, "ranked")
    assert not is_ranked(False, False, "ranked")  # still being played
    assert not is_ranked(True, True, "ranked")  # assisted before standings were kept
    assert not any(is_ranked(True, False, standing) for standing in STANDINGS[1:])
    assert shown_standing(True, "ranked") == "assisted" and shown_standing(False, "new") == "new"


def test_the_board_ranks_exactly_the_results_the_predicate_ranks(store: Store) -> None:
    cases = list(itertools.product(("won", "lost", "playing"), (False, True), STANDINGS))
    for n, (state, assisted, standing) in enumerate(cases):
        game_id = f"g{n}"
        begin(store, daily_row(game_id, player(n)))
        if assisted:
            store.mark_assisted(player(n), game_id)
        if state != "playing":
            play_out(store, player(n), game_id, state, 10 + n, 60.0, standing=standing)
    board = store.daily_board(TODAY, LEVEL, player(0), top=len(cases), around=0)
    ranked_players = {result.player for _, result in board.top}
    for n, _case in enumerate(cases):
        result = store.daily_result(TODAY, LEVEL, player(n))
        assert result is not None
        ranked = is_ranked(result.state != "playing", result.assisted, result.standing)
        assert (player(n) in ranked_players) == ranked, (_case, result)
        assert (store.daily_rank(result) is not None) == ranked, (_case, result)
    assert [rank for rank, _ in board.top] == list(range(1, len(board.top) + 1))
    assert len(board.top) == 2  # won and lost, unassisted, standing ranked
    apart = {result.player for result in board.apart}
    finished_apart = {
        player(n) for n, (state, _a, _s) in enumerate(cases) if state != "playing" and player(n) not in ranked_players
    }
    assert apart == finished_apart
