"""The play layer's use cases called directly, as the routes call them: each answers a typed result
or refuses in its own terms, on both stores. tests/web covers the same through HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest

from spider.engine import Game
from spider.i18n import translations
from spider.jobs.local import LocalJobs
from spider.jobs.players import PlayerJobs
from spider.jobs.queues import default_lanes
from spider.play import Assistance, Declined, Finished, GameRow, Games, Missing, Players, Playing
from spider.play.answers import GameView
from spider.store import Store

ALICE = "alice".ljust(32, "a")
CODE = "SP1-S1C-AAAAAAD"
EN = translations("en")
T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """A use case's coroutine run to its end in a thread of its own: a browser test's Playwright,
    earlier in the same test process, may still hold this thread's event loop."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


class NoDailies:
    """No game of these tests is a daily deal's."""

    def tag(self, row: GameRow) -> None:
        assert row.daily is None

    def still_secret(self, row: GameRow) -> bool:
        return False


@dataclass
class CountedLimits:
    """Every allowance a use case spends, in order (none is ever refused)."""

    spent: list[tuple[str, str | None]] = field(default_factory=list)

    @contextmanager
    def spending(self, kind: str | None, address: str | None) -> Iterator[None]:
        if kind is not None:
            self.spent.append((kind, address))
        yield


@dataclass
class UseCases:
    games: Games
    playing: Playing
    assistance: Assistance
    players: Players
    finished: Finished
    limits: CountedLimits


@pytest.fixture
def cases(store: Store) -> Iterator[UseCases]:
    jobs = PlayerJobs(store, LocalJobs(default_lanes()))
    games, limits = Games(store), CountedLimits()
    playing = Playing(games, jobs, NoDailies())
    yield UseCases(
        games,
        playing,
        Assistance(games, playing, jobs, limits),
        Players(store, playing, limits),
        Finished(store, playing),
        limits,
    )
    jobs.jobs.close()


def test_a_stale_action_is_declined_with_the_table_as_it_is_now(cases: UseCases) -> None:
    start = run(cases.playing.start(ALICE, {"code": CODE}, EN))
    dealt = cases.playing.act(ALICE, start.id, 0, "deal", None, None, EN)
    assert isinstance(dealt, GameView) and dealt.version == 1 and dealt.events is not None
    with pytest.raises(Declined) as declined:
        cases.playing.act(ALICE, start.id, 0, "deal", None, None, EN)
    assert declined.value.reason == "stale" and declined.value.view.version == 1
    assert "events" not in declined.value.view.model_fields_set  # a view, not an action's answer


def test_a_refused_finish_spends_no_allowance_and_shows_why(cases: UseCases) -> None:
    start = run(cases.playing.start(ALICE, {"code": CODE}, EN))
    with pytest.raises(Declined) as declined:
        run(cases.assistance.finish(ALICE, start.id, "10.0.0.1", EN))
    assert declined.value.reason == "cards_hidden"
    assert declined.value.view.id == start.id and declined.value.view.stock > 0
    assert cases.limits.spent == []


def test_a_plain_hint_spends_nothing_and_ends_a_perfect_game(cases: UseCases) -> None:
    start = run(cases.playing.start(ALICE, {"code": CODE}, EN))
    assert start.perfect
    hint = run(cases.assistance.hint(ALICE, start.id, False, "10.0.0.1", EN))
    assert hint.action is not None and hint.message
    Game.from_record({"code": CODE}).apply(hint.action)  # a legal action on the table the player sees
    assert cases.limits.spent == []
    assert not cases.playing.get(ALICE, start.id, EN).perfect


def test_changed_settings_keep_the_others(cases: UseCases) -> None:
    assert cases.players.settings(ALICE).sound
    changed = cases.players.change_settings(ALICE, {"sound": False})
    assert not changed.sound and changed.profile == "standard"
    assert cases.players.settings(ALICE) == changed
    assert cases.players.change_settings(ALICE, {"table": "wine"}).sound is False


def test_the_history_and_statistics_of_an_unknown_level_are_missing(cases: UseCases) -> None:
    for ask in (
        lambda: cases.finished.page(ALICE, "spider-3-classic", 0, 10),
        lambda: cases.finished.stats(ALICE, "x"),
    ):
        with pytest.raises(Missing) as missing:
            ask()
        assert missing.value.reason == "not_found"
    assert cases.finished.page(ALICE, None, 0, 10).total == 0
