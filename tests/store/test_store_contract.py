"""The store interface (spider/store/base.py), the same tests on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from spider.store import GameRow, Store

PLAYER = "P" * 32
OTHER = "Q" * 32
LEVEL = "spider-1-classic"


def new_row(game_id: str, player: str = PLAYER, level: str = LEVEL, **fields: object) -> GameRow:
    """A new game, made now unless ``created`` says otherwise (the store writes the caller's moment)."""
    return GameRow(
        id=game_id,
        player=player,
        level=level,
        profile="standard",
        code="SP1-S1C-AAAAAAD",
        deck=None,
        **{"created": time.time()} | fields,  # type: ignore[arg-type]
    )


def finish(store: Store, game_id: str, status: str, finished: float, **fields: object) -> None:
    row = store.get_game(PLAYER, game_id)
    assert row is not None
    row.status, row.finished = status, finished
    for name, value in fields.items():
        setattr(row, name, value)
    assert store.append_actions(row, [("deal", finished)], time.time())


# ----- players ---------------------------------------------------------------------------------


def test_settings_belong_to_known_players_and_are_kept_whole(store: Store) -> None:
    assert store.player_settings(PLAYER) is None
    store.add_player(PLAYER, time.time())
    assert store.player_settings(PLAYER) == {}
    settings = {"lang": "fi", "sound": False, "profile": "timed", "nested": {"a": [1, 2]}}
    store.save_settings(PLAYER, settings, time.time())
    store.add_player(PLAYER, time.time())  # a second time changes nothing
    assert store.player_settings(PLAYER) == settings
    store.save_settings(OTHER, {"lang": "ru"}, time.time())  # saving makes the player known
    assert store.player_settings(OTHER) == {"lang": "ru"} and store.player_settings(PLAYER) == settings


def test_players_with_no_game_and_no_settings_made_before_the_cutoff_are_forgotten(store: Store) -> None:
    made = time.time()
    store.add_player("empty".ljust(32, "x"), time.time())
    store.save_settings("settings".ljust(32, "x"), {"sound": False}, time.time())
    store.create_game(new_row("kept", player="playing".ljust(32, "x")))
    store.create_game(new_row("cleared", player="cleared".ljust(32, "x")))
    row = store.get_game("cleared".ljust(32, "x"), "cleared")
    assert row is not None
    row.status, row.finished = "lost", made
    assert (
        store.append_actions(row, [("deal", 1.0)], time.time()) and store.delete_finished("cleared".ljust(32, "x")) == 1
    )
    assert store.expire_players(before=made - 60) == 0  # all of them are newer than that
    assert store.expire_players(before=time.time() + 1) == 2
    assert store.player_settings("empty".ljust(32, "x")) is None
    assert store.player_settings("cleared".ljust(32, "x")) is None
    assert store.player_settings("settings".ljust(32, "x")) == {"sound": False}
    assert store.player_settings("playing".ljust(32, "x")) == {}
    assert store.get_game("playing".ljust(32, "x"), "kept") is not None
    assert store.expire_players(before=time.time() + 1) == 0  # nothing more: it can run any number of times
    store.save_settings(
        "empty".ljust(32, "x"), {"lang": "sk"}, time.time()
    )  # a forgotten token written to again is known again
    assert store.player_settings("empty".ljust(32, "x")) == {"lang": "sk"}


# ----- games -----------------------------------------------------------------------------------


def test_a_new_game_is_current_and_an_ended_one_is_finished_as_told(store: Store) -> None:
    played, untouched = new_row("played"), new_row("untouched")
    store.create_game(played, [("1>2", 1.5)])
    assert (played.version, played.actions, played.elapsed) == (1, ["1>2"], 1.5)
    with store.transaction() as tx:
        active = tx.active_game(PLAYER)
        assert active is not None and active.id == "played"
        tx.end_game("played", "lost", 10.0)
        tx.create_game(untouched, [], untouched.created)
    with store.transaction() as tx:
        tx.end_game("untouched", "abandoned", 20.0)
        tx.end_game("played", "abandoned", 30.0)  # over already: it stays as it ended
    current = store.current_game(PLAYER)
    assert current is None
    lost, abandoned = store.get_game(PLAYER, "played"), store.get_game(PLAYER, "untouched")
    assert lost is not None and (lost.status, lost.finished) == ("lost", 10.0)
    assert abandoned is not None and (abandoned.status, abandoned.finished) == ("abandoned", 20.0)
    store.create_game(new_row("third"))
    current = store.current_game(PLAYER)
    assert current is not None and current.id == "third" and current.status == "active"
    assert store.current_game(OTHER) is None


def test_a_game_is_found_only_by_its_own_player(store: Store) -> None:
    store.create_game(new_row("mine"))
    assert store.get_game(OTHER, "mine") is None
    assert store.get_game(PLAYER, "no-such-game") is None
    found = store.get_game(PLAYER, "mine")
    assert found is not None and (found.level, found.profile, found.code) == (LEVEL, "standard", "SP1-S1C-AAAAAAD")


def test_a_deck_and_the_outcome_fields_are_kept(store: Store) -> None:
    deck = ["AS", "2H", "KD"]
    row = GameRow(id="dealt", player=PLAYER, level=LEVEL, profile="timed", code=None, deck=deck, assisted=True)
    store.create_game(row, [("1>2", 0.25), ("deal", 2.0)])
    row.moves, row.score = 2, 480
    assert store.append_actions(row, [("3>4", 3.0)], time.time())
    found = store.get_game(PLAYER, "dealt")
    assert found is not None
    assert (found.deck, found.code, found.assisted, found.moves, found.score) == (deck, None, True, 2, 480)
    assert (found.version, found.elapsed, found.seen is not None) == (3, 3.0, True)


def test_a_game_is_read_without_its_log_which_is_loaded_up_to_the_rows_version(store: Store) -> None:
    store.create_game(new_row("g"), [("1>2", 1.0), ("deal", 2.0)])
    row = store.get_game(PLAYER, "g")
    assert row is not None and row.version == 2 and row.actions == [] and row.times == []
    newer = store.get_game(PLAYER, "g")
    assert newer is not None and store.append_actions(newer, [("undo", 3.0)], time.time())
    store.load_actions(row)  # what was appended since the row was read is not mixed in
    assert (row.actions, row.times) == (["1>2", "deal"], [1.0, 2.0])
    store.load_actions(newer)
    assert newer.actions == ["1>2", "deal", "undo"] and newer.version == 3


def test_an_append_at_a_stale_version_writes_nothing(store: Store) -> None:
    store.create_game(new_row("g"), [("1>2", 1.0)])
    first, second = store.get_game(PLAYER, "g"), store.get_game(PLAYER, "g")
    assert first is not None and second is not None
    assert store.append_actions(first, [("deal", 2.0)], time.time())
    assert (first.version, first.actions, first.elapsed) == (2, [], 2.0)  # its log was not read, nor made up
    second.moves = 99
    assert not store.append_actions(second, [("undo", 5.0)], time.time())
    now = store.get_game(PLAYER, "g")
    assert now is not None
    store.load_actions(now)
    assert (now.version, now.actions, now.moves, now.elapsed) == (2, ["1>2", "deal"], 0, 2.0)


def test_a_new_game_whose_id_is_taken_writes_nothing_only_if_new(store: Store) -> None:
    store.create_game(new_row("taken", player=OTHER), [("1>2", 1.0)])
    log = [("deal", float(i)) if i % 2 == 0 else ("undo", float(i)) for i in range(450)]  # several INSERTs on SQLite
    with store.transaction() as tx:
        tx.claim_player(PLAYER, time.time())
        assert not tx.create_game(new_row("taken"), [("deal", 1.0)], time.time(), if_new=True)
        assert tx.create_game(new_row("mine"), log, time.time(), if_new=True)
    theirs = store.get_game(OTHER, "taken")
    assert theirs is not None and theirs.version == 1 and store.get_game(PLAYER, "taken") is None
    mine = store.get_game(PLAYER, "mine")
    assert mine is not None and mine.version == 450
    store.load_actions(mine)
    assert list(zip(mine.actions, mine.times, strict=True)) == log


def test_a_practice_append_writes_only_the_players_active_game_at_its_version(store: Store) -> None:
    store.create_game(new_row("g"), [("1>2", 4.0)])
    store.save_clock(PLAYER, "g", 10.0, time.time())
    presumed = new_row("g", version=1, moves=2)
    assert store.append_practice(new_row("g", player=OTHER, version=1), [("deal", 11.0)], time.time()) is None
    assert store.append_practice(new_row("g", version=0), [("deal", 11.0)], time.time()) is None
    row = store.append_practice(presumed, [("deal", 5.0), ("undo", 6.0)], time.time())
    assert row is not None and (row.id, row.version, row.moves, row.status) == ("g", 3, 2, "active")
    assert row.elapsed == 10.0  # the timer saved was later than the batch's clock: never back
    store.load_actions(row)
    assert row.actions == ["1>2", "deal", "undo"] and row.times == [4.0, 5.0, 6.0]
    store.create_game(new_row("d", daily="2026-12-07"))
    assert store.append_practice(new_row("d", version=0), [("deal", 1.0)], time.time()) is None  # a daily game
    finish(store, "g", "won", 100.0)
    assert store.append_practice(new_row("g", version=4), [("undo", 101.0)], time.time()) is None


def test_an_undo_appended_marks_the_game_helped_for_good(store: Store) -> None:
    store.create_game(new_row("g"))
    row = store.get_game(PLAYER, "g")
    assert row is not None and not row.helped
    row.helped = True
    assert store.append_actions(row, [("deal", 1.0), ("undo", 2.0)], time.time())
    row.helped = False  # a later append never turns it off
    assert store.append_actions(row, [("deal", 3.0)], time.time())
    again = store.get_game(PLAYER, "g")
    assert again is not None and again.helped and again.version == 3


def test_a_finished_game_takes_no_more_actions_and_no_clock(store: Store) -> None:
    store.create_game(new_row("g"))
    finish(store, "g", "won", 100.0, score=700)
    row = store.get_game(PLAYER, "g")
    assert row is not None and row.status == "won" and row.version == 1
    assert not store.append_actions(row, [("undo", 101.0)], time.time())
    store.save_clock(PLAYER, "g", 500.0, time.time())
    after = store.get_game(PLAYER, "g")
    assert after is not None and (after.version, after.elapsed) == (1, 100.0)


def test_the_clock_only_moves_forward_and_only_for_the_games_player(store: Store) -> None:
    store.create_game(new_row("g"))
    store.save_clock(PLAYER, "g", 30.0, time.time())
    store.save_clock(PLAYER, "g", 10.0, time.time())
    store.save_clock(OTHER, "g", 90.0, time.time())
    row = store.get_game(PLAYER, "g")
    assert row is not None and row.elapsed == 30.0 and row.seen is not None


def test_finished_games_of_a_level_oldest_first_with_assisted_ones_marked(store: Store) -> None:
    for game_id, level in (("a", LEVEL), ("b", LEVEL), ("other-level", "spider-2-classic"), ("c", LEVEL)):
        store.create_game(new_row(game_id, level=level))
        if game_id != "c":
            finish(store, game_id, "won" if game_id == "a" else "lost", {"a": 20.0, "b": 10.0}.get(game_id, 5.0))
    store.mark_assisted(PLAYER, "a")
    store.mark_assisted(OTHER, "b")  # not theirs: nothing changes
    finished = store.finished_games(PLAYER, LEVEL)
    assert [(g.id, g.status, g.assisted, g.actions) for g in finished] == [
        ("b", "lost", False, []),
        ("a", "won", True, []),
    ]
    assert store.finished_games(OTHER, LEVEL) == []


def test_a_game_being_played_is_marked_helped_by_its_player_only(store: Store) -> None:
    store.create_game(new_row("won"))
    finish(store, "won", "won", 10.0)
    store.create_game(new_row("playing"))
    store.mark_helped(PLAYER, "won")  # a finished game's result stays as it was
    store.mark_helped(OTHER, "playing")  # not theirs: nothing changes
    assert [store.get_game(PLAYER, game_id).helped for game_id in ("won", "playing")] == [False, False]  # type: ignore[union-attr]
    store.mark_helped(PLAYER, "playing")
    playing = store.get_game(PLAYER, "playing")
    assert playing is not None and playing.helped


def test_finished_games_page_newest_first_and_forgetting_them_keeps_the_current_game(store: Store) -> None:
    for n, level in enumerate([LEVEL, "spider-2-classic", LEVEL, LEVEL]):
        store.create_game(new_row(f"g{n}", level=level), [("1>2", 1.0)])
        finish(store, f"g{n}", "won" if n % 2 else "lost", 10.0 + n)
    store.create_game(new_row("playing"), [("1>2", 1.0)])
    store.create_game(new_row("other", player=OTHER))
    finish_other = store.get_game(OTHER, "other")
    assert finish_other is not None
    finish_other.status, finish_other.finished = "won", 50.0
    assert store.append_actions(finish_other, [("deal", 50.0)], time.time())
    page, total = store.finished_page(PLAYER, None, 0, 2)
    assert total == 4 and [g.id for g in page] == ["g3", "g2"] and all(g.actions == [] for g in page)
    page, total = store.finished_page(PLAYER, LEVEL, 1, 10)
    assert total == 3 and [g.id for g in page] == ["g2", "g0"]
    assert store.finished_page(PLAYER, "spiderette-4-classic", 0, 10) == ([], 0)
    assert store.delete_finished(PLAYER) == 4
    assert store.finished_page(PLAYER, None, 0, 10) == ([], 0) and store.finished_games(PLAYER, LEVEL) == []
    current = store.current_game(PLAYER)
    assert current is not None and current.id == "playing"
    store.load_actions(current)
    assert current.actions == ["1>2"]
    assert store.finished_page(OTHER, None, 0, 10)[1] == 1  # another player's history is untouched


def test_a_new_game_that_cannot_be_written_leaves_the_current_one_as_it_was(store: Store) -> None:
    store.create_game(new_row("before"), [("1>2", 1.0)])
    store.create_game(new_row("after"))
    with pytest.raises(Exception):  # noqa: B017 (each driver names a duplicate key its own way)
        store.create_game(new_row("before"), [("1>2", 0.0)])  # an id that exists
    current = store.current_game(PLAYER)
    assert current is not None and current.id == "after" and current.status == "active"
    store.create_game(new_row("next"))  # and the store goes on working
    assert store.current_game(PLAYER) is not None


def test_what_was_written_is_there_when_the_database_is_opened_again(opener: Callable[[], Store]) -> None:
    first = opener()
    first.save_settings(PLAYER, {"lang": "sk"}, time.time())
    row = new_row("g")
    first.create_game(row, [("1>2", 1.0)])
    assert first.append_actions(row, [("deal", 2.0)], time.time())
    first.close()
    again = opener()
    found = again.current_game(PLAYER)
    assert found is not None and again.player_settings(PLAYER) == {"lang": "sk"}
    again.load_actions(found)
    assert (found.id, found.version, found.actions) == ("g", 2, ["1>2", "deal"])


# ----- reviews ---------------------------------------------------------------------------------

REVIEW = {"winnable": True, "turning_point": {"index": 3, "action": "1>2:1", "after": "lost"}, "line": ["deal"]}


def test_a_review_is_kept_once_for_a_finished_game_of_its_player_only(opener: Callable[[], Store]) -> None:
    store = opener()
    store.create_game(new_row("playing"))
    assert not store.save_review(
        PLAYER, "playing", REVIEW, time.time()
    )  # unfinished: its review would show face-down cards
    assert store.get_review(PLAYER, "playing") is None
    finish(store, "playing", "lost", 5.0)
    assert not store.save_review(OTHER, "playing", REVIEW, time.time()) and store.get_review(PLAYER, "playing") is None
    assert store.save_review(PLAYER, "playing", REVIEW, time.time())
    assert not store.save_review(PLAYER, "playing", {"winnable": None}, time.time())  # computed once: the first is kept
    assert store.get_review(OTHER, "playing") is None
    store.close()
    again = opener()  # it survives a restart
    assert again.get_review(PLAYER, "playing") == REVIEW
    assert again.delete_finished(PLAYER) == 1 and again.get_review(PLAYER, "playing") is None
    again.close()


# ----- writers at once (two app processes would be two stores) -------------------------------


def test_of_two_writers_at_one_version_exactly_one_succeeds_and_the_log_never_forks(
    opener: Callable[[], Store],
) -> None:
    one, two = opener(), opener()
    one.create_game(new_row("g"))
    start = threading.Barrier(2)

    def append(store: Store, version: int) -> bool:
        row = store.get_game(PLAYER, "g")
        assert row is not None and row.version == version
        start.wait()  # both have read the game at this version before either writes
        return store.append_actions(row, [(f"{id(store)}-{version}", float(version))], time.time())

    for version in range(8):
        with ThreadPoolExecutor(2) as pool:
            won = list(pool.map(append, (one, two), (version, version)))
        assert sorted(won) == [False, True]
    log = one.get_game(PLAYER, "g")
    assert log is not None
    one.load_actions(log)
    assert log.version == 8 and len(log.actions) == 8


def test_expiry_from_several_processes_while_players_start_games_and_save_settings(
    opener: Callable[[], Store],
) -> None:
    """Players with nothing stored are forgotten by several stores at once, while some of them are
    given a first game or settings: those keep what was written (and so they stay), the rest go."""
    stores = [opener() for _ in range(4)]
    players = [f"p{n}".ljust(32, "x") for n in range(30)]
    for player in players:
        stores[0].add_player(player, time.time())
    cutoff = time.time() + 1
    start = threading.Barrier(len(stores) + 2)

    def expire(store: Store) -> int:
        start.wait()
        return sum(store.expire_players(cutoff) for _ in range(5))

    def start_games() -> None:
        start.wait()
        for n, player in enumerate(players[:10]):
            stores[n % 4].create_game(new_row(f"g{n}", player=player))

    def save_settings() -> None:
        start.wait()
        for n, player in enumerate(players[10:20]):
            stores[n % 4].save_settings(player, {"sound": False}, time.time())

    with ThreadPoolExecutor(len(stores) + 2) as pool:
        expired = [pool.submit(expire, store) for store in stores]
        written = [pool.submit(start_games), pool.submit(save_settings)]
        for done in written:
            done.result()
        forgotten = sum(done.result() for done in expired)
    for n, player in enumerate(players[:10]):
        assert stores[0].player_settings(player) == {} and stores[0].get_game(player, f"g{n}") is not None
    assert all(stores[0].player_settings(player) == {"sound": False} for player in players[10:20])
    assert stores[0].expire_players(cutoff) == 0 and all(stores[0].player_settings(p) is None for p in players[20:])
    assert 10 <= forgotten <= 30  # some of the first twenty may have gone before their write made them again


# ----- deals proved winnable -------------------------------------------------------------------


def test_winnable_deals_are_kept_per_level_and_each_handed_out_once(opener: Callable[[], Store]) -> None:
    store, other = opener(), opener()
    assert store.take_winnable(LEVEL) is None and store.count_winnable(LEVEL) == 0
    codes = [f"SP1-S1C-AAAAA{c}D" for c in "ABCDEF"]
    for code in codes:
        store.add_winnable(LEVEL, code, ["1>2", "deal"], "easy")
    store.add_winnable(LEVEL, codes[0], ["1>2"], "hard")  # the same deal again is kept once
    store.add_winnable("spider-2-classic", "SP1-S2C-AAAAAAD", [], "expert")
    assert store.count_winnable(LEVEL) == len(codes) and store.count_winnable("spider-2-classic") == 1
    with ThreadPoolExecutor(4) as pool:
        taken = list(pool.map(lambda s: s.take_winnable(LEVEL), [store, other] * len(codes)))
    handed = [found for found in taken if found is not None]
    # every deal once, none twice, even to two stores at once, with the grade it was kept with
    assert sorted(handed) == [(code, "easy") for code in codes]
    assert store.count_winnable(LEVEL) == 0 and other.take_winnable(LEVEL) is None
    assert store.take_winnable("spider-2-classic") == ("SP1-S2C-AAAAAAD", "expert")


def test_winnable_deals_are_counted_and_handed_out_by_grade(opener: Callable[[], Store]) -> None:
    store = opener()
    for n, grade in enumerate(["easy", "easy", "medium", "expert"]):
        store.add_winnable(LEVEL, f"SP1-S1C-AAAAAA{'BCDE'[n]}", [], grade)
    counts = {grade: store.count_winnable(LEVEL, grade) for grade in ("easy", "medium", "hard", "expert")}
    assert counts == {"easy": 2, "medium": 1, "hard": 0, "expert": 1} and store.count_winnable(LEVEL) == 4
    assert store.take_winnable(LEVEL, "hard") is None
    assert store.take_winnable(LEVEL, "expert") == ("SP1-S1C-AAAAAAE", "expert")
    assert store.take_winnable(LEVEL, "expert") is None and store.count_winnable(LEVEL, "easy") == 2
    assert {store.take_winnable(LEVEL, "easy") for _ in range(2)} == {
        ("SP1-S1C-AAAAAAB", "easy"),
        ("SP1-S1C-AAAAAAC", "easy"),
    }
    assert store.count_winnable(LEVEL) == 1 and store.count_winnable(LEVEL, "medium") == 1
