"""The daily attempt's rules (spider/play/attempts.py) through the play layer, on both stores: when
an attempt starts, when a new game loses it, when a win finishes it and what the leaderboard counts.
tests/web/test_daily_api.py checks the same rules through HTTP."""

from __future__ import annotations

import pytest

from spider.daily import days
from spider.play import Games
from spider.store import DailyDeal, Store
from tests.web.daily_deals import known_deal

LEVEL = "spiderette-1-classic"  # the shortest winning lines


def player(n: int) -> str:
    return f"player{n}".ljust(32, "x")


@pytest.fixture
def games(store: Store) -> Games:
    return Games(store)


@pytest.fixture
def deal() -> DailyDeal:
    return known_deal(days.today(), LEVEL)


def win(games: Games, who: str, game_id: str, line: list[str]) -> None:
    for version, action in enumerate(line):
        row, _, _ = games.act(who, game_id, version, action, None, None)
    assert row.status == "won"


def test_the_first_game_of_a_deal_counts_and_later_ones_are_practice(games: Games, deal: DailyDeal) -> None:
    counted, _ = games.daily_attempt(player(1), deal)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and (result.game, result.state) == (counted.id, "playing")
    win(games, player(1), counted.id, deal.line)
    practice, _ = games.daily_attempt(player(1), deal)
    assert practice.id != counted.id
    win(games, player(1), practice.id, deal.line)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and (result.game, result.state, result.moves) == (counted.id, "won", len(deal.line))
    assert games.store.daily_rank(result) == 1
    assert [g.id for g in games.store.daily_games(player(1), deal.day)] == [counted.id, practice.id]


def test_a_new_game_loses_the_counted_attempt_at_its_moves(games: Games, deal: DailyDeal) -> None:
    counted, _ = games.daily_attempt(player(1), deal)
    games.act(player(1), counted.id, 0, deal.line[0], None, 4.0)
    games.create(player(1), {"code": "SP1-S1C-AAAAAAD"})
    lost = games.store.daily_result(deal.day, LEVEL, player(1))
    assert lost is not None and (lost.state, lost.moves) == ("lost", 1) and lost.finished is not None
    assert games.store.daily_rank(lost) == 1  # ranked, as a loss: counted in the tally
    assert games.get(player(1), counted.id)[0].status == "lost"


def test_a_game_started_over_with_no_action_loses_the_attempt_too(games: Games, deal: DailyDeal) -> None:
    counted, _ = games.daily_attempt(player(1), deal)
    games.restart(player(1), counted.id)
    lost = games.store.daily_result(deal.day, LEVEL, player(1))
    assert lost is not None and (lost.game, lost.state, lost.moves) == (counted.id, "lost", 0)
    assert games.get(player(1), counted.id)[0].status == "abandoned"


def test_an_attempt_whose_day_is_over_no_longer_changes(games: Games, deal: DailyDeal) -> None:
    yesterday = known_deal(days.shift(deal.day, -1), LEVEL)
    old, _ = games.daily_attempt(player(1), yesterday)
    games.act(player(1), old.id, 0, yesterday.line[0], None, None)
    games.daily_attempt(player(1), deal)  # ends yesterday's game, not its result
    result = games.store.daily_result(yesterday.day, LEVEL, player(1))
    assert result is not None and result.state == "playing"
    assert games.get(player(1), old.id)[0].status == "lost"


def test_an_assisted_result_is_finished_but_never_counted(games: Games, deal: DailyDeal) -> None:
    helped, _ = games.daily_attempt(player(1), deal)
    games.solver_asked(player(1), helped.id)
    win(games, player(1), helped.id, deal.line)
    fair, _ = games.daily_attempt(player(2), deal)
    games.act(player(2), fair.id, 0, deal.line[0], None, None)
    games.create(player(2), {"code": "SP1-S1C-AAAAAAD"})  # a loss, ranked
    helped_result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert helped_result is not None and helped_result.state == "won" and helped_result.assisted
    assert games.store.daily_rank(helped_result) is None
    fair_result = games.store.daily_result(deal.day, LEVEL, player(2))
    assert fair_result is not None and games.store.daily_rank(fair_result) == 1  # the won one is not ahead
