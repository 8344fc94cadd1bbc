"""One clock (spider/clock.py): the play layer reads it once per request and the store writes the
moments it is given, so a test that sets ``clock.now`` sets every moment a game keeps."""

from __future__ import annotations

import pytest

from spider import clock
from spider.play import Games
from spider.store import Store

PLAYER = "p".ljust(32, "x")
MOMENT = 1_800_000_000.0


def test_a_games_moments_are_the_clocks(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    games = Games(store)
    monkeypatch.setattr(clock, "now", lambda: MOMENT)
    row, _ = games.create(PLAYER, {"code": "SP1-S1C-AAAAAAD"})
    monkeypatch.setattr(clock, "now", lambda: MOMENT + 30)
    games.act(PLAYER, row.id, 0, "deal", None, 100.0)
    stored = store.get_game(PLAYER, row.id)
    assert stored is not None and (stored.created, stored.seen) == (MOMENT, MOMENT + 30)
    assert stored.elapsed == 0.0  # the clock starts at the first action, whatever the client says
    monkeypatch.setattr(clock, "now", lambda: MOMENT + 40)
    games.act(PLAYER, row.id, 1, "undo", None, 100.0)
    stored = store.get_game(PLAYER, row.id)
    assert stored is not None and stored.elapsed == 45.0  # the client's 100 s, bounded by 40 s since the start (+5)
    monkeypatch.setattr(clock, "now", lambda: MOMENT + 60)
    games.clock(PLAYER, row.id, 50.0)
    games.create(PLAYER, {"code": "SP1-S1C-AAAAAAD"})  # ends the first game: lost, as of now
    ended = store.get_game(PLAYER, row.id)
    assert ended is not None and (ended.seen, ended.elapsed, ended.status, ended.finished) == (
        MOMENT + 60,
        50.0,
        "lost",
        MOMENT + 60,
    )
