"""The play layer called directly (spider/play/games.py): a game's lifecycle and the rules of help
and restarts, on both stores. tests/web covers the same rules through HTTP."""

from __future__ import annotations

import pytest

from spider.daily import PROFILE, days
from spider.play import Games, NotFound, Stale
from spider.store import Store
from tests.web.daily_deals import known_deal

LEVEL = "spiderette-1-classic"
ALICE, BOB = "alice".ljust(32, "a"), "bob".ljust(32, "b")


@pytest.fixture
def games(store: Store) -> Games:
    return Games(store)


def test_another_players_game_and_a_malformed_id_are_not_found(games: Games) -> None:
    row, _ = games.create(ALICE, {"code": "SP1-S1C-AAAAAAD"})
    assert games.get(ALICE, row.id)[0].id == row.id
    for player, game_id in [(BOB, row.id), (ALICE, "no such"), (ALICE, "x" * 65)]:
        with pytest.raises(NotFound):
            games.get(player, game_id)


def test_an_action_for_an_old_version_is_stale_and_changes_nothing(games: Games) -> None:
    row, _ = games.create(ALICE, {"code": "SP1-S1C-AAAAAAD"})
    moved, _, events = games.act(ALICE, row.id, 0, "deal", None, None)
    assert events["action"] == "deal" and moved.version == 1
    with pytest.raises(Stale) as stale:
        games.act(ALICE, row.id, 0, "deal", None, None)
    assert stale.value.row.version == 1 and len(stale.value.game.actions) == 1


def test_a_daily_game_restarts_as_a_practice_attempt_of_the_same_deal(games: Games) -> None:
    deal = known_deal(days.today(), LEVEL)
    counted, game = games.daily_attempt(ALICE, deal)
    assert games.daily_attempt(ALICE, deal)[0].id == counted.id  # resumed, not a new one
    again, replay = games.restart(ALICE, counted.id)
    assert again.id != counted.id and (again.daily, again.profile, again.level) == (deal.day, PROFILE, LEVEL)
    assert replay.deck == game.deck and not replay.actions
    result = games.store.daily_result(deal.day, LEVEL, ALICE)
    assert result is not None and result.game == counted.id  # the first game stays the counted one


def test_a_plain_game_restarts_as_a_plain_game(games: Games) -> None:
    row, _ = games.create(ALICE, {"code": "SP1-S1C-AAAAAAD"})
    games.act(ALICE, row.id, 0, "deal", None, None)
    again, replay = games.restart(ALICE, row.id)
    assert (again.code, again.daily, replay.actions) == (row.code, None, ())


def test_a_deep_hint_counts_a_daily_game_apart_but_not_a_plain_one(games: Games) -> None:
    plain, _ = games.create(BOB, {"code": "SP1-S1C-AAAAAAD"})
    games.deep_hint_given(plain)
    assert games.get(BOB, plain.id)[0].assisted is False
    daily, _ = games.daily_attempt(ALICE, known_deal(days.today(), LEVEL))
    games.deep_hint_given(daily)
    assert games.get(ALICE, daily.id)[0].assisted is True
    result = games.store.daily_result(daily.daily or "", LEVEL, ALICE)
    assert result is not None and result.assisted


def test_asking_the_solver_counts_any_game_apart(games: Games) -> None:
    plain, _ = games.create(BOB, {"code": "SP1-S1C-AAAAAAD"})
    games.solver_asked(BOB, plain.id)
    assert games.get(BOB, plain.id)[0].assisted is True
