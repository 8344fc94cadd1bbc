"""The daily attempt's rules (spider/play/attempts.py) through the play layer, on both stores: when
an attempt starts, when a new game loses it, when a win finishes it and what the leaderboard counts.
tests/web/test_daily_api.py checks the same rules through HTTP."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from spider import clock
from spider.daily import days
from spider.play import Games
from spider.store import DailyDeal, Store
from tests.web.daily_deals import Clock, established, known_deal

LEVEL = "spiderette-1-classic"  # the shortest winning lines


def player(n: int) -> str:
    return f"player{n}".ljust(32, "x")


@pytest.fixture
def games(store: Store) -> Games:
    return Games(store)


@pytest.fixture
def deal() -> DailyDeal:
    return known_deal(days.today(), LEVEL)


@pytest.fixture(name="clock")
def clock_fixture(monkeypatch: pytest.MonkeyPatch) -> Clock:
    frozen = Clock()
    monkeypatch.setattr(clock, "now", frozen.now)
    return frozen


def paced(games: Games, who: str, game_id: str, actions: list[str], clock: Clock, gap: float) -> None:
    """Play ``actions`` ``gap`` seconds apart by the server's clock, the client's timer always 0."""
    for action in actions:
        row = games.store.get_game(who, game_id)
        assert row is not None
        clock.moment += gap
        games.act(who, game_id, row.version, action, None, 0.0)


def win(games: Games, who: str, game_id: str, line: list[str]) -> None:
    for version, action in enumerate(line):
        row, _, _ = games.act(who, game_id, version, action, None, None)
    assert row.status == "won"


def test_the_first_game_of_a_deal_counts_and_later_ones_are_practice(
    games: Games, deal: DailyDeal, clock: Clock
) -> None:
    established(games.store, player(1))
    counted, _ = games.daily_attempt(player(1), deal)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and (result.game, result.state) == (counted.id, "playing")
    paced(games, player(1), counted.id, deal.line, clock, 1.0)  # at a person's pace
    practice, _ = games.daily_attempt(player(1), deal)
    assert practice.id != counted.id
    win(games, player(1), practice.id, deal.line)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and (result.game, result.state, result.moves) == (counted.id, "won", len(deal.line))
    assert games.store.daily_rank(result) == 1
    assert [g.id for g in games.store.daily_games(player(1), deal.day)] == [counted.id, practice.id]


def test_a_new_game_loses_the_counted_attempt_at_its_moves(games: Games, deal: DailyDeal) -> None:
    established(games.store, player(1))
    counted, _ = games.daily_attempt(player(1), deal)
    games.act(player(1), counted.id, 0, deal.line[0], None, 4.0)
    games.create(player(1), {"code": "SP1-S1C-AAAAAAD"})
    lost = games.store.daily_result(deal.day, LEVEL, player(1))
    assert lost is not None and (lost.state, lost.moves) == ("lost", 1) and lost.finished is not None
    assert games.store.daily_rank(lost) == 1  # ranked, as a loss: counted in the tally
    assert games.get(player(1), counted.id)[0].status == "lost"


def test_a_new_game_ends_the_previous_one_lost_once_played_else_abandoned(games: Games) -> None:
    played, _ = games.create(player(1), {"code": "SP1-S1C-AAAAAAD"})
    games.act(player(1), played.id, 0, "deal", None, None)
    untouched, _ = games.create(player(1), {"code": "SP1-S1C-AAAAAAD"})
    third, _ = games.create(player(1), {"code": "SP1-S1C-AAAAAAD"})
    assert games.get(player(1), played.id)[0].status == "lost"
    assert games.get(player(1), untouched.id)[0].status == "abandoned"
    assert games.get(player(1), played.id)[0].finished is not None
    current = games.current(player(1))
    assert current is not None and current[0].id == third.id and current[0].status == "active"


def test_new_games_started_at_once_leave_exactly_one_active(opener: Callable[[], Store]) -> None:
    # each store another process's: the player's claim holds one new game at a time
    stores = [opener() for _ in range(4)]
    stores[0].add_player(player(1), time.time())
    start = threading.Barrier(len(stores))

    def create(store: Store) -> str:
        start.wait()
        return Games(store).create(player(1), {"code": "SP1-S1C-AAAAAAD"})[0].id

    with ThreadPoolExecutor(len(stores)) as pool:
        made = list(pool.map(create, stores))
    states = [stores[0].get_game(player(1), game_id) for game_id in made]
    assert sorted(r.status for r in states if r is not None) == ["abandoned"] * 3 + ["active"]


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
    established(games.store, player(2))
    fair, _ = games.daily_attempt(player(2), deal)
    games.act(player(2), fair.id, 0, deal.line[0], None, None)
    games.create(player(2), {"code": "SP1-S1C-AAAAAAD"})  # a loss, ranked
    helped_result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert helped_result is not None and helped_result.state == "won" and helped_result.assisted
    assert games.store.daily_rank(helped_result) is None
    fair_result = games.store.daily_result(deal.day, LEVEL, player(2))
    assert fair_result is not None and games.store.daily_rank(fair_result) == 1  # the won one is not ahead


# ----- fair play (docs/RULES.md, Fair play) ---------------------------------------------------


def test_the_time_on_the_board_is_the_servers_whatever_the_client_sends(games: Games, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    games.store.add_daily_deal(deal, clock.now() - 3600)
    established(games.store, player(1))
    counted, _ = games.daily_attempt(player(1), deal)
    clock.moment += 30  # looking at the deal before the first action: not timed
    paced(games, player(1), counted.id, deal.line, clock, 2.0)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and result.state == "won"
    assert result.seconds == pytest.approx(2.0 * (len(deal.line) - 1))  # first to last action, server time
    assert games.store.daily_rank(result) == 1 and result.standing == "ranked"


def test_dealing_and_undoing_counts_every_action_as_a_move(games: Games, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    established(games.store, player(1))
    counted, _ = games.daily_attempt(player(1), deal)
    paced(games, player(1), counted.id, ["deal", "undo"] * 5, clock, 1.0)
    assert games.get(player(1), counted.id)[0].moves == 0  # the game's own count: undone
    games.create(player(1), {"code": "SP1-S1C-AAAAAAD"})  # quitting: the attempt is lost
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and (result.state, result.moves, result.seconds) == ("lost", 10, 9.0)


def test_losses_rank_by_progress_before_fewer_moves(games: Games, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    for n in (1, 2, 3):
        established(games.store, player(n))
    quitter, _ = games.daily_attempt(player(1), deal)
    paced(games, player(1), quitter.id, ["deal", "undo", "deal"], clock, 1.0)
    fighter, _ = games.daily_attempt(player(2), deal)
    paced(games, player(2), fighter.id, deal.line[:30], clock, 1.0)
    winner, _ = games.daily_attempt(player(3), deal)
    paced(games, player(3), winner.id, deal.line, clock, 1.0)
    for n in (1, 2):
        games.create(player(n), {"code": "SP1-S1C-AAAAAAD"})
    quit_result = games.store.daily_result(deal.day, LEVEL, player(1))
    fight_result = games.store.daily_result(deal.day, LEVEL, player(2))
    assert quit_result is not None and fight_result is not None
    assert (quit_result.moves, quit_result.face_down) == (3, 21) and fight_result.face_down < 21
    board = games.store.daily_board(deal.day, LEVEL, player(1))
    assert [(rank, r.player, r.state) for rank, r in board.top] == [
        (1, player(3), "won"),
        (2, player(2), "lost"),  # thirty moves, and cards turned: ahead of three moves
        (3, player(1), "lost"),
    ]
    assert board.rank == 3


def test_a_player_first_seen_after_the_deal_was_made_is_apart_as_new(games: Games, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    games.store.add_daily_deal(deal, clock.now())
    clock.moment += 60
    newcomer = player(1)
    games.create(newcomer, {"code": "SP1-S1C-AAAAAAD"})  # a game finished first: not enough
    games.act(newcomer, games.store.current_game(newcomer).id, 0, "deal", None, None)  # type: ignore[union-attr]
    counted, _ = games.daily_attempt(newcomer, deal)
    paced(games, newcomer, counted.id, deal.line, clock, 1.0)
    result = games.store.daily_result(deal.day, LEVEL, newcomer)
    assert result is not None and (result.state, result.standing) == ("won", "new")
    assert games.store.daily_rank(result) is None
    board = games.store.daily_board(deal.day, LEVEL, newcomer)
    assert board.top == [] and [(r.player, r.standing) for r in board.apart] == [(newcomer, "new")]


def test_an_old_player_who_never_finished_a_game_is_apart_as_new(games: Games, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    games.store.add_player(player(1), clock.now() - 5 * 86400)
    counted, _ = games.daily_attempt(player(1), deal)
    paced(games, player(1), counted.id, deal.line, clock, 1.0)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and result.standing == "new"


def test_a_win_faster_than_a_person_plays_is_under_review(games: Games, clock: Clock) -> None:
    deal = known_deal(clock.today, LEVEL)
    established(games.store, player(1))
    established(games.store, player(2))
    quick, _ = games.daily_attempt(player(1), deal)
    paced(games, player(1), quick.id, deal.line, clock, 0.05)
    human, _ = games.daily_attempt(player(2), deal)
    paced(games, player(2), human.id, deal.line, clock, 0.6)
    result = games.store.daily_result(deal.day, LEVEL, player(1))
    assert result is not None and (result.standing, result.pace) == ("review", 0.05)
    assert games.store.daily_rank(result) is None
    assert [r.player for _, r in games.store.daily_board(deal.day, LEVEL, player(1)).top] == [player(2)]
    assert [r.player for r in games.store.under_review()] == [player(1)]
    assert games.store.settle_review(deal.day, LEVEL, player(1), ranked=True)
    assert not games.store.settle_review(deal.day, LEVEL, player(1), ranked=True)  # settled already
    cleared = games.store.daily_result(deal.day, LEVEL, player(1))
    assert cleared is not None and games.store.daily_rank(cleared) == 1  # fewer seconds than the human
    assert games.store.daily_board(deal.day, LEVEL, player(2)).rank == 2
