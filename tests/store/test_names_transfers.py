"""Display names and transfer codes in the store (the same tests on SQLite and on PostgreSQL)."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from spider.store import GameRow, Store, token_hash

PLAYER = "P" * 32
OTHER_TOKEN = "Q" * 32
OTHER = token_hash(OTHER_TOKEN)  # a player's id: the hash of their token
PUBLIC, OTHER_PUBLIC = "a1b2c3d4e5f6", "0123456789ab"
CODE_HASH = "c" * 64


def test_a_chosen_name_is_kept_changed_and_cleared(store: Store) -> None:
    assert store.player_name(PLAYER) is None  # never seen
    store.set_player_name(PLAYER, "Ada", PUBLIC, time.time())  # choosing a name makes the player known
    assert store.player_name(PLAYER) == "Ada" and store.player_settings(PLAYER) == {}
    store.save_settings(OTHER, {"lang": "fi"}, time.time())
    store.set_player_name(OTHER, "Ада Лавлейс", OTHER_PUBLIC, time.time())
    store.set_player_name(PLAYER, "Grace", PUBLIC, time.time())
    assert (store.player_name(PLAYER), store.player_name(OTHER)) == ("Grace", "Ада Лавлейс")
    assert store.player_settings(OTHER) == {"lang": "fi"}  # a name leaves the settings alone
    store.set_player_name(PLAYER, None, PUBLIC, time.time())
    assert store.player_name(PLAYER) is None and store.player_name(OTHER) == "Ада Лавлейс"


def test_an_operator_hides_a_name_by_public_id_or_token(store: Store) -> None:
    store.set_player_name(PLAYER, "Rude", PUBLIC, time.time())
    store.set_player_name(OTHER, "Nice", OTHER_PUBLIC, time.time())
    assert store.hide_name(PUBLIC) is True
    assert store.player_name(PLAYER) is None and store.player_name(OTHER) == "Nice"
    assert store.hide_name(PUBLIC) is False  # nothing left to hide
    assert store.hide_name(OTHER_TOKEN) is True and store.player_name(OTHER) is None  # by the token
    assert store.hide_name("ffffffffffff") is False


def test_a_token_names_its_player_and_a_linked_browsers_token_the_same_one(store: Store) -> None:
    now = time.time()
    assert store.token_player(OTHER) is None  # never issued
    store.save_settings(OTHER, {"lang": "fi"}, now)
    assert store.token_player(OTHER) == (OTHER, {"lang": "fi"})
    store.add_transfer(CODE_HASH, OTHER, now + 600, now)
    linked = token_hash("L" * 32)
    assert store.take_transfer("e" * 64, now, token_hash("M" * 32)) is None  # an unknown code links nobody
    assert store.token_player(token_hash("M" * 32)) is None
    assert store.take_transfer(CODE_HASH, now, linked) == OTHER
    assert store.token_player(linked) == (OTHER, {"lang": "fi"})
    store.set_player_name(OTHER, "Nice", OTHER_PUBLIC, now)
    assert store.hide_name("L" * 32) and store.player_name(OTHER) is None  # the linked browser's token works too


def test_a_player_who_linked_a_browser_is_never_expired(store: Store) -> None:
    now = time.time()
    store.add_transfer(CODE_HASH, OTHER, now + 600, now)  # makes the player known, with nothing of theirs
    store.add_transfer("d" * 64, PLAYER, now + 600, now)
    store.add_transfer("e" * 64, PLAYER, now - 1, now - 2)  # expired: links nobody
    assert store.take_transfer("e" * 64, now, token_hash("M" * 32)) is None
    assert store.take_transfer(CODE_HASH, now, token_hash("L" * 32)) == OTHER
    assert store.expire_players(now + 1) == 1  # PLAYER, who linked no browser
    assert store.token_player(token_hash("L" * 32)) == (OTHER, {}) and store.token_player(PLAYER) is None
    assert store.token_player(token_hash("M" * 32)) is None


def test_a_player_with_a_chosen_name_is_never_expired(store: Store) -> None:
    store.set_player_name(PLAYER, "Kept", PUBLIC, time.time())
    store.add_player(OTHER, time.time())
    assert store.expire_players(before=time.time() + 1) == 1
    assert store.player_settings(OTHER) is None
    assert store.player_settings(PLAYER) == {} and store.player_name(PLAYER) == "Kept"
    store.set_player_name(PLAYER, None, PUBLIC, time.time())  # cleared, nothing of theirs is left to lose
    assert store.expire_players(before=time.time() + 1) == 1


def test_a_transfer_code_links_once_until_it_expires(store: Store) -> None:
    now = time.time()
    store.add_transfer(CODE_HASH, PLAYER, now + 600, time.time())
    assert store.player_settings(PLAYER) == {}  # the player is known to the store from then on
    store.add_transfer("d" * 64, PLAYER, now + 600, time.time())  # a second code: both work
    assert store.take_transfer("e" * 64, now) is None  # unknown
    assert store.take_transfer(CODE_HASH, now + 1) == PLAYER
    assert store.take_transfer(CODE_HASH, now + 2) is None  # used
    assert store.take_transfer("d" * 64, now + 3) == PLAYER
    store.add_transfer("f" * 64, OTHER, now + 600, time.time())
    assert store.take_transfer("f" * 64, now + 600) is None  # expired at its moment
    assert store.take_transfer("f" * 64, now) is None  # and an expired code is gone


def test_expired_codes_are_forgotten_when_a_new_one_is_kept(store: Store, opener: Callable[[], Store]) -> None:
    store.add_transfer(CODE_HASH, PLAYER, time.time() - 1, time.time())
    store.add_transfer("d" * 64, OTHER, time.time() + 600, time.time())
    # the expired one is gone even for a caller whose clock says it is still valid
    assert opener().take_transfer(CODE_HASH, 0.0) is None
    assert store.take_transfer("d" * 64, time.time()) == OTHER


def test_of_two_redeeming_one_code_at_once_only_one_gets_it(opener: Callable[[], Store]) -> None:
    stores = [opener() for _ in range(4)]
    stores[0].add_transfer(CODE_HASH, PLAYER, time.time() + 600, time.time())
    with ThreadPoolExecutor(4) as pool:
        taken = list(pool.map(lambda s: s.take_transfer(CODE_HASH, time.time()), stores))
    assert taken.count(PLAYER) == 1 and taken.count(None) == 3


def test_a_name_and_a_game_are_the_same_player(store: Store) -> None:
    store.create_game(
        GameRow(id="g1", player=PLAYER, level="spider-1-classic", profile="standard", code="SP1-S1C-AAAAAAD", deck=None)
    )
    store.set_player_name(PLAYER, "Ada", PUBLIC, time.time())
    current = store.current_game(PLAYER)
    assert current is not None and current.id == "g1" and store.player_name(PLAYER) == "Ada"
