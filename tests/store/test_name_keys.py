"""Display names' look-alike keys in the store (on SQLite and on PostgreSQL): a name whose key
another player's name has is not written, a player's own name is, and the names stored before the
keys existed get theirs once, the breaking and colliding ones flagged for the operator."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from spider.daily.confusables import KEYS_VERSION, name_keys
from spider.daily.names import check_stored_names, choose_name, public_id
from spider.engine import SpiderError
from spider.store import Store, schema, sqlite
from spider.store.queries import NAME_TAKEN

ADA, GRACE, THIRD = "A" * 32, "G" * 32, "T" * 32


def claim(store: Store, player: str, name: str) -> bool:
    return store.set_player_name(player, name, public_id(player), time.time(), name_keys(name))


def test_a_look_alike_of_another_players_name_is_not_written(store: Store) -> None:
    assert claim(store, ADA, "Ada Lovelace")
    for look_alike in ("ada lovelace", "\u0410da Lovelace", "Ada LoveIace"):
        assert not claim(store, GRACE, look_alike), look_alike
    assert store.player_name(GRACE) is None and store.player_name(ADA) == "Ada Lovelace"
    assert claim(store, GRACE, "Grace Hopper")
    assert not claim(store, GRACE, "ADA LOVELACE") and store.player_name(GRACE) == "Grace Hopper"


def test_a_player_keeps_and_resaves_their_own_name(store: Store) -> None:
    assert claim(store, ADA, "Ada Lovelace")
    assert claim(store, ADA, "Ada Lovelace") and claim(store, ADA, "ada lovelace")
    assert store.player_name(ADA) == "ada lovelace"


def test_a_cleared_or_hidden_name_is_free_again(store: Store) -> None:
    assert claim(store, ADA, "Ada Lovelace")
    store.set_player_name(ADA, None, public_id(ADA), time.time())
    assert claim(store, GRACE, "Ada Lovelace")
    assert store.hide_name(public_id(GRACE))
    assert claim(store, THIRD, "ada lovelace")


def test_the_route_s_rule_refuses_a_taken_name_with_its_reason(store: Store) -> None:
    choose_name(store, ADA, "Ada Lovelace", time.time())
    try:
        choose_name(store, GRACE, "\u0410da Lovelace", time.time())
    except SpiderError as err:
        assert err.reason == "name_taken"
    else:
        raise AssertionError("a look-alike was kept")
    assert store.player_name(GRACE) is None


def test_of_two_look_alikes_chosen_at_once_one_is_kept(opener: Callable[[], Store]) -> None:
    stores = [opener() for _ in range(4)]
    players = [c * 32 for c in "BCDE"]
    names = ["Ada Lovelace", "ada lovelace", "\u0410da Lovelace", "ADA LOVELACE"]
    with ThreadPoolExecutor(4) as pool:
        kept = list(pool.map(claim, stores, players, names))
    assert kept.count(True) == 1
    assert sum(stores[0].player_name(p) is not None for p in players) == 1


def test_names_stored_earlier_are_checked_once_and_flagged_not_changed(opener: Callable[[], Store]) -> None:
    store = opener()
    older = {
        ADA: "Ada Lovelace",
        GRACE: "\u0410da Lovelace",  # written before look-alikes were refused
        THIRD: "Grace Hopper",
        "X" * 32: "\u3164\u3164\u3164",
        "Y" * 32: "Hráč 1234",
    }
    for player, name in older.items():
        store.set_player_name(player, name, public_id(player), time.time())  # no keys: as before
    assert check_stored_names(store) == 4
    assert check_stored_names(store) is None  # once: the store keeps that it checked
    assert store.named_players(KEYS_VERSION) is None
    flags = {public: (name, flag) for public, name, flag in store.player_names()}
    assert {public: name for public, (name, _) in flags.items()} == {public_id(p): n for p, n in older.items()}
    assert flags[public_id(THIRD)][1] is None
    assert public_id(GRACE) in (flags[public_id(ADA)][1] or "") and public_id(ADA) in (flags[public_id(GRACE)][1] or "")
    assert "invisible" in (flags[public_id("X" * 32)][1] or "")
    assert "Player 1234" in (flags[public_id("Y" * 32)][1] or "")
    assert {public for public, _, _ in store.player_names(flagged=True)} == set(flags) - {public_id(THIRD)}
    # the keys are kept too: a third look-alike is refused, and a flagged player keeps their own name
    assert not claim(opener(), "Z" * 32, "ADA LOVELACE")
    assert claim(store, GRACE, "\u0410da Lovelace")
    assert public_id(GRACE) in {public for public, _, _ in store.player_names(flagged=True)}


def test_the_operator_accepts_a_flagged_name(store: Store) -> None:
    for player in (ADA, GRACE):
        store.set_player_name(player, "Ada Lovelace", public_id(player), time.time())
    check_stored_names(store)
    assert store.unflag_name(public_id(ADA)) and not store.unflag_name(public_id(ADA))
    assert [public for public, _, _ in store.player_names(flagged=True)] == [public_id(GRACE)]
    assert not store.unflag_name(public_id(THIRD))


def test_a_store_made_before_the_keys_gains_them_and_its_names_are_flagged(
    database: str, opener: Callable[[], Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = schema.MIGRATIONS
    ours = next(i for i, step in enumerate(steps) if "players_by_skeleton" in str(step.changes))
    with monkeypatch.context() as older:
        older.setattr(schema, "MIGRATIONS", steps[:ours])  # the release before the keys
        store = opener()
        for player in (ADA, GRACE):  # as that release wrote a name: no keys to write
            store._write(  # type: ignore[attr-defined]
                "INSERT INTO players (token, created, name, public) VALUES (%s, %s, %s, %s)",
                (player, time.time(), "Ada Lovelace", public_id(player)),
            )
        store.close()
    store = opener()  # this release: the step, then the names' check
    assert check_stored_names(store) == 2
    assert [name for _, name, _ in store.player_names(flagged=True)] == ["Ada Lovelace"] * 2
    assert not claim(store, THIRD, "ada lovelace")


def test_the_look_alike_lookup_is_one_search_of_each_index(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    sqlite.SQLiteStore(path).close()
    db = sqlite3.connect(path)
    plan = str(db.execute(f"EXPLAIN QUERY PLAN {NAME_TAKEN.replace('%s', '?')}", ("a", "a", "b")).fetchall())
    db.close()
    assert "players_by_folded" in plan and "players_by_skeleton" in plan and "SCAN" not in plan
